/**
 * `aibox channels check` for QQ against the fake QQ bot platform (a real token call): real CLI runs
 * for the command (exit codes, output), the rest of what the check says in-process.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkChannelsOf } from '../../helpers/channel-check.js';
import { runCli, tempHome } from '../../helpers/cli.js';
import { type FakeQq, startFakeQq } from '../../helpers/fake-qq.js';

describe.concurrent('aibox channels check (QQ)', { timeout: 120_000 }, () => {
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
    const run = await runCli(['channels', 'check'], {
      home: home({ app_id: fake.appId, client_secret: 'wrong-secret', token_url: fake.tokenUrl }),
    });
    expect(run.stdout).toContain('QQ: ❌ the AppID or AppSecret was rejected');
    expect(run.stdout).toContain('100016');
    expect(run.stdout + run.stderr).not.toContain('wrong-secret');
    expect(run.code).not.toBe(0);
  });

  it('says the platform cannot be reached', async () => {
    const run = await checkChannelsOf(
      home({
        app_id: fake.appId,
        client_secret: fake.clientSecret,
        token_url: 'http://127.0.0.1:9/app/getAppAccessToken',
      }),
    );
    expect(run.stdout).toContain('QQ: ❌ cannot reach http://127.0.0.1:9/app/getAppAccessToken');
    expect(run.ok).toBe(false);
  });
});
