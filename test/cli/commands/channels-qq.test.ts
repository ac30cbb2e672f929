/**
 * `aibox channels check` for QQ against the fake QQ bot platform (a real token call): a real CLI run
 * for the check that works, the rest run in the test process.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeQq, startFakeQq } from '../../helpers/fake-qq.js';

// Each test has a home of its own against the shared fake. In turn, not side by side: the runs in
// the test process (runInProcess) swap the environment a child would inherit.
describe('aibox channels check (QQ)', { timeout: 120_000 }, () => {
  let fake: FakeQq;
  const homes: string[] = [];
  const home = (qq: Record<string, unknown>) => {
    const dir = tempHome('aibox-qq-cli-');
    homes.push(dir);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ channels: { qq } }), { mode: 0o600 });
    return dir;
  };
  beforeAll(async () => {
    fake = await startFakeQq();
  });
  afterAll(async () => {
    await fake?.close();
    for (const dir of homes) rmSync(dir, { recursive: true, force: true });
  });

  it('says the credentials work when a token is issued, and never prints the secret', async () => {
    const run = await runCli(['channels', 'check'], {
      home: home({ app_id: fake.appId, client_secret: fake.clientSecret, token_url: fake.tokenUrl }),
    });
    expect(run.stdout).toContain(`QQ: ✅ the credentials of bot ${fake.appId} work`);
    expect(run.stdout).toContain(
      'events: the WebSocket gateway; answers: plain text; approvals: a one-word reply',
    );
    expect(run.stdout + run.stderr).not.toContain(fake.clientSecret);
    expect(run.code).toBe(0);
  });

  it('says the AppSecret was rejected, with the platform’s code', async () => {
    const run = await runInProcess(['channels', 'check'], {
      home: home({ app_id: fake.appId, client_secret: 'wrong-secret', token_url: fake.tokenUrl }),
    });
    expect(run.stdout).toContain('QQ: ❌ the AppID or AppSecret was rejected');
    expect(run.stdout).toContain('100016');
    expect(run.stdout + run.stderr).not.toContain('wrong-secret');
    expect(run.code).not.toBe(0);
  });

  it('says the platform cannot be reached', async () => {
    const run = await runInProcess(['channels', 'check'], {
      home: home({
        app_id: fake.appId,
        client_secret: fake.clientSecret,
        token_url: 'http://127.0.0.1:9/app/getAppAccessToken',
      }),
    });
    expect(run.stdout).toContain('QQ: ❌ cannot reach http://127.0.0.1:9/app/getAppAccessToken');
    expect(run.code).not.toBe(0);
  });
});
