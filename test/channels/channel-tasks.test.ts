/**
 * What every channel shares, seen through Telegram: a scheduled task posts its result to its
 * `notify` chat (set by the model in that chat, by `/notify`, by the API), a chat that is not
 * allowed is refused as a target, a task's run may ask its chat for approval, pairing from the
 * page's API, and fixed strings in the language of the sender's message.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/errors.js';
import { buildSchedule } from '../../src/tasks/build-schedule.js';
import type { RecordedRequest } from '../helpers/fake-llm.js';
import type { FakeTelegram, SentMessage } from '../helpers/fake-telegram.js';
import { type Box, personCookie, startBox } from '../server/harness.js';
import { OWNER, startTelegramBox, waitForText as waitForTextIn } from './telegram/telegram-box.js';

describe('channels and scheduled tasks', () => {
  let tg: FakeTelegram;
  let box: Box;
  let outside: string;

  beforeAll(async () => {
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'aibox-outside-')));
    ({ tg, box } = await startTelegramBox({ safety: { approval_timeout_s: 60 } }, { scheduler: true }));
  });
  afterAll(async () => {
    await box?.close();
    await tg?.close();
    rmSync(outside, { recursive: true, force: true });
  });

  const waitForText = (chat: number, text: string) => waitForTextIn(tg, chat, text);
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${box.server.url}/api${path}`, {
      ...init,
      headers: {
        'content-type': 'application/json',
        cookie: personCookie(box.server.url) ?? '',
        ...init.headers,
      },
    });
  const immediate = () => buildSchedule({ immediate: true }, { now: new Date(), lang: 'en' });
  const hasToolResult = (request: RecordedRequest) =>
    (request.body.messages as { role: string }[]).some((m) => m.role === 'tool');

  it('"remind me" in a chat makes a task that posts its result back to that chat', async () => {
    // Chat and task run concurrently, so each answer is chosen by what the request holds.
    const answer = (request: RecordedRequest) => {
      if (hasToolResult(request)) return { text: 'Reminder set.' };
      if (JSON.stringify(request.body.messages).includes('stand up and stretch'))
        return { text: 'Time to stretch!' };
      return {
        toolCalls: [
          {
            name: 'memo',
            arguments: {
              action: 'add',
              title: 'Stretch',
              content: 'stand up and stretch',
              is_immediate: true,
            },
          },
        ],
      };
    };
    box.llm.script(answer, answer, answer);
    tg.say(OWNER, 'remind me to stretch');
    const posted = await waitForText(OWNER, 'Time to stretch');
    expect(posted.text).toMatch(/Task \\#\d+ "Stretch" finished/);
    const task = box.app.tasks.list({ includeCompleted: true }).find((t) => t.title === 'Stretch');
    expect(task?.notify).toBe(`telegram:${OWNER}`);
  });

  it('refuses a notify chat that is not allowed, from the store, the API and /notify', async () => {
    const stranger = 'telegram:7777';
    let refused: unknown;
    try {
      box.app.tasks.add({ title: 'leak', schedule: immediate(), notify: stranger });
    } catch (error) {
      refused = error;
    }
    expect(isAppError(refused, 'bad_notify')).toBe(true);
    expect(String((refused as Error).message)).toContain('not an allowed chat');

    const viaApi = await api('/tasks', {
      method: 'POST',
      body: JSON.stringify({ title: 'leak', kind: 'once', at: '2099-01-01T09:00:00Z', notify: stranger }),
    });
    expect(viaApi.status).toBe(400);
    expect(((await viaApi.json()) as { error: { code: string } }).error.code).toBe('bad_notify');
    const badForm = await api('/tasks', {
      method: 'POST',
      body: JSON.stringify({ title: 'x', kind: 'once', at: '2099-01-01T09:00:00Z', notify: 'fax:1' }),
    });
    expect(((await badForm.json()) as { error: { message: string } }).error.message).toContain(
      'expected "<channel>:<chat id>"',
    );

    // An allowed chat is taken, and /notify in the chat can point it here or switch it off.
    const created = await api('/tasks', {
      method: 'POST',
      body: JSON.stringify({ title: 'later', kind: 'once', at: '2099-01-01T09:00:00Z' }),
    });
    const { id } = (await created.json()) as { id: number };
    const patched = await api(`/tasks/${id}`, {
      method: 'PATCH',
      body: JSON.stringify({ notify: `telegram:${OWNER}` }),
    });
    expect(((await patched.json()) as { notify: string }).notify).toBe(`telegram:${OWNER}`);
    tg.say(OWNER, `/notify ${id} off`);
    await waitForText(OWNER, `Task \\#${id} no longer posts`);
    expect(box.app.tasks.get(id)?.notify).toBeNull();
    tg.say(OWNER, `/notify ${id} here`);
    await waitForText(OWNER, `Task \\#${id} will post its results to telegram:${OWNER}`);
    expect(box.app.tasks.get(id)?.notify).toBe(`telegram:${OWNER}`);
    tg.say(OWNER, `/notify ${id} ${stranger}`);
    await waitForText(OWNER, 'not an allowed chat');
    expect(box.app.tasks.get(id)?.notify).toBe(`telegram:${OWNER}`);
  });

  it("a task's run asks its notify chat for approval; Allow once lets the command run", async () => {
    const target = join(outside, 'from-task.txt');
    const answer = (request: RecordedRequest) =>
      hasToolResult(request)
        ? { text: 'Wrote the report.' }
        : { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'report' } }] };
    box.llm.script(answer, answer);
    const task = box.app.tasks.add({
      title: 'Report',
      content: 'write the report',
      schedule: immediate(),
      notify: `telegram:${OWNER}`,
    });
    const call = await tg.waitForCall(
      (c) =>
        c.method === 'sendMessage' &&
        c.body.reply_markup !== undefined &&
        String(c.body.text).includes(target),
    );
    expect(String(call.body.text)).toContain(`Task \\#${task.id} "Report" is running and asks`);
    const message = [...tg.messages.values()].find((m) => m.text === call.body.text) as SentMessage;
    const allow = message.replyMarkup.inline_keyboard[0][0].callback_data as string;
    tg.press(OWNER, message.messageId, allow);
    await waitForText(OWNER, 'Wrote the report');
    expect(readFileSync(target, 'utf8')).toBe('report');
    const [run] = box.app.tasks.runs(task.id);
    expect(run?.status).toBe('complete');
    expect(run?.denied).toEqual([]);
  });

  it('a task without a notify chat still cannot ask anyone: its steps are denied', async () => {
    const target = join(outside, 'unattended.txt');
    const answer = (request: RecordedRequest) =>
      hasToolResult(request)
        ? { text: 'Could not write.' }
        : { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'x' } }] };
    box.llm.script(answer, answer);
    const task = box.app.tasks.add({ title: 'Quiet', content: 'write quietly', schedule: immediate() });
    await box.app.scheduler?.idle();
    await expect.poll(() => box.app.tasks.runs(task.id)[0]?.status).toBe('complete');
    expect(box.app.tasks.runs(task.id)[0]?.denied[0]?.how).toBe('unattended');
    expect(existsSync(target)).toBe(false);
  });

  it('pairs a sender with a code made through the page API, lists and removes them', async () => {
    const newcomer = 7301;
    // Only the box's own page may make a code: another site's request is refused before the route.
    const crossSite = await api('/channels/pair', {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    const made = await api('/channels/pair', { method: 'POST' });
    expect(made.status).toBe(201);
    const { code, expiresAt } = (await made.json()) as { code: string; expiresAt: string };
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    tg.say(newcomer, code);
    await waitForText(newcomer, 'Paired');

    type Listing = { channels: { name: string; paired: string[]; allowedIds: string[] }[] };
    const listed = (await (await api('/channels')).json()) as Listing;
    const telegram = listed.channels.find((c) => c.name === 'telegram');
    expect(telegram?.paired).toContain(String(newcomer));
    expect(telegram?.allowedIds).toEqual([String(OWNER)]);

    const removed = await api(`/channels/telegram/senders/${newcomer}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    const again = await api(`/channels/telegram/senders/${newcomer}`, { method: 'DELETE' });
    expect(again.status).toBe(404);
    const before = box.llm.requests.length;
    tg.say(newcomer, 'still there?');
    await waitForText(newcomer, 'does not take messages');
    expect(box.llm.requests.length).toBe(before);
  });

  it('stops posting to a chat whose sender was unpaired after the target was set', async () => {
    const sender = 7501;
    expect(box.app.senders.redeem('telegram', String(sender), box.app.senders.newCode(60_000))).toBe(true);
    const task = box.app.tasks.add({
      title: 'Gone',
      content: 'say the secret plan',
      schedule: buildSchedule({ at: '2099-01-01T09:00:00Z' }, { now: new Date(), lang: 'en' }),
      notify: `telegram:${sender}`,
    });
    expect((await api(`/channels/telegram/senders/${sender}`, { method: 'DELETE' })).status).toBe(200);
    box.llm.script({ text: 'the secret plan' });
    box.app.tasks.update(task.id, { schedule: immediate() });
    await expect.poll(() => box.app.tasks.runs(task.id)[0]?.status).toBe('complete');
    await expect
      .poll(() => readFileSync(box.app.paths.log, 'utf8'))
      .toContain('the chat of this task is no longer allowed');
    expect(tg.calls.some((c) => String(c.body.chat_id) === String(sender))).toBe(false);
    expect(box.app.tasks.get(task.id)?.notify).toBe(`telegram:${sender}`);
  });

  it("answers in the sender's language: zh for mostly-CJK messages, en otherwise", async () => {
    tg.say(7401, '你好，请帮我看看服务器');
    const zh = await waitForText(7401, '抱歉');
    expect(zh.text).toContain('7401');
    tg.say(7402, 'hello, can you check the server');
    await waitForText(7402, 'Sorry');

    // The owner writes Chinese: the queue notice and a later command follow that language.
    box.llm.script({ text: '好的' });
    tg.say(OWNER, '帮我看一下 ls 的输出');
    await waitForText(OWNER, '好的');
    tg.say(OWNER, '/new');
    await waitForText(OWNER, '开始新对话');
  });

  it("a stranger's message in a group does not change the language the group is answered in", async () => {
    const group = -100777;
    const inGroup = (from: number, text: string) => ({
      message: {
        message_id: 1,
        date: 0,
        chat: { id: group, type: 'supergroup', title: 'team' },
        from: { id: from, is_bot: false, first_name: `user${from}` },
        text,
      },
    });
    box.llm.script({ text: '好的，看过了' });
    tg.push(inGroup(OWNER, '@aibox_test_bot 你好，请帮我看看服务器'));
    await waitForText(group, '好的，看过了');
    tg.push(inGroup(7601, '@aibox_test_bot hello there, please let me in'));
    await waitForText(group, 'Sorry');
    tg.push(inGroup(OWNER, '/new@aibox_test_bot'));
    await waitForText(group, '开始新对话');
  });
  it('a run its pre-check skipped posts nothing to its chat and calls no model; the next run posts as usual', async () => {
    const requests = box.llm.requests.length;
    const notify = `telegram:${OWNER}`;
    const skipped = new Promise<void>((resolve) => {
      const stop = box.app.scheduler?.onEvent((event) => {
        if (event.type === 'run_ended' && event.outcome.skipped) {
          stop?.();
          resolve();
        }
      });
    });
    box.app.tasks.add({ title: 'Quiet check', schedule: immediate(), notify, when: 'echo fine; exit 1' });
    await skipped;
    box.llm.script({ text: 'Loud check ran' });
    box.app.tasks.add({ title: 'Loud check', schedule: immediate(), notify });
    await waitForText(OWNER, 'Loud check ran');
    expect(box.llm.requests.length).toBe(requests + 1);
    expect([...tg.messages.values()].some((m) => String(m.text).includes('Quiet check'))).toBe(false);
  });
});

describe('a task whose chat is on a channel that is not running', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox({ scheduler: true });
  });
  afterAll(async () => {
    await box?.close();
  });

  it('is logged, keeps its target and its result in the run record', async () => {
    const code = box.app.senders.newCode(60_000);
    expect(box.app.senders.redeem('telegram', '5150', code)).toBe(true);
    box.llm.script({ text: 'nobody will read this here' });
    const task = box.app.tasks.add({
      title: 'Offline',
      content: 'say something',
      schedule: buildSchedule({ immediate: true }, { now: new Date(), lang: 'en' }),
      notify: 'telegram:5150',
    });
    await expect.poll(() => box.app.tasks.runs(task.id)[0]?.status).toBe('complete');
    expect(box.app.tasks.runs(task.id)[0]?.answer).toBe('nobody will read this here');
    expect(box.app.tasks.get(task.id)?.notify).toBe('telegram:5150');
    await expect
      .poll(() => readFileSync(box.app.paths.log, 'utf8'))
      .toContain('on a channel that is not running');
  });
});
