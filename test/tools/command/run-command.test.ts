import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolsConfigSchema } from '../../../src/config/schema.js';
import { createRunCommandTool, type RunCommandToolOptions } from '../../../src/tools/command/run-command.js';
import { createResultLimiter } from '../../../src/tools/result-limit.js';
import { systemClock } from '../../../src/util/clock.js';
import { isRunning } from '../../helpers/processes.js';
import { makeContext, tempDir } from '../../helpers/tool-context.js';

function setup(
  overrides: Partial<RunCommandToolOptions['config']> = {},
  extra: Partial<RunCommandToolOptions> = {},
) {
  const home = tempDir();
  const workspace = join(home, 'workspace');
  const skillsDir = join(home, 'skills');
  mkdirSync(skillsDir);
  const config = ToolsConfigSchema.parse({ max_result_chars: 2000, ...overrides });
  const limiter = createResultLimiter({
    maxChars: config.max_result_chars,
    dir: join(home, 'tool_results'),
    clock: systemClock,
  });
  const tool = createRunCommandTool({
    lang: 'en',
    config,
    workspace,
    skillsDir,
    secretEnvNames: ['MY_LLM_KEY_VAR'],
    limiter,
    killGraceMs: 300,
    ...extra,
  });
  const run = (args: Record<string, unknown>, ctx = makeContext()) =>
    tool.execute(tool.parameters.parse(args), ctx);
  return { home, workspace, skillsDir, tool, run };
}

describe('run_command', () => {
  it('returns output, exit code and duration, runs in the workspace, and reports failures', async () => {
    const { run, workspace } = setup();
    const ok = await run({ command: 'echo hello; pwd' });
    expect(ok.ok).toBe(true);
    expect(ok.content).toContain('✅ Command finished');
    expect(ok.content).toContain('exit code: 0');
    expect(ok.content).toMatch(/duration: \d+\.\d+ s/);
    expect(ok.content).toContain(`hello\n${workspace}`);
    // A program's output is outside text (docs/memory-and-tasks.md, "Untrusted input").
    expect(ok.untrusted).toBe('command');
    const bad = await run({ command: 'echo oops >&2; exit 3' });
    expect(bad.ok).toBe(false);
    expect(bad.content).toContain('❌ Command failed (exit code 3)');
    expect(bad.content).toContain('oops');
  });

  it('streams stdout and stderr live, in order, and closes stdin', async () => {
    const { run, workspace } = setup();
    // Each step waits for the test to have seen the previous one: the order is the live order.
    const seen = (text: string) => {
      if (text.includes('one')) writeFileSync(join(workspace, 'go1'), '');
      if (text.includes('two')) writeFileSync(join(workspace, 'go2'), '');
    };
    const ctx = makeContext({ onOutput: seen });
    const wait = (file: string) => `while [ ! -e ${file} ]; do sleep 0.01; done`;
    const result = await run(
      { command: `echo one; ${wait('go1')}; echo two >&2; ${wait('go2')}; echo three; cat; echo after-cat` },
      ctx,
    );
    // Chunks of one stream in a row are merged (the OS may split or join writes).
    const merged: string[] = [];
    let last = '';
    for (const { stream, text } of ctx.outputs) {
      if (stream === last) merged[merged.length - 1] += text;
      else merged.push(`${stream}:${text}`);
      last = stream;
    }
    expect(merged).toEqual(['stdout:one\n', 'stderr:two\n', 'stdout:three\nafter-cat\n']);
    expect(result.content).toMatch(/one\ntwo\nthree\nafter-cat/);
  });

  it('kills a forking child on timeout (timeout 0 is not unlimited)', async () => {
    const { run, workspace } = setup({ command_max_timeout_s: 0.5 });
    const pidFile = join(workspace, 'grandchild.pid');
    const result = await run({ command: `sleep 30 & echo $! > ${pidFile}; wait`, timeout: 0 });
    expect(result.ok).toBe(false);
    expect(result.content).toContain('timed out after 0.5 s');
    expect(result.content).toContain('there is no unlimited timeout');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await expect.poll(() => isRunning(pid), { timeout: 5000 }).toBe(false);
  });

  it('caps a too-long timeout and kills the group when the turn is aborted', async () => {
    const { run, workspace } = setup({ command_max_timeout_s: 60 });
    const pidFile = join(workspace, 'abort.pid');
    let started!: () => void;
    const ready = new Promise<void>((resolve) => {
      started = resolve;
    });
    const ctx = makeContext({ onOutput: (text) => text.includes('started') && started() });
    const pending = run(
      { command: `sleep 30 & echo $! > ${pidFile}; echo started; wait`, timeout: 10_000 },
      ctx,
    );
    await ready;
    ctx.controller.abort();
    const result = await pending;
    expect(result.content).toContain('Command aborted');
    expect(result.content).toContain('The requested timeout of 10000 s is not possible');
    const pid = Number(readFileSync(pidFile, 'utf8'));
    await expect.poll(() => isRunning(pid), { timeout: 5000 }).toBe(false);
  });

  it('puts the skills dir on PATH so a skill runs by bare name', async () => {
    const { run, skillsDir } = setup();
    const skill = join(skillsDir, 'hello_skill');
    writeFileSync(skill, '#!/bin/sh\necho "skill says $1"\n');
    chmodSync(skill, 0o755);
    const result = await run({ command: 'hello_skill hi' });
    expect(result.content).toContain('skill says hi');
  });

  it('removes secrets from the environment and applies the model env', async () => {
    const baseEnv = {
      PATH: process.env.PATH,
      DEEPSEEK_API_KEY: 'sk-secret-1',
      MY_LLM_KEY_VAR: 'sk-secret-2',
      AIBOX_LLM_API_KEY: 'sk-secret-3',
      GITHUB_TOKEN: 'ghp-secret',
      DB_PASSWORD: 'pw',
      HARMLESS: 'visible',
    };
    const { run } = setup({}, { baseEnv });
    const result = await run({ command: 'env', env: { EXTRA_VAR: 'given', NUM: 5 } });
    expect(result.content).toContain('HARMLESS=visible');
    expect(result.content).toContain('EXTRA_VAR=given');
    expect(result.content).toContain('NUM=5');
    for (const secret of ['sk-secret', 'ghp-secret', 'DEEPSEEK_API_KEY', 'MY_LLM_KEY_VAR', 'DB_PASSWORD']) {
      expect(result.content).not.toContain(secret);
    }
  });

  it('rejects bad env names and a missing working dir clearly', async () => {
    const { tool, run } = setup();
    expect(tool.parameters.safeParse({ command: 'true', env: { 'BAD NAME': 'x' } }).success).toBe(false);
    const result = await run({ command: 'true', work_dir: 'no/such/dir' });
    expect(result.ok).toBe(false);
    expect(result.content).toContain('Directory not found');
  });

  it('is really disabled by tools.commands_enabled = false', async () => {
    const { run, workspace } = setup({ commands_enabled: false });
    const result = await run({ command: `touch ${join(workspace, 'ran')}` });
    expect(result.ok).toBe(false);
    expect(result.content).toContain('disabled');
    expect(existsSync(join(workspace, 'ran'))).toBe(false);
  });

  it('shows head and tail of big output within the limit and saves the full text', async () => {
    const { run, home } = setup();
    const result = await run({ command: 'seq 1 20000' });
    expect(result.ok).toBe(true);
    expect(result.content.length).toBeLessThanOrEqual(2000);
    expect(result.content).toContain('exit code: 0');
    expect(result.content).toMatch(/\n1\n2\n3\n/);
    expect(result.content).toMatch(/\n19999\n20000$/);
    expect(result.content).toMatch(/chars omitted; full output: .*tool_results/);
    expect(result.fullOutputPath?.startsWith(join(home, 'tool_results'))).toBe(true);
    const full = readFileSync(result.fullOutputPath as string, 'utf8');
    expect(full.split('\n').filter(Boolean)).toHaveLength(20000);
  });

  it('bounds memory and live output for endless output, keeping head and tail', async () => {
    const { run } = setup({}, { outputLimits: { keepChars: 5000, tailChars: 1000, liveChars: 3000 } });
    const ctx = makeContext();
    const result = await run({ command: 'seq 1 100000; echo LAST-LINE' }, ctx);
    const live = ctx.outputs.map((o) => o.text).join('');
    expect(live).toContain('live display stopped');
    expect(live.length).toBeLessThan(3000 + 70_000); // one chunk past the cap at most, then the notice
    expect(live).not.toContain('LAST-LINE');
    expect(result.content).toMatch(/LAST-LINE$/);
    expect(result.content).toMatch(/note: Too much output: about \d+ chars in the middle were not kept/);
    // The saved file holds what was kept: the head, a marker for the dropped middle, the tail.
    const full = readFileSync(result.fullOutputPath as string, 'utf8');
    expect(full).toContain('chars in the middle were not kept');
    expect(full.startsWith('1\n2\n3\n')).toBe(true);
    expect(full.length).toBeLessThan(5000 + 2 * 1000 + 200);
  });

  it('speaks Chinese with lang=zh', async () => {
    const { run } = setup();
    const result = await run({ command: 'true' }, makeContext({ lang: 'zh' }));
    expect(result.content).toContain('✅ 命令执行完成');
    expect(result.content).toContain('(无输出)');
  });
});
