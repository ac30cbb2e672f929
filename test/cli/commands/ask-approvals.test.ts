/**
 * `aibox ask` and approvals: piped (denied) and --yes (allowed once) in this process, whose stdin is
 * a pipe (test/helpers/cli-in-process.ts); a terminal (asked) as a real child process on a pty.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI_PATH, tempHome, watchOutput } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeLlm, startFakeLlm } from '../../helpers/fake-llm.js';

let llm: FakeLlm;
let outside: string;
beforeAll(async () => {
  llm = await startFakeLlm();
  outside = realpathSync(mkdtempSync(join(tmpdir(), 'aibox-ask-outside-')));
});
afterAll(async () => {
  await llm.close();
  rmSync(outside, { recursive: true, force: true });
});

function home(): string {
  const dir = tempHome('aibox-ask-');
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ skills: { install_examples: false, watch: false } }),
  );
  return dir;
}

const env = {
  AIBOX_LLM_BASE_URL: '',
  AIBOX_LLM_API_KEY: 'sk-fake',
  AIBOX_LLM_MODEL: 'fake-model',
};
const llmEnv = () => ({ ...env, AIBOX_LLM_BASE_URL: llm.baseUrl });

/** The model writes `name` outside the workspace, then answers. */
function scriptOutsideWrite(name: string): string {
  const target = join(outside, name);
  llm.script(
    { toolCalls: [{ name: 'write_file', arguments: { filepath: target, content: 'hi' } }] },
    { text: 'done' },
  );
  return target;
}

describe('aibox ask and approvals', () => {
  it('piped (not a terminal): denied at once, saying --yes allows', async () => {
    const target = scriptOutsideWrite('piped.txt');
    const run = await runInProcess(['ask', 'write', 'it'], { home: home(), env: llmEnv() });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`write_file ${target}`);
    expect(run.stderr).toContain('not a terminal, nobody to ask: denied; --yes allows');
    expect(existsSync(target)).toBe(false);
  }, 60_000);

  it('--yes allows once and never saves an "always" rule', async () => {
    const dir = home();
    const target = scriptOutsideWrite('yes.txt');
    const run = await runInProcess(['ask', '--yes', 'write', 'it'], { home: dir, env: llmEnv() });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('y (--yes)');
    expect(readFileSync(target, 'utf8')).toBe('hi');
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).safety?.rules ?? []).toEqual([]);
  }, 60_000);

  it('on a terminal it asks; n denies and the file is not written', async () => {
    const dir = home();
    const target = scriptOutsideWrite('tty.txt');
    const command = [process.execPath, CLI_PATH, 'ask', 'write', 'it'].map((a) => `'${a}'`).join(' ');
    // A real terminal (pty) through util-linux `script`.
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: { ...process.env, ...llmEnv(), AIBOX_LANG: 'en', AIBOX_HOME: dir },
    });
    const { seen, exited, text } = watchOutput(child);
    await seen('[y]es once / [a]lways / [n]o');
    expect(text()).toContain(`$ write_file ${target}`);
    child.stdin.write('maybe\r');
    await seen('Please answer y, a or n');
    child.stdin.write('n\r');
    await seen('❌ denied (terminal)');
    expect(await exited).toBe(0);
    expect(existsSync(target)).toBe(false);
  }, 60_000);
});
