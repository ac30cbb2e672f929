/**
 * Approvals on DingTalk as interactive cards (`channels.dingtalk.card_template_id`): the request
 * is a card delivered through the card platform's OpenAPI with Allow once / Always / Deny; a
 * press arrives over the stream's card callback topic, passes the allowed-sender check and the
 * real approval broker, is handled once even when redelivered, and the card is updated in place
 * with the decision and who made it. When the card cannot be sent, the one-word reply stays.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAKE_CARD_TEMPLATE, type FakeCard } from '../../helpers/fake-dingtalk.js';
import { OWNER, scriptWrite, useApprovalBox } from './dingtalk-box.js';

const GROUP = 'cid-cards-group';
const STRANGER = 'staff-stranger';
const inGroup = { chat: GROUP, group: true };

describe('DingTalk approval cards', () => {
  const f = useApprovalBox({ dingtalk: { card_template_id: FAKE_CARD_TEMPLATE } });

  /** The model asks to write `target` after `from` says so in `chat`; resolves with the card. */
  async function askToWrite(target: string, after: string, say: { chat?: string; group?: boolean }) {
    scriptWrite(f.box, target, after);
    f.dt.say(OWNER, `write ${target}`, say);
    const event = await f.dt.waitFor(
      (e) => e.kind === 'card' && e.card.params.content?.includes(target) === true,
    );
    return (event as { card: FakeCard }).card;
  }

  const updated = (card: FakeCard, match: (card: FakeCard) => boolean) =>
    f.dt.waitFor((e) => e.kind === 'card-update' && e.card.outTrackId === card.outTrackId && match(e.card));

  const approvalLogLines = () =>
    readFileSync(f.box.app.paths.log, 'utf8')
      .split('\n')
      .filter((line) => line.includes('approval answered from chat'));

  it('a group card: a stranger’s press is refused, the owner’s Allow once runs the command once', async () => {
    const target = join(f.outside, 'allowed.txt');
    const card = await askToWrite(target, 'written it', inGroup);
    expect(card.request).toMatchObject({
      cardTemplateId: FAKE_CARD_TEMPLATE,
      callbackType: 'STREAM',
      openSpaceId: `dtv1.card//IM_GROUP.${GROUP}`,
      imGroupOpenDeliverModel: { robotCode: f.dt.clientId },
    });
    expect(card.params).toMatchObject({
      pending: 'true',
      button0: 'Allow once',
      button1: 'Always',
      button2: 'Deny',
    });
    expect(card.params.content).toContain('Your approval is needed: write_file');

    f.dt.press(STRANGER, card.outTrackId, '0');
    await updated(card, (c) => c.privateParams[STRANGER]?.notice?.includes(STRANGER) === true);
    expect(existsSync(target)).toBe(false);
    expect(card.params.pending).toBe('true');

    const press = f.dt.press(OWNER, card.outTrackId, '0');
    f.dt.resend(press.frame); // DingTalk redelivering a callback it thinks was lost
    await updated(card, (c) => c.params.pending === 'false');
    expect(card.params.content).toContain(`Allowed once by dingtalk:${OWNER}`);
    await f.dt.waitForReply(GROUP, 'written it');
    expect(readFileSync(target, 'utf8')).toBe('x');
    // Both deliveries were ACKed, and the answer was taken once.
    await f.dt.waitFor((e) => e.kind === 'ack' && e.messageId === press.frameId);
    expect(f.dt.events.filter((e) => e.kind === 'ack' && e.messageId === press.frameId)).toHaveLength(2);
    expect(card.privateParams[OWNER]?.notice).toBe('Got it');
    expect(approvalLogLines().filter((line) => line.includes(`dingtalk:${OWNER}`))).toHaveLength(1);
    // No one-word hint: the card's buttons are the way to answer.
    expect(
      f.dt.replies
        .filter((r) => r.chatId === GROUP)
        .map((r) => r.text)
        .join('\n'),
    ).not.toContain('allow / 同意');
  });

  it('a one-to-one card: Deny refuses, and a later press on the decided card changes nothing', async () => {
    const target = join(f.outside, 'denied.txt');
    const card = await askToWrite(target, 'did not write', {});
    expect(card.request).toMatchObject({
      openSpaceId: `dtv1.card//IM_ROBOT.${OWNER}`,
      imRobotOpenDeliverModel: { spaceType: 'IM_ROBOT', robotCode: f.dt.clientId },
    });
    f.dt.press(OWNER, card.outTrackId, '2');
    await updated(card, (c) => c.params.pending === 'false');
    expect(card.params.content).toContain(`Denied by dingtalk:${OWNER}`);
    await f.dt.waitForReply(`cid-${OWNER}`, 'did not write');
    expect(existsSync(target)).toBe(false);

    f.dt.press(OWNER, card.outTrackId, '0');
    await updated(card, (c) => c.privateParams[OWNER]?.notice === 'Someone has already decided');
    expect(existsSync(target)).toBe(false);
  });

  it('ignores a press on a card it did not send, and a callback that does not fit', async () => {
    const requests = f.box.llm.requests.length;
    f.dt.press(OWNER, 'someone-elses-card', '0');
    const bad = f.dt.push({ not: 'a robot message' });
    f.box.llm.script({ text: 'still fine' });
    f.dt.say(OWNER, 'ok?');
    await f.dt.waitForReply(`cid-${OWNER}`, 'still fine');
    await f.dt.waitFor((e) => e.kind === 'ack' && e.messageId === bad);
    expect(f.box.llm.requests.length).toBe(requests + 1);
  });

  it('falls back to the one-word reply when the card cannot be sent', async () => {
    const target = join(f.outside, 'fallback.txt');
    f.dt.failOpenApi(500, 1);
    scriptWrite(f.box, target, 'wrote the fallback', 'y');
    f.dt.say(OWNER, `write ${target}`, inGroup);
    const request = await f.dt.waitForReply(GROUP, target);
    expect(request.text).toContain('allow / 同意');
    f.dt.say(OWNER, 'allow', inGroup);
    await f.dt.waitForReply(GROUP, `Allowed once by dingtalk:${OWNER}`);
    await f.dt.waitForReply(GROUP, 'wrote the fallback');
    expect(readFileSync(target, 'utf8')).toBe('y');
    expect(readFileSync(f.box.app.paths.log, 'utf8')).toContain(
      'sending approval buttons failed; asking for a one-word reply instead',
    );
  });
});
