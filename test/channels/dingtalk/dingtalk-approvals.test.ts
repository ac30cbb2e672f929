/**
 * Approvals from DingTalk by a one-word reply: the model's write_file outside the workspace
 * waits for a person; the chat is told which words answer; the next message in that chat
 * from an allowed sender that is exactly one of them answers the real approval broker, and
 * the decision and who made it are posted (DingTalk cannot edit the request in place).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OWNER, scriptWrite, useApprovalBox } from './dingtalk-box.js';

const GROUP = 'cid-approvals-group';
const STRANGER = 'staff-stranger';
const inGroup = { chat: GROUP, group: true };

describe('DingTalk approvals', () => {
  const f = useApprovalBox();

  /** The model asks to write `target`; resolves with the request as posted in the group. */
  async function askToWrite(target: string, after: string): Promise<string> {
    scriptWrite(f.box, target, after);
    f.dt.say(OWNER, `write ${target}`, inGroup);
    return (await f.dt.waitForReply(GROUP, target)).text;
  }

  it('同意 from the owner allows once; a stranger’s word decides nothing; the decision is posted', async () => {
    const target = join(f.outside, 'allowed.txt');
    const request = await askToWrite(target, 'written it');
    expect(request).toContain('allow / 同意');
    expect(request).toContain('always / 总是');
    expect(request).toContain('deny / 拒绝');

    f.dt.say(STRANGER, '同意', inGroup);
    await f.dt.waitForReply(GROUP, STRANGER); // the one polite refusal
    expect(existsSync(target)).toBe(false);

    const requests = f.box.llm.requests.length;
    // Answered in Chinese, so the decision is said in Chinese (replies follow the sender's language).
    f.dt.say(OWNER, ' 同意 ', inGroup);
    await f.dt.waitForReply(GROUP, `✅ 已允许一次（dingtalk:${OWNER}）`);
    await f.dt.waitForReply(GROUP, 'written it');
    expect(readFileSync(target, 'utf8')).toBe('x');
    // The word answered the approval; it never reached the model as a message.
    expect(
      JSON.stringify(f.box.llm.requests.slice(requests).map((r) => r.body.messages.at(-1))),
    ).not.toContain('同意');
  });

  it('deny (any case) refuses; the same word later, with nothing waiting, is an ordinary message', async () => {
    const target = join(f.outside, 'denied.txt');
    await askToWrite(target, 'did not write');
    f.dt.say(OWNER, 'DENY', inGroup);
    await f.dt.waitForReply(GROUP, `Denied by dingtalk:${OWNER}`);
    await f.dt.waitForReply(GROUP, 'did not write');
    expect(existsSync(target)).toBe(false);

    f.box.llm.script({ text: 'deny what?' });
    f.dt.say(OWNER, 'deny', inGroup);
    await f.dt.waitForReply(GROUP, 'deny what?');
    expect(f.box.llm.requests.at(-1)?.body.messages.at(-1).content).toBe('deny');
  });
});
