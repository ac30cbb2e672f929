/**
 * Approvals from WeCom: the model's write_file outside the workspace waits for a person. The
 * request is posted in full, then a template card with buttons; a press from an allowed member
 * answers the real approval broker and replaces the card (with the press's req_id) by the
 * decision; a stranger's press decides nothing and shows them the refusal on their card. When
 * the card cannot be sent, the request is answered by a reply word.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeCard, FakeWeCom } from '../../helpers/fake-wecom.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startWeComBox } from './wecom-box.js';

const GROUP = 'wrapprovals01';
const STRANGER = 'stranger-qian';

describe('WeCom approvals', () => {
  let wc: FakeWeCom;
  let box: Box;
  let outside: string;

  beforeAll(async () => {
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'aibox-outside-')));
    ({ wc, box } = await startWeComBox({ safety: { approval_timeout_s: 60 } }));
  });
  afterAll(async () => {
    await box?.close();
    await wc?.close();
    if (outside) rmSync(outside, { recursive: true, force: true });
  });

  /** The model asks to write `target`; resolves with the card shown in the group. */
  async function askToWrite(target: string, after: string): Promise<FakeCard> {
    box.llm.script(
      { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] },
      { text: after },
    );
    const cards = wc.cards.size;
    wc.say(OWNER, `@Aibox write ${target}`, { group: GROUP });
    await wc.waitForText(GROUP, target); // the request in full, as Markdown
    const event = await wc.waitFor((e) => e.kind === 'card' && wc.cards.size > cards);
    return (event as { card: FakeCard }).card;
  }

  it('a press of Allow once decides; a stranger’s press decides nothing; the card shows the decision', async () => {
    const target = join(outside, 'allowed.txt');
    const { taskId, card } = await askToWrite(target, 'written it');
    expect(card.card_type).toBe('button_interaction');
    expect(card.main_title.title).toContain('write_file');
    expect(card.button_list.map((b: { text: string }) => b.text)).toEqual(['Allow once', 'Always', 'Deny']);

    wc.press(STRANGER, taskId, 'b0', GROUP);
    const refused = await wc.waitFor((e) => e.kind === 'card-update' && e.userids?.[0] === STRANGER);
    expect(refused.kind === 'card-update' && refused.card.sub_title_text).toContain('does not take messages');
    expect(existsSync(target)).toBe(false);

    wc.press(OWNER, taskId, 'b0', GROUP);
    const decided = await wc.waitFor((e) => e.kind === 'card-update' && e.userids === undefined);
    expect(decided.kind === 'card-update' && decided.card).toMatchObject({
      card_type: 'text_notice',
      task_id: taskId,
      sub_title_text: `✅ Allowed once by wecom:${OWNER}`,
    });
    await wc.waitForText(GROUP, 'written it');
    expect(readFileSync(target, 'utf8')).toBe('x');

    // A late press: told on the card that someone decided.
    wc.press(OWNER, taskId, 'b2', GROUP);
    const late = await wc.waitFor(
      (e) => e.kind === 'card-update' && e.card.sub_title_text === 'Someone has already decided',
    );
    expect(late.kind === 'card-update' && late.userids).toEqual([OWNER]);
  });

  it('a press on a card the box did not send, or with an unknown key, is ignored', async () => {
    const target = join(outside, 'denied.txt');
    const { taskId } = await askToWrite(target, 'did not write');
    wc.press(OWNER, 'aibox-not-ours', 'b0', GROUP);
    wc.press(OWNER, taskId, 'b7', GROUP);
    wc.press(OWNER, taskId, 'b2', GROUP);
    await wc.waitFor((e) => e.kind === 'card-update' && e.taskId === taskId && e.userids === undefined);
    await wc.waitForText(GROUP, 'did not write');
    expect(existsSync(target)).toBe(false);
    expect(wc.events.filter((e) => e.kind === 'card-update' && e.taskId === 'aibox-not-ours')).toHaveLength(
      0,
    );
  });

  it('falls back to a reply word when the card cannot be sent', async () => {
    const target = join(outside, 'by-word.txt');
    wc.refuseCards(1);
    box.llm.script(
      { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] },
      { text: 'written by word' },
    );
    wc.say(OWNER, `write ${target}`);
    const request = await wc.waitForText(OWNER, 'allow / 同意');
    expect(request.text).toContain(target);
    wc.say('stranger-sun', '同意');
    await wc.waitForText('stranger-sun', 'stranger-sun');
    expect(existsSync(target)).toBe(false);
    wc.say(OWNER, ' 同意 ');
    await wc.waitForText(OWNER, `✅ 已允许一次（wecom:${OWNER}）`);
    await wc.waitForText(OWNER, 'written by word');
    expect(readFileSync(target, 'utf8')).toBe('x');
  });
});
