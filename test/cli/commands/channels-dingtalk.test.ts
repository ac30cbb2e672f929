/**
 * `aibox channels check` for DingTalk against the fake DingTalk (a real CLI run for the check that
 * works, the rest run in the test process), and the pieces of dingtalk-stream 2.1.5 the channel
 * relies on: its private fields, and that the SDK is bundled into a chunk only a configured
 * channel loads.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DWClient } from 'dingtalk-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DWClientInternals } from '../../../src/channels/dingtalk/dingtalk-stream-client.js';
import { CLI_PATH, runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeDingTalk, startFakeDingTalk } from '../../helpers/fake-dingtalk.js';

// Each test has a home of its own against the shared fake. In turn, not side by side: the runs in
// the test process (runInProcess) swap the environment a child would inherit.
describe('aibox channels check (DingTalk)', { timeout: 120_000 }, () => {
  let dt: FakeDingTalk;
  const homes: string[] = [];
  const home = (dingtalk: Record<string, unknown>) => {
    const dir = tempHome('aibox-dingtalk-cli-');
    homes.push(dir);
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ channels: { dingtalk } }), { mode: 0o600 });
    return dir;
  };
  beforeAll(async () => {
    dt = await startFakeDingTalk();
  });
  afterAll(async () => {
    await dt?.close();
    for (const dir of homes) rmSync(dir, { recursive: true, force: true });
  });

  it('names the app when the credentials work, and never prints the secret', async () => {
    const run = await runCli(['channels', 'check'], {
      home: home({ client_id: dt.clientId, client_secret: dt.clientSecret, api_root: dt.apiRoot }),
      // Run as `npm run aibox -- channels check` in the checkout: the hint is spelled that way.
      env: {
        npm_lifecycle_event: 'aibox',
        npm_package_json: join(dirname(dirname(dirname(CLI_PATH))), 'package.json'),
      },
    });
    expect(run.stdout).toContain(`DingTalk: ✅ the credentials of app ${dt.clientId} work`);
    expect(run.stdout).toContain('nobody is allowed yet: pair with `npm run aibox -- channels pair`');
    expect(run.stdout).toContain('no card_template_id: approval requests are answered by a one-word reply');
    expect(run.stdout + run.stderr).not.toContain(dt.clientSecret);
    expect(run.code).toBe(0);
  });

  it('names the approval card template and says when DingTalk checks it', async () => {
    const credentials = { client_id: dt.clientId, client_secret: dt.clientSecret, api_root: dt.apiRoot };
    const run = await runInProcess(['channels', 'check'], {
      home: home({ ...credentials, card_template_id: 'abc-123.schema' }),
    });
    expect(run.stdout).toContain('approval card template: abc-123.schema (DingTalk checks it only when');
    const bad = await runInProcess(['channels', 'check'], {
      home: home({ ...credentials, card_template_id: 'no spaces/or slashes' }),
    });
    expect(bad.code).not.toBe(0);
    expect(bad.stdout + bad.stderr).toContain('channels.dingtalk.card_template_id');
  });

  it('says the credentials were rejected, in English and Chinese, and exits 1', async () => {
    const dir = home({ client_id: dt.clientId, client_secret: 'wrong-secret-xyz', api_root: dt.apiRoot });
    const en = await runInProcess(['channels', 'check'], { home: dir });
    expect(en.code).toBe(1);
    expect(en.stdout).toContain('client id or secret was rejected');
    expect(en.stdout).not.toContain('wrong-secret-xyz');
    const zh = await runInProcess(['channels', 'check'], { home: dir, env: { AIBOX_LANG: 'zh' } });
    expect(zh.stdout).toContain('钉钉：❌ Client ID 或 Client Secret 被拒绝');
  });

  it('reads the credentials from AIBOX_DINGTALK_CLIENT_ID / _SECRET', async () => {
    const run = await runInProcess(['channels', 'check'], {
      home: home({ api_root: dt.apiRoot, allowed_ids: ['staff-1'] }),
      env: { AIBOX_DINGTALK_CLIENT_ID: dt.clientId, AIBOX_DINGTALK_CLIENT_SECRET: dt.clientSecret },
    });
    expect(run.stdout).toContain('AIBOX_DINGTALK_CLIENT_SECRET');
    expect(run.stdout).toContain('✅ the credentials of app');
    expect(run.stdout).not.toContain(dt.clientSecret);
  });

  it('says DingTalk cannot be reached, in the user’s language, without the secret', async () => {
    const dir = home({
      client_id: 'dingx',
      client_secret: 'secret-part-123',
      api_root: 'http://127.0.0.1:9',
    });
    const en = await runInProcess(['channels', 'check'], { home: dir });
    expect(en.code).toBe(1);
    expect(en.stdout).toContain('DingTalk: ❌ cannot reach http://127.0.0.1:9');
    expect(en.stdout).not.toContain('secret-part-123');
    const zh = await runInProcess(['channels', 'check'], { home: dir, env: { AIBOX_LANG: 'zh' } });
    expect(zh.stdout).toContain('钉钉：❌ 无法连接 http://127.0.0.1:9');
  });
});

describe('dingtalk-stream seams', () => {
  it('still has the fields the Aibox client sets (dingtalk-stream 2.1.5)', () => {
    const client = new DWClient({ clientId: 'id', clientSecret: 'secret' });
    const fields: (keyof DWClientInternals)[] = ['dw_url', 'heartbeatIntervallId', 'reconnectInterval'];
    for (const field of fields) expect(Object.hasOwn(client, field), field).toBe(true);
    expect(typeof (client as unknown as DWClientInternals).reconnectInterval).toBe('number');
  });

  it('is bundled only into chunks the CLI loads dynamically (a box without DingTalk never loads it)', () => {
    const dist = resolve(dirname(CLI_PATH), '..');
    const chunks = readdirSync(join(dist, 'chunks'));
    const sdkChunk = chunks.find(
      (name) =>
        name.endsWith('.js') &&
        readFileSync(join(dist, 'chunks', name), 'utf8').includes('dingtalk websocket'),
    );
    expect(sdkChunk).toBeDefined();
    // No built file imports it statically; the DingTalk channel kind imports it with import().
    const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));
    const staticImport = new RegExp(`(?:from|import)\\s*["'][^"']*/${sdkChunk}["']`);
    const dynamicImport = new RegExp(`import\\(["'][^"']*/${sdkChunk}["']\\)`);
    const code = files.map((file) => readFileSync(join(dist, file), 'utf8'));
    // axios is left out of the bundle (this SDK's and the Lark SDK's calls through it are
    // overridden or never made): only its stand-in is there.
    expect(code.filter((text) => text.includes('AxiosHeaders'))).toEqual([]);
    expect(code.some((text) => text.includes('a chat SDK called axios, which Aibox does not bundle'))).toBe(
      true,
    );
    expect(code.filter((text) => staticImport.test(text))).toEqual([]);
    expect(code.some((text) => dynamicImport.test(text))).toBe(true);
  });
});
