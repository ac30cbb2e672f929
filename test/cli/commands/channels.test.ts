/**
 * `aibox channels pair|check` against the fake Bot API: real CLI runs for the process (exit codes,
 * stdout and stderr, what it loads), the rest of what a check says run in the test process.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSenderStore } from '../../../src/chats/sender-store.js';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeTelegram, startFakeTelegram } from '../../helpers/fake-telegram.js';
import { moduleRecorder, SDK_MARKS } from '../../helpers/module-recorder.js';

// Each test has a home of its own against the shared fake. In turn, not side by side: the runs in
// the test process (runInProcess) swap the environment a child would inherit.
describe('aibox channels', { timeout: 120_000 }, () => {
  let tg: FakeTelegram;
  const homes: string[] = [];
  const home = (telegram: Record<string, unknown>) => {
    const dir = tempHome('aibox-channels-cli-');
    homes.push(dir);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ channels: { telegram } }), { mode: 0o600 });
    return dir;
  };
  beforeAll(async () => {
    tg = await startFakeTelegram();
  });
  afterAll(async () => {
    await tg?.close();
    for (const dir of homes) rmSync(dir, { recursive: true, force: true });
  });

  it('pair prints a single-use code the running box accepts', async () => {
    const dir = home({});
    const run = await runCli(['channels', 'pair'], { home: dir });
    expect(run.code).toBe(0);
    const code = /[A-Z0-9]{4}-[A-Z0-9]{4}/.exec(run.stdout)?.[0];
    expect(code).toBeDefined();
    const store = createSenderStore(join(dir, 'channel-senders.json'));
    expect(store.redeem('telegram', '5', code as string)).toBe(true);
    expect(store.redeem('telegram', '6', code as string)).toBe(false);
  });

  it('check names the bot when the token works, and never prints the token', async () => {
    const dir = home({ token: tg.token, api_root: tg.apiRoot, allowed_ids: [1] });
    // grammY is loaded for a set token (a check without Telegram loads none: channels-lark.test.ts).
    const recorder = moduleRecorder(dir, 'grammy', SDK_MARKS.grammy);
    const run = await runCli(['channels', 'check'], { home: dir, nodeArgs: recorder.nodeArgs });
    expect(run.stdout).toContain('@aibox_test_bot');
    expect(run.stdout + run.stderr).not.toContain(tg.token);
    expect(run.code).toBe(0);
    expect(recorder.loaded()).not.toEqual([]);
  });

  it('check says the token was rejected (in Chinese too) and exits 1', async () => {
    const dir = home({ token: '1:wrong', api_root: tg.apiRoot });
    const en = await runCli(['channels', 'check'], { home: dir });
    expect(en.code).toBe(1);
    expect(en.stdout).toContain('rejected');
    expect(en.stdout).not.toContain('1:wrong');
    const zh = await runInProcess(['channels', 'check'], { home: dir, env: { AIBOX_LANG: 'zh' } });
    expect(zh.stdout).toContain('令牌被拒绝');
  });

  it('check reads the token from AIBOX_TELEGRAM_TOKEN', async () => {
    const run = await runInProcess(['channels', 'check'], {
      home: home({ api_root: tg.apiRoot }),
      env: { AIBOX_TELEGRAM_TOKEN: tg.token },
    });
    expect(run.stdout).toContain('AIBOX_TELEGRAM_TOKEN');
    expect(run.stdout).toContain('@aibox_test_bot');
  });

  it('check says the Bot API cannot be reached, without the token in the reason', async () => {
    const run = await runInProcess(['channels', 'check'], {
      home: home({ token: '77:secret-part', api_root: 'http://127.0.0.1:9' }),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('cannot reach http://127.0.0.1:9');
    expect(run.stdout).not.toContain('secret-part');
  });
});
