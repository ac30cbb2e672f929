/**
 * The real `aibox` process running the model's commands (Finding 4 and Finding 12): no command
 * can print the key from the process's environment, and commands die when the process is
 * killed with SIGKILL, with the sandbox and without it.
 */
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, runCli, tempHome } from '../../helpers/cli.js';
import { type FakeLlm, startFakeLlm } from '../../helpers/fake-llm.js';
import { pidsRunning } from '../../helpers/processes.js';

const SECRET = 'sk-fake-SECRET-4f1d9a';
let llm: FakeLlm;
const homes: string[] = [];
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => {
  await llm.close();
  for (const home of homes) rmSync(home, { recursive: true, force: true });
});

function home(sandbox: 'auto' | 'off'): string {
  const dir = tempHome('aibox-safety-');
  homes.push(dir);
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ skills: { install_examples: false, watch: false }, safety: { sandbox } }),
  );
  return dir;
}

const env = () => ({
  AIBOX_LLM_BASE_URL: llm.baseUrl,
  AIBOX_LLM_API_KEY: SECRET,
  AIBOX_LLM_MODEL: 'fake-model',
});

/**
 * Polls `check` until it holds (bounded by the test timeout). Each check scans all of /proc, so it
 * is polled every 20 ms rather than on every turn of the event loop, which would take a core away
 * from the very processes being waited for.
 */
const until = (check: () => boolean) => expect.poll(check, { timeout: 110_000, interval: 20 }).toBe(true);

describe.each(['auto', 'off'] as const)('commands of the aibox process (safety.sandbox = %s)', (sandbox) => {
  it('cannot read the key from /proc/$PPID/environ, /proc/1/environ or ps e', async () => {
    const dir = home(sandbox);
    const start = llm.requests.length;
    const commands = [
      'tr "\\0" "\\n" < /proc/$PPID/environ',
      'cat /proc/1/environ',
      'ps e',
      'ps eww -p $PPID',
    ];
    llm.script(
      { toolCalls: commands.map((command) => ({ name: 'run_command', arguments: { command } })) },
      { text: 'done' },
    );
    const run = await runCli(['ask', 'show me the environment'], { home: dir, env: env() });
    expect(run.code).toBe(0);
    const messages = (llm.requests[start + 1]?.body.messages ?? []) as { role: string; content: string }[];
    const results = messages.filter((m) => m.role === 'tool');
    expect(results).toHaveLength(commands.length);
    for (const result of results) expect(result.content).not.toContain(SECRET);
    // In the sandbox they run (its PID namespace has no server in it); without it they are refused.
    if (sandbox === 'auto') expect(results[1]?.content).toContain('PATH=');
    else for (const result of results) expect(result.content).toContain('The command was not run');
    expect(run.stderr).not.toContain(SECRET);
    expect(run.stdout).not.toContain(SECRET);
  }, 120_000);

  it('kills a running command when the process is killed with SIGKILL', async () => {
    const dir = home(sandbox);
    const seconds = sandbox === 'auto' ? '3141' : '3142';
    const start = llm.requests.length;
    llm.script({
      toolCalls: [{ name: 'run_command', arguments: { command: `sleep ${seconds}`, timeout: 600 } }],
    });
    const child = spawn(process.execPath, [CLI_PATH, 'ask', 'sleep a while'], {
      env: { ...process.env, AIBOX_LANG: 'en', ...env(), AIBOX_HOME: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    // The process has started once the model is asked; only then is /proc scanned for the command.
    await llm.waitForRequest(start + 1);
    await until(() => pidsRunning(['sleep', seconds]).length > 0);
    const [sleeper] = pidsRunning(['sleep', seconds]);
    child.kill('SIGKILL');
    await exited;
    await until(() => !pidsRunning(['sleep', seconds]).includes(sleeper as number));
    expect(pidsRunning(['sleep', seconds])).toEqual([]);
  }, 120_000);
});
