/**
 * Approvals from DingTalk by a one-word reply: the model's write_file outside the workspace
 * waits for a person; the chat is told which words answer; the next message in that chat
 * from an allowed sender that is exactly one of them answers the real approval broker, and
 * the decision and who made it are posted (DingTalk cannot edit the request in place). With two
 * requests waiting (the chat's turn and a run of a task that reports there) a bare word decides
 * nothing: the chat is told which wait, by number, and a word with a number decides that one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/tasks/build-schedule.js';
import type { RecordedRequest } from '../../helpers/fake-llm.js';
import { OWNER, scriptWrite, useApprovalBox } from './dingtalk-box.js';

const GROUP = 'cid-approvals-group';
const STRANGER = 'staff-stranger';
const inGroup = { chat: GROUP, group: true };

describe('DingTalk approvals', () => {
  const f = useApprovalBox({ scheduler: true });

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

  const codeOf = (text: string) => /Request (\d{3})\./.exec(text)?.[1] as string;
  /** A number no request shown in the chat so far has had (numbers are drawn at random). */
  const unusedCode = (chat: string) => {
    const shown = f.dt.replies
      .filter((r) => r.chatId === chat)
      .flatMap((r) => [...r.text.matchAll(/(?:Request|请求编号) (\d{3})[.。]/g)].map((m) => m[1]));
    return Array.from({ length: 900 }, (_, i) => String(100 + i)).find((n) => !shown.includes(n)) as string;
  };

  it('asks which request a bare word means, and decides only the one named', async () => {
    const fromTurn = join(f.outside, 'from-turn.txt');
    const fromTask = join(f.outside, 'from-task.txt');
    const write = (filepath: string) => ({
      toolCalls: [{ name: 'write_file', arguments: { filepath, content: 'x' } }],
    });
    // The chat's turn and the task's run ask the model concurrently: answer by what each request holds.
    const answer = (request: RecordedRequest) => {
      const said = JSON.stringify(request.body.messages);
      const answered = request.body.messages.at(-1)?.role === 'tool';
      if (said.includes('write the task file')) return answered ? { text: 'task done' } : write(fromTask);
      if (said.includes('write the turn file')) return answered ? { text: 'turn done' } : write(fromTurn);
      return { text: 'hello there' };
    };
    f.box.llm.script(answer, answer, answer, answer, answer);

    // The owner talks in the group first: it becomes a chat a task may report to.
    f.dt.say(OWNER, 'hi', inGroup);
    await f.dt.waitForReply(GROUP, 'hello there');

    f.dt.say(OWNER, 'write the turn file', inGroup);
    const turnCode = codeOf((await f.dt.waitForReply(GROUP, fromTurn)).text);
    const task = f.box.app.tasks.add({
      title: 'Nightly',
      content: 'write the task file',
      schedule: buildSchedule({ immediate: true }, { now: new Date(), lang: 'en' }),
      notify: `dingtalk:${GROUP}`,
    });
    const taskRequest = (await f.dt.waitForReply(GROUP, fromTask)).text;
    expect(taskRequest).toContain(`Task #${task.id} "Nightly" is running and asks`);
    const taskCode = codeOf(taskRequest);
    expect(turnCode).toMatch(/^\d{3}$/);
    expect(taskCode).toMatch(/^\d{3}$/);
    expect(taskCode).not.toBe(turnCode);

    // Two wait: a bare word is not guessed; the chat is told both numbers.
    f.dt.say(OWNER, 'allow', inGroup);
    const which = await f.dt.waitForReply(GROUP, 'More than one request is waiting');
    expect(which.text).toContain(`${turnCode}: write_file`);
    expect(which.text).toContain(`${taskCode}: write_file`);
    expect(existsSync(fromTurn)).toBe(false);
    expect(existsSync(fromTask)).toBe(false);

    // A number that names no waiting request decides nothing either. It must be one the chat never
    // had: a number decided there (the earlier tests') is said to be decided instead.
    const wrong = unusedCode(GROUP);
    f.dt.say(OWNER, `allow ${wrong}`, inGroup);
    await f.dt.waitForReply(GROUP, `No waiting request has the number ${wrong}`);

    // With its number, the word decides that request only (the Chinese word, no space).
    f.dt.say(OWNER, `同意${taskCode}`, inGroup);
    const decided = await f.dt.waitForReply(GROUP, `请求 ${taskCode}\n`);
    expect(decided.text).toContain(`✅ 已允许一次（dingtalk:${OWNER}）`);
    await f.dt.waitForReply(GROUP, 'task done');
    expect(readFileSync(fromTask, 'utf8')).toBe('x');
    expect(existsSync(fromTurn)).toBe(false);

    // One request left, and the owner has written since the last one was shown: a bare word decides it.
    f.dt.say(OWNER, 'deny', inGroup);
    const denied = await f.dt.waitForReply(GROUP, `Request ${turnCode}\n`);
    expect(denied.text).toContain(`Denied by dingtalk:${OWNER}`);
    await f.dt.waitForReply(GROUP, 'turn done');
    expect(existsSync(fromTurn)).toBe(false);

    // A number already decided is said to be decided, not applied to anything else.
    f.dt.say(OWNER, `allow ${taskCode}`, inGroup);
    await f.dt.waitForReply(GROUP, `Request ${taskCode}: Someone has already decided`);
    expect(
      f.box.llm.requests.some((r) => JSON.stringify(r.body.messages).includes(`allow ${taskCode}`)),
    ).toBe(false);
  });

  it('a request that never reached the chat is not answered there by a bare word', async () => {
    const chat = 'cid-unsent-group';
    // The webhook has expired: every send goes through the OpenAPI, whose next call fails.
    const here = { chat, group: true, webhookExpiresAt: Date.now() - 1 };
    const target = join(f.outside, 'never-shown.txt');
    scriptWrite(f.box, target, 'should not write');
    f.dt.failOpenApi(503, 1);
    f.dt.say(OWNER, `write ${target}`, here);
    await f.dt.waitFor((e) => e.kind === 'openapi-refused' && e.status === 503);
    await expect
      .poll(() => readFileSync(f.box.app.paths.log, 'utf8'))
      .toContain('sending an approval request to the chat failed');

    // The owner never saw a request: their "allow" is a message (queued behind the waiting turn).
    f.dt.say(OWNER, 'allow', here);
    await f.dt.waitForReply(chat, 'Queued behind 1 turn');
    expect(existsSync(target)).toBe(false);
    f.dt.say(OWNER, '/stop', here);
    await f.dt.waitForReply(chat, 'stopped');
  });
});
