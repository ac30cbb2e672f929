/**
 * A box without Feishu/Lark configured never loads the Lark SDK: the real `aibox serve` from
 * dist/ runs with a module-loading hook that records every module that is the SDK or holds
 * it (the build bundles the SDK's long connection into a lazy chunk; its User-Agent string
 * marks it). With the channel configured (against the fake platform) the same hook sees it,
 * so the check can fail.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, tempHome, watchOutput } from '../../helpers/cli.js';
import { type FakeLark, LARK_APP_ID, LARK_APP_SECRET, startFakeLark } from '../../helpers/fake-lark.js';
import { type FakeLlm, startFakeLlm } from '../../helpers/fake-llm.js';
import { moduleRecorder, SDK_MARKS } from '../../helpers/module-recorder.js';
import { boxConfig, testEnv } from '../../server/harness.js';

// Two `aibox serve` starts side by side: on a loaded machine they take longer than the default 30 s.
describe('the Lark SDK is loaded only with a Feishu/Lark channel', { timeout: 120_000 }, () => {
  let llm: FakeLlm;
  let lark: FakeLark;
  let dir: string;

  beforeAll(async () => {
    llm = await startFakeLlm();
    lark = await startFakeLark();
    dir = tempHome('aibox-lark-lazy-');
  });
  afterAll(async () => {
    await lark?.close();
    await llm?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Starts `aibox serve` with `channels`, waits until it listens (and `ready`), stops it; returns what loaded. */
  async function serveAndStop(name: string, channels: Record<string, unknown>, ready?: () => Promise<void>) {
    const home = join(dir, name);
    const recorder = moduleRecorder(dir, name, SDK_MARKS.lark);
    mkdirSync(home);
    writeFileSync(join(home, 'config.json'), JSON.stringify({ ...boxConfig(llm), channels }));
    const child = spawn(
      process.execPath,
      [...recorder.nodeArgs, CLI_PATH, 'serve', '--port', '0', '--no-scheduler'],
      { env: testEnv(home), stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const output = watchOutput(child);
    await output.seen(/http:\/\/127\.0\.0\.1:\d+/);
    await ready?.();
    child.kill('SIGTERM');
    await output.exited;
    return recorder.loaded();
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
    expect(none).toEqual([]);
    expect(withLark.join('\n')).toMatch(/lark-transport-\w+\.js/);
  });
});
