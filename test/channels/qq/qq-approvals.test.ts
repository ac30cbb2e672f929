/**
 * Approvals from QQ: the model's write_file outside the workspace waits for a person. Without
 * keyboard rights (the default) the request names the words that answer it and the decision is
 * posted as a reply; with `keyboard` the request is Markdown with callback buttons, a press is
 * acknowledged (`PUT /interactions/{id}`) and answered as a reply to the press, and a stranger's
 * press decides nothing (that box also answers in native Markdown). QQ edits only streams, so a
 * decision is posted as a new reply through the outbox: one whose send failed is kept and re-posted
 * when the chat next writes.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeQq, FakeQqEvent } from '../../helpers/fake-qq.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startQqBox } from './qq-box.js';

const STRANGER = 'STRANGER000000000000000000000001';

function useQqApprovalBox(qq: Record<string, unknown>) {
  const f = {} as { fake: FakeQq; box: Box; outside: string };
  beforeAll(async () => {
    f.outside = realpathSync(mkdtempSync(join(tmpdir(), 'aibox-outside-')));
    Object.assign(f, await startQqBox({ safety: { approval_timeout_s: 60 } }, {}, qq));
  });
  afterAll(async () => {
    await f.box?.close();
    await f.fake?.close();
    if (f.outside) rmSync(f.outside, { recursive: true, force: true });
  });
  return f;
}

function scriptWrite(box: Box, target: string, after: string): void {
  box.llm.script(
    { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] },
    { text: after },
  );
}

describe('QQ approvals by a one-word reply', () => {
  const f = useQqApprovalBox({});

  it('同意 from the owner allows once, as replies to the owner’s messages', async () => {
    const target = join(f.outside, 'allowed.txt');
    scriptWrite(f.box, target, 'written it');
    f.fake.say(OWNER, `write ${target}`);
    const request = await f.fake.waitForReply(OWNER, target);
    expect(request.text).toContain('allow / 同意');
    expect(request.body.keyboard).toBeUndefined();
    const answer = f.fake.say(OWNER, '同意');
    const decided = await f.fake.waitForReply(OWNER, `✅ 已允许一次（qq:${OWNER}）`);
    expect(decided.source).toBe(answer);
    await f.fake.waitForReply(OWNER, 'written it');
    expect(readFileSync(target, 'utf8')).toBe('x');
  });
});

describe('QQ approvals with keyboard buttons', () => {
  const f = useQqApprovalBox({ keyboard: true, markdown: true });

  it('subscribes to button presses, sends Markdown with callback buttons, and takes the owner’s press', async () => {
    const identify = f.fake.events.find((e) => e.kind === 'identify') as Extract<
      FakeQqEvent,
      { kind: 'identify' }
    >;
    expect(identify.d.intents).toBe((1 << 25) | (1 << 26));
    const target = join(f.outside, 'pressed.txt');
    scriptWrite(f.box, target, 'wrote after the press');
    f.fake.say(OWNER, `write ${target}`);
    const request = await f.fake.waitForReply(OWNER, target);
    expect(request.body.msg_type).toBe(2);
    const buttons = request.body.keyboard.content.rows[0].buttons;
    expect(buttons.map((b: { render_data: { label: string } }) => b.render_data.label)).toEqual([
      'Allow once',
      'Always',
      'Deny',
    ]);
    expect(buttons[0].action.type).toBe(1);

    const strangerPress = f.fake.press(STRANGER, buttons[0].action.data);
    await f.fake.waitFor((e) => e.kind === 'interaction-ack' && e.id === strangerPress);
    const refusal = await f.fake.waitForReply(STRANGER, 'does not take messages');
    expect(refusal.source).toBe(strangerPress);
    expect(existsSync(target)).toBe(false);

    const press = f.fake.press(OWNER, buttons[0].action.data);
    await f.fake.waitFor((e) => e.kind === 'interaction-ack' && e.id === press && e.code === 0);
    await f.fake.waitForReply(OWNER, `Allowed once by qq:${OWNER}`);
    const answer = await f.fake.waitForReply(OWNER, 'wrote after the press');
    // With `markdown` a direct answer streams (Markdown), ending as one stream reply.
    expect(answer.body).toMatchObject({
      content_type: 'markdown',
      input_state: 10,
      content_raw: 'wrote after the press',
    });
    expect(readFileSync(target, 'utf8')).toBe('x');
  });
});

describe('QQ approvals with Markdown (answers stream; other messages cannot be edited)', () => {
  const f = useQqApprovalBox({ markdown: true });
  const log = () => readFileSync(f.box.app.paths.log, 'utf8');

  it('posts the decision through the outbox: a failed send is kept and re-posted when the chat writes again', async () => {
    const target = join(f.outside, 'retried.txt');
    scriptWrite(f.box, target, 'wrote it after the yes');
    f.fake.say(OWNER, `write ${target}`);
    const request = await f.fake.waitForReply(OWNER, target);
    expect(request.body.msg_type).toBe(2);

    f.fake.failReplies(503);
    f.fake.say(OWNER, 'allow');
    const failed = await f.fake.waitFor((e) => e.kind === 'failed');
    expect(failed).toMatchObject({ chatId: OWNER, status: 503 });
    expect((failed as { text: string }).text).toContain(`Allowed once by qq:${OWNER}`);
    await f.fake.waitForReply(OWNER, 'wrote it after the yes');
    expect(readFileSync(target, 'utf8')).toBe('x');
    await expect.poll(() => log().includes('kept in the outbox')).toBe(true);
    expect(f.fake.replies.some((r) => r.text.includes('Allowed once'))).toBe(false);

    // Anything from the platform says it is back: what waits goes out first, as a reply to it.
    f.box.llm.script({ text: 'nothing else' });
    const next = f.fake.say(OWNER, 'anything else?');
    const decided = await f.fake.waitForReply(OWNER, `Allowed once by qq:${OWNER}`);
    expect(decided.source).toBe(next);
    expect(decided.body).toMatchObject({ msg_type: 2 });
    await f.fake.waitForReply(OWNER, 'nothing else');
    expect(f.fake.replies.filter((r) => r.text.includes('Allowed once'))).toHaveLength(1);
  });
});
