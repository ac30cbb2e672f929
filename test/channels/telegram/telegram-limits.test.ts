/**
 * The channel core's limits, seen through Telegram: a flood of strangers costs a bounded
 * number of log lines and refusals; what could not be delivered while Telegram was unreachable
 * (a task's result, an answer) waits in the persisted outbox and is posted once, in order, when
 * the channel is back.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSchedule } from '../../../src/tasks/build-schedule.js';
import type { FakeTelegram } from '../../helpers/fake-telegram.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startTelegramBox, waitForText } from './telegram-box.js';

describe('Telegram channel limits', () => {
  let tg: FakeTelegram;
  let box: Box;

  beforeAll(async () => {
    ({ tg, box } = await startTelegramBox(
      {
        channels: {
          strangers: { log_per_minute: 3, refusals_per_minute: 2 },
          outbox: { max_messages: 2 },
        },
      },
      { scheduler: true },
    ));
  });
  afterAll(async () => {
    await box?.close();
    await tg?.close();
  });

  it('a flood of strangers gets a bounded number of refusals and log lines', async () => {
    const strangers = Array.from({ length: 40 }, (_, i) => 9000 + i);
    for (const stranger of strangers) tg.say(stranger, 'let me in');
    for (let i = 0; i < 20; i++) tg.say(strangers[0] as number, `let me in, take ${i}`);
    const refusals = () =>
      tg.calls.filter((c) => c.method === 'sendMessage' && Number(c.body.chat_id) >= 9000);
    const strangerLines = () =>
      readFileSync(box.app.paths.log, 'utf8')
        .split('\n')
        .filter((line) => line.includes('sender who is not allowed'));
    await expect.poll(() => refusals().length).toBe(2);
    await expect.poll(() => strangerLines().length).toBe(3);

    // The owner is still served, and by then no further refusal or line has gone out.
    box.llm.script({ text: 'hello owner' });
    tg.say(OWNER, 'hi');
    await waitForText(tg, OWNER, 'hello owner');
    expect(refusals()).toHaveLength(2);
    expect(strangerLines()).toHaveLength(3);
    expect(box.llm.requests.some((r) => JSON.stringify(r.body).includes('let me in'))).toBe(false);
  });

  const outboxed = (): { text: string }[] => {
    const path = join(box.home, 'channel-outbox.json');
    return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')).messages : [];
  };
  const delivered = (text: string) =>
    [...tg.messages.values()].filter((m) => m.chatId === String(OWNER) && m.text.includes(text));
  /** Telegram answers 502 to every call of `method` until `back` is called. */
  const unreachable = (method: string) => {
    tg.fail(method, 502, 1_000_000, 'Bad Gateway');
    return () => tg.fail(method, 502, 0);
  };

  /** A task that runs now and posts `answer` to the owner's chat. */
  const runTask = (title: string, answer: string) => {
    box.llm.script({ text: answer });
    box.app.tasks.add({
      title,
      content: 'report',
      schedule: buildSchedule({ immediate: true }, { now: new Date(), lang: 'en' }),
      notify: `telegram:${OWNER}`,
    });
  };

  it('keeps task results while Telegram is down and posts them once, in order, on reconnect', async () => {
    const pollsBack = unreachable('getUpdates');
    tg.dropPolls(); // the channel notices: its next poll fails
    const sendsBack = unreachable('sendMessage');
    runTask('First', 'first result');
    await expect.poll(outboxed, { timeout: 10_000 }).toHaveLength(1);
    runTask('Second', 'second result');
    await expect.poll(outboxed, { timeout: 10_000 }).toHaveLength(2);
    expect(delivered('result')).toEqual([]);

    sendsBack();
    pollsBack(); // the next poll succeeds: the channel is connected again
    // (Waiting on the fake's messages, not its calls: the calls include the refused ones.)
    await expect.poll(() => delivered('result')).toHaveLength(2);
    const [first, second, ...more] = delivered('result');
    expect(more).toEqual([]);
    expect(first?.text).toContain('first result');
    expect(second?.text).toContain('second result');
    expect((first?.messageId ?? 0) < (second?.messageId ?? 0)).toBe(true);
    await expect.poll(outboxed).toEqual([]);
  });

  it('drops the oldest past the outbox limit and tells the chat how many it lost', async () => {
    const sendsBack = unreachable('sendMessage');
    for (const [index, name] of ['alpha', 'beta', 'gamma'].entries()) {
      runTask(name, `${name} report`);
      await expect.poll(() => outboxed().at(-1)?.text ?? '').toContain(`${name} report`);
      expect(outboxed()).toHaveLength(Math.min(index + 1, 2));
    }
    await expect
      .poll(() => readFileSync(box.app.paths.log, 'utf8'))
      .toMatch(/"why":"count".*dropped from the outbox/);

    sendsBack();
    tg.fail('getUpdates', 502, 1);
    tg.dropPolls();
    await expect.poll(() => delivered('report')).toHaveLength(2);
    const shown = [...tg.messages.values()].filter((m) => m.chatId === String(OWNER)).slice(-3);
    expect(shown.map((m) => m.text)).toEqual([
      expect.stringMatching(/1 older message.*were dropped/),
      expect.stringContaining('beta report'),
      expect.stringContaining('gamma report'),
    ]);
    expect(delivered('alpha report')).toEqual([]);
  });

  it('keeps an answer that could not be sent and posts it when the channel reconnects', async () => {
    const sendsBack = unreachable('sendMessage');
    box.llm.script({ text: 'the answer you asked for' });
    tg.say(OWNER, 'what is the answer?');
    await expect.poll(outboxed, { timeout: 10_000 }).toHaveLength(1);
    expect(outboxed()[0]?.text).toContain('the answer you asked for');

    sendsBack();
    tg.fail('getUpdates', 502, 1);
    tg.dropPolls(); // one failed poll, then a good one: a reconnect
    await expect.poll(() => delivered('the answer you asked for')).toHaveLength(1);
    await expect.poll(outboxed).toEqual([]);
  });
});
