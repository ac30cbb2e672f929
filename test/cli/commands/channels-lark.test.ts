/**
 * `aibox channels check` for Feishu/Lark against the fake open platform: a real CLI run for the
 * check that works (the bundle, what it loads), the rest run in the test process.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeLark, LARK_APP_ID, LARK_APP_SECRET, startFakeLark } from '../../helpers/fake-lark.js';
import { moduleRecorder, SDK_MARKS } from '../../helpers/module-recorder.js';

// Each test has a home of its own against the shared fake. In turn, not side by side: the runs in
// the test process (runInProcess) swap the environment a child would inherit.
describe('aibox channels check (Feishu/Lark)', { timeout: 120_000 }, () => {
  let lark: FakeLark;
  const homes: string[] = [];
  const home = (section: Record<string, unknown>) => {
    const dir = tempHome('aibox-lark-check-');
    homes.push(dir);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ channels: { lark: section } }), { mode: 0o600 });
    return dir;
  };
  beforeAll(async () => {
    lark = await startFakeLark();
  });
  afterAll(async () => {
    await lark?.close();
    for (const dir of homes) rmSync(dir, { recursive: true, force: true });
  });

  it('names the app bot when the credentials work, never prints the secret, loads no chat SDK', async () => {
    const dir = home({
      app_id: LARK_APP_ID,
      app_secret: LARK_APP_SECRET,
      domain: lark.domain,
      allowed_ids: ['ou_1'],
    });
    // The check calls the open platform with the channels' own HTTP client; Telegram is not set up.
    // Both SDKs are seen when loaded (lark-lazy-load.test.ts, channels.test.ts).
    const recorder = moduleRecorder(dir, 'sdks', [...SDK_MARKS.lark, ...SDK_MARKS.grammy]);
    const run = await runCli(['channels', 'check'], { home: dir, nodeArgs: recorder.nodeArgs });
    expect(run.stdout).toContain('Feishu/Lark: ✅ connected as the app bot "Aibox 测试"');
    expect(run.stdout + run.stderr).not.toContain(LARK_APP_SECRET);
    expect(run.code).toBe(0);
    expect(recorder.loaded()).toEqual([]);
  });

  it('says the secret was rejected, in English and Chinese, and exits 1', async () => {
    const dir = home({ app_id: LARK_APP_ID, app_secret: 'wrong-secret-123', domain: lark.domain });
    const en = await runInProcess(['channels', 'check'], { home: dir });
    expect(en.code).toBe(1);
    expect(en.stdout).toContain('the App ID or App Secret was rejected');
    expect(en.stdout).toContain('app secret invalid');
    expect(en.stdout + en.stderr).not.toContain('wrong-secret-123');
    const zh = await runInProcess(['channels', 'check'], { home: dir, env: { AIBOX_LANG: 'zh' } });
    expect(zh.stdout).toContain('App ID 或 App Secret 被拒绝');
  });

  it('reads the credentials from AIBOX_LARK_APP_ID and AIBOX_LARK_APP_SECRET', async () => {
    const run = await runInProcess(['channels', 'check'], {
      home: home({ domain: lark.domain }),
      env: { AIBOX_LARK_APP_ID: LARK_APP_ID, AIBOX_LARK_APP_SECRET: LARK_APP_SECRET },
    });
    expect(run.stdout).toContain('AIBOX_LARK_APP_SECRET');
    expect(run.stdout).toContain('Aibox 测试');
    expect(run.stdout).not.toContain(LARK_APP_SECRET);
  });

  it('says the open platform cannot be reached, without the secret in the reason', async () => {
    const run = await runInProcess(['channels', 'check'], {
      home: home({ app_id: LARK_APP_ID, app_secret: 'unreachable-secret', domain: 'http://127.0.0.1:9' }),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('Feishu/Lark: ❌ cannot reach http://127.0.0.1:9');
    expect(run.stdout).not.toContain('unreachable-secret');
  });

  it('says an app id of the wrong shape is wrong before calling anyone', async () => {
    const calls = lark.calls.length;
    const run = await runInProcess(['channels', 'check'], {
      home: home({ app_id: 'my-app', app_secret: 'x', domain: lark.domain }),
      env: { AIBOX_LANG: 'zh' },
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('App ID 格式不对');
    expect(lark.calls.length).toBe(calls);
  });
});
