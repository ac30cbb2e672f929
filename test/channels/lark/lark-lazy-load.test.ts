/**
 * A box without Feishu/Lark configured never loads the Lark SDK: the real `aibox serve` from
 * dist/ runs with a module-loading hook that records every module that is the SDK or holds
 * it (the build bundles the SDK's long connection into a lazy chunk; its User-Agent string
 * marks it). With the channel configured (against the fake platform) the same hook sees it,
 * so the check can fail.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, tempHome, watchOutput } from '../../helpers/cli.js';
import { type FakeLark, LARK_APP_ID, LARK_APP_SECRET, startFakeLark } from '../../helpers/fake-lark.js';
import { type FakeLlm, startFakeLlm } from '../../helpers/fake-llm.js';
import { boxConfig, testEnv } from '../../server/harness.js';

const HOOKS = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  const result = await next(url, context);
  const source = result.source ? String(result.source) : '';
  if (url.includes('@larksuiteoapi') || source.includes('oapi-node-sdk/'))
    appendFileSync(process.env.AIBOX_TEST_LOADED, url + '\\n');
  return result;
}
`;

describe('the Lark SDK is loaded only with a Feishu/Lark channel', () => {
  let llm: FakeLlm;
  let lark: FakeLark;
  let dir: string;

  beforeAll(async () => {
    llm = await startFakeLlm();
    lark = await startFakeLark();
    dir = tempHome('aibox-lark-lazy-');
    writeFileSync(join(dir, 'hooks.mjs'), HOOKS);
    writeFileSync(
      join(dir, 'register.mjs'),
      `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
    );
  });
  afterAll(async () => {
    await lark?.close();
    await llm?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts `aibox serve` with `channels`, waits until it listens (and `ready`), stops it; returns what loaded. */
  async function serveAndStop(name: string, channels: Record<string, unknown>, ready?: () => Promise<void>) {
    const home = join(dir, name);
    const loaded = join(dir, `${name}-loaded.txt`);
    mkdirSync(home);
    writeFileSync(join(home, 'config.json'), JSON.stringify({ ...boxConfig(llm), channels }));
    const child = spawn(
      process.execPath,
      ['--import', join(dir, 'register.mjs'), CLI_PATH, 'serve', '--port', '0', '--no-scheduler'],
      { env: { ...testEnv(home), AIBOX_TEST_LOADED: loaded }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = watchOutput(child);
    await output.seen(/http:\/\/127\.0\.0\.1:\d+/);
    await ready?.();
    child.kill('SIGTERM');
    await output.exited;
    return existsSync(loaded) ? readFileSync(loaded, 'utf8') : '';
  }

  it('without the channel nothing of the SDK is resolved; with it, the SDK is', async () => {
    // Two separate homes and processes: they run side by side (only the second connects to the fake).
    const sockets = lark.connections;
    const [none, withLark] = await Promise.all([
      serveAndStop('none', {}),
      serveAndStop(
        'lark',
        { lark: { app_id: LARK_APP_ID, app_secret: LARK_APP_SECRET, domain: lark.domain } },
        () => lark.waitForConnections(sockets + 1),
      ),
    ]);
    expect(none).toBe('');
    expect(withLark).toMatch(/lark-transport-\w+\.js/);
  });
});
