/**
 * `aibox channels check` for WeCom against the fake WeCom's long connection: a real CLI run for the
 * check that works, the rest run in the test process.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeWeCom, startFakeWeCom } from '../../helpers/fake-wecom.js';

// Each test has a home of its own against the shared fake. In turn, not side by side: the runs in
// the test process (runInProcess) swap the environment a child would inherit.
describe('aibox channels check (WeCom)', { timeout: 120_000 }, () => {
  let wc: FakeWeCom;
  const homes: string[] = [];
  const home = (wecom: Record<string, unknown>) => {
    const dir = tempHome('aibox-wecom-cli-');
    homes.push(dir);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ channels: { wecom } }), { mode: 0o600 });
    return dir;
  };
  beforeAll(async () => {
    wc = await startFakeWeCom();
  });
  afterAll(async () => {
    await wc?.close();
    for (const dir of homes) rmSync(dir, { recursive: true, force: true });
  });

  it('subscribes once with the credentials, says so, and never prints the secret', async () => {
    const run = await runCli(['channels', 'check'], {
      home: home({ bot_id: wc.botId, secret: wc.secret, ws_url: wc.url, allowed_ids: ['owner'] }),
    });
    expect(run.stdout).toContain(`WeCom: ✅ the long connection of robot ${wc.botId} subscribed`);
    expect(run.stdout + run.stderr).not.toContain(wc.secret);
    expect(run.code).toBe(0);
  });

  it('says the credentials were rejected, in English and Chinese, and exits 1', async () => {
    const dir = home({ bot_id: wc.botId, secret: 'wrong-secret-xyz', ws_url: wc.url });
    const en = await runInProcess(['channels', 'check'], { home: dir });
    expect(en.code).toBe(1);
    expect(en.stdout).toContain(
      'WeCom: ❌ the Bot ID or Secret was rejected (errcode 40001 invalid credential)',
    );
    expect(en.stdout).not.toContain('wrong-secret-xyz');
    const zh = await runInProcess(['channels', 'check'], { home: dir, env: { AIBOX_LANG: 'zh' } });
    expect(zh.stdout).toContain('企业微信：❌ Bot ID 或 Secret 被拒绝');
  });

  it('reads the credentials from AIBOX_WECOM_BOT_ID / _SECRET', async () => {
    const run = await runInProcess(['channels', 'check'], {
      home: home({ ws_url: wc.url }),
      env: { AIBOX_WECOM_BOT_ID: wc.botId, AIBOX_WECOM_SECRET: wc.secret },
    });
    expect(run.stdout).toContain('AIBOX_WECOM_SECRET');
    expect(run.stdout).toContain('nobody is allowed yet');
    expect(run.stdout).toContain('✅ the long connection of robot');
    expect(run.stdout).not.toContain(wc.secret);
  });

  it('says WeCom cannot be reached, without the secret', async () => {
    const run = await runInProcess(['channels', 'check'], {
      home: home({ bot_id: 'aibx', secret: 'secret-part-123', ws_url: 'ws://127.0.0.1:9' }),
    });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('WeCom: ❌ cannot reach ws://127.0.0.1:9');
    expect(run.stdout).not.toContain('secret-part-123');
  });
});
