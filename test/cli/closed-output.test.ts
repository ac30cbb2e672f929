/**
 * aibox with a reader that has gone (`aibox … | head -1`, a supervisor that closed the server's
 * stderr): a command whose stdout closed ends quietly; one whose stderr closed carries on and
 * still prints its result; `aibox serve` keeps serving with both closed. Real processes, real pipes.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, type CliRun, tempHome } from '../helpers/cli.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { boxConfig, connectReady, testEnv } from '../server/harness.js';

type Output = 'stdout' | 'stderr';

/** Starts the CLI with the reading end of `closed` already gone, before it writes a byte. */
function spawnWithClosed(args: string[], closed: Output[], env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [CLI_PATH, ...args], {
    env: { ...process.env, AIBOX_LANG: 'en', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const seen: Record<Output, string> = { stdout: '', stderr: '' };
  for (const name of ['stdout', 'stderr'] as const) {
    if (closed.includes(name)) child[name].destroy();
    else
      child[name].setEncoding('utf8').on('data', (d: string) => {
        seen[name] += d;
      });
  }
  const done = new Promise<CliRun & { signal: NodeJS.Signals | null }>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, ...seen }));
  });
  return { child, done };
}

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm?.close();
});

function homeWithConfig(): string {
  const home = tempHome('aibox-closed-output-');
  writeFileSync(join(home, 'config.json'), JSON.stringify(boxConfig(llm)));
  return home;
}

describe('aibox with a closed stdout', () => {
  it('exits quietly on EPIPE (help, skills list, skills search) instead of an unhandled error', async () => {
    const home = tempHome();
    for (const args of [['--help'], ['skills', 'list'], ['skills', 'search', 'x']]) {
      const r = await spawnWithClosed(args, ['stdout'], { AIBOX_HOME: home }).done;
      expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: '' });
    }
  });
});

describe('aibox with a closed stderr', () => {
  it('carries on: `aibox ask` reports its tool call to nobody and still prints the answer', async () => {
    const home = homeWithConfig();
    llm.script({ toolCalls: [{ name: 'list_files', arguments: {} }] }, { text: 'Here is the answer.' });
    const r = await spawnWithClosed(['ask', 'what is here?'], ['stderr'], testEnv(home)).done;
    expect({ code: r.code, stdout: r.stdout }).toEqual({ code: 0, stdout: 'Here is the answer.\n' });
  });
});

describe('aibox serve with stdout and stderr closed', () => {
  it('keeps serving (banner and console log go nowhere, ai.log gets them) and stops 0 on SIGTERM', async () => {
    const home = homeWithConfig();
    // --verbose: every connection and turn writes debug lines to the closed stderr.
    const { child, done } = spawnWithClosed(
      ['serve', '--port', '0', '--no-scheduler', '--verbose'],
      ['stdout', 'stderr'],
      testEnv(home),
    );
    let exited = false;
    void done.then(() => {
      exited = true;
    });
    const logText = () =>
      existsSync(join(home, 'ai.log')) ? readFileSync(join(home, 'ai.log'), 'utf8') : '';
    const listeningPort = () => /"port":(\d+)[^\n]*"msg":"server listening"/.exec(logText())?.[1];
    await expect.poll(() => exited || listeningPort() !== undefined, { timeout: 20_000 }).toBe(true);
    expect(exited).toBe(false);

    const client = await connectReady(`ws://127.0.0.1:${listeningPort()}`);
    llm.script({ text: 'still here' });
    client.send({ type: 'message', content: 'hello?' });
    expect((await client.waitType('complete')).content).toBe('still here');
    client.close();
    expect(exited).toBe(false);

    child.kill('SIGTERM');
    expect(await done).toMatchObject({ code: 0, signal: null });
  });
});
