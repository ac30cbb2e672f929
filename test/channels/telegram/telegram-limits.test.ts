/**
 * The channel core's limits, seen through Telegram: a flood of strangers costs a bounded
 * number of log lines and refusals.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeTelegram } from '../../helpers/fake-telegram.js';
import type { Box } from '../../server/harness.js';
import { OWNER, startTelegramBox, waitForText } from './telegram-box.js';

describe('Telegram channel limits', () => {
  let tg: FakeTelegram;
  let box: Box;

  beforeAll(async () => {
    ({ tg, box } = await startTelegramBox({
      channels: { strangers: { log_per_minute: 3, refusals_per_minute: 2 } },
    }));
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
});
