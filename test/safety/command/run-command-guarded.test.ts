/**
 * run_command with the command guard: real bubblewrap (writes outside the workspace fail, /tmp is
 * private, secrets are hidden, the network can be off), and the allow/ask/deny flow through
 * `requestApproval` (absent → refused; mode deny; "Always" offered only when safe; a yes to a
 * model-made skill is remembered on disk).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../../src/config/paths.js';
import { SafetyConfigSchema, ToolsConfigSchema } from '../../../src/config/schema.js';
import { createCommandGuard } from '../../../src/safety/command/command-guard.js';
import type { SandboxStatus } from '../../../src/safety/sandbox/sandbox.js';
import { probeBwrap } from '../../../src/safety/sandbox/sandbox-probe.js';
import type { ApprovalOutcome, ApprovalRequest } from '../../../src/safety/types.js';
import { openSkillProvenance, PROVENANCE_FILE } from '../../../src/skills/provenance.js';
import { createRunCommandTool } from '../../../src/tools/command/run-command.js';
import { createResultLimiter } from '../../../src/tools/result-limit.js';
import type { ToolContext } from '../../../src/tools/tool.js';
import { systemClock } from '../../../src/util/clock.js';
import { makeContext, tempDir } from '../../helpers/tool-context.js';

const SECRET = 'sk-config-secret-77';

function setup(
  safety: Record<string, unknown> = {},
  sandbox: 'bwrap' | 'off' = 'bwrap',
  status?: SandboxStatus,
) {
  const userHome = tempDir('aibox-user-');
  const paths = dataPaths(join(userHome, '.aibox'));
  for (const dir of [paths.workspace, paths.skills, join(userHome, '.ssh')])
    mkdirSync(dir, { recursive: true });
  writeFileSync(paths.config, JSON.stringify({ llm: { api_key: SECRET } }));
  writeFileSync(paths.database, SECRET);
  writeFileSync(join(userHome, '.ssh', 'id_rsa'), SECRET);
  const fresh = { name: 'fresh', path: join(paths.skills, 'fresh') };
  writeFileSync(fresh.path, '#!/bin/sh\necho fresh ran\n', { mode: 0o755 });
  const config = SafetyConfigSchema.parse(safety);
  const provenance = openSkillProvenance(paths.home);
  const guard = createCommandGuard({
    safety: config,
    paths,
    home: userHome,
    workspace: paths.workspace,
    skills: { dir: paths.skills, get: (name) => (name === 'fresh' ? (fresh as never) : undefined) },
    provenance,
    sandbox: status ?? { kind: sandbox, network: config.network },
  });
  const tools = ToolsConfigSchema.parse({});
  const tool = createRunCommandTool({
    lang: 'en',
    config: tools,
    workspace: paths.workspace,
    skillsDir: paths.skills,
    secretEnvNames: [],
    limiter: createResultLimiter({ maxChars: 4000, dir: paths.toolResults, clock: systemClock }),
    killGraceMs: 200,
    guard,
    baseEnv: { ...process.env, HOME: userHome, SERVER_ONLY_VARIABLE: 'kept outside' },
  });
  const asked: Omit<ApprovalRequest, 'sessionId' | 'turnId' | 'callId'>[] = [];
  const answering = (outcome: ApprovalOutcome): ToolContext => ({
    ...makeContext(),
    requestApproval: async (request) => {
      asked.push(request);
      return outcome;
    },
  });
  const run = (command: string, ctx: ToolContext = makeContext(), env?: Record<string, string>) =>
    tool.execute(tool.parameters.parse({ command, env }), ctx);
  return { paths, userHome, run, asked, answering, provenance, fresh, safety: config, tool, guard };
}

describe('run_command in the bubblewrap sandbox', () => {
  it("starts bwrap with an allow-listed env; the model's env reaches only the command inside", async () => {
    const { run, guard, paths } = setup();
    const base = { PATH: '/usr/bin:/bin', HOME: '/home/x', SERVER_ONLY_VARIABLE: 'x', LC_ALL: 'C' };
    const spec = guard.spawnSpec('true', paths.workspace, false, { base, model: { LD_PRELOAD: '/w/x.so' } });
    expect(spec.env).toEqual({ PATH: '/usr/bin:/bin', HOME: '/home/x', LC_ALL: 'C' });
    expect(spec.args.join(' ')).toContain('--setenv LD_PRELOAD /w/x.so');
    const result = await run('env', makeContext(), { MODEL_SET: 'from the model' });
    expect(result.content).toContain('MODEL_SET=from the model');
    expect(result.content).not.toContain('SERVER_ONLY_VARIABLE');
    expect(result.content).toMatch(/^PATH=/m);
  });

  it('cannot write outside the workspace even through code the analyser cannot see', async () => {
    const { run, paths } = setup();
    // The skills dir is outside the workspace and bound read-only (the tests' dirs all live under /tmp,
    // which the sandbox replaces with its own).
    writeFileSync(
      join(paths.workspace, 'w.sh'),
      `echo pwned > ${join(paths.skills, 'outside')}\necho ok > inside.txt\n`,
    );
    const result = await run('sh w.sh');
    expect(result.content).toMatch(/Read-only file system/);
    expect(() => readFileSync(join(paths.skills, 'outside'))).toThrow();
    expect(readFileSync(join(paths.workspace, 'inside.txt'), 'utf8')).toBe('ok\n');
  });

  it('has a private /tmp and hides the data dir secrets and ~/.ssh', async () => {
    const { run, paths, userHome } = setup();
    const marker = join(tempDir('aibox-host-tmp-'), 'host-file');
    writeFileSync(marker, 'host');
    writeFileSync(
      join(paths.workspace, 'r.sh'),
      // One stream (exec 2>&1): stdout and stderr read from two pipes may arrive in either order.
      `exec 2>&1; ls ${marker}; echo made > /tmp/made-inside; cat ${paths.config} ${paths.database} ${userHome}/.ssh/id_rsa; ls ${userHome}/.ssh | wc -l\n`,
    );
    const result = await run('sh r.sh');
    expect(result.content).toContain('No such file');
    expect(result.content).not.toContain(SECRET);
    expect(result.content).toMatch(/\n0$/);
    expect(() => readFileSync('/tmp/made-inside')).toThrow();
  });

  it.runIf(existsSync('/run/dbus') && readdirSync('/run/dbus').length > 0)(
    "hides the host's service sockets (D-Bus here)",
    async () => {
      const { run, paths } = setup();
      writeFileSync(
        join(paths.workspace, 's.sh'),
        'echo "[$(ls -A /run/dbus 2>/dev/null)$(ls -A /var/run/dbus 2>/dev/null)]"\n',
      );
      expect((await run('sh s.sh')).content).toMatch(/\n\[\]$/);
    },
  );

  it("never reaches a server on the host's loopback; with the network on, one on this machine's address", async () => {
    const own = Object.values(networkInterfaces())
      .flat()
      .find((a) => a?.family === 'IPv4' && !a.internal)?.address;
    const listen = async (host: string) => {
      const server = createServer((_req, res) => res.end('reached'));
      await new Promise<void>((resolve) => server.listen(0, host, resolve));
      return { server, url: `http://${host}:${(server.address() as AddressInfo).port}/` };
    };
    const loopback = await listen('127.0.0.1');
    const outside = own ? await listen(own) : undefined;
    try {
      const on = setup({ network: true }, 'bwrap', await probeBwrap(true, 'en'));
      expect((await on.run(`curl -s -m 5 ${loopback.url}`)).content).not.toContain('reached');
      if (outside) expect((await on.run(`curl -s -m 5 ${outside.url}`)).content).toContain('reached');
      const off = setup({ network: false }, 'bwrap', await probeBwrap(false, 'en'));
      for (const url of [loopback.url, outside?.url ?? loopback.url]) {
        const result = await off.run(`curl -s -m 5 ${url}`);
        expect(result.ok).toBe(false);
        expect(result.content).not.toContain('reached');
      }
    } finally {
      loopback.server.close();
      outside?.server.close();
    }
  }, 60_000);
});

describe('run_command decisions', () => {
  it('refuses what needs a yes when nobody can be asked, and tells the model not to retry', async () => {
    const { run, paths } = setup();
    writeFileSync(join(paths.workspace, 'keep.txt'), 'x');
    const result = await run('ls && rm keep.txt');
    expect(result.ok).toBe(false);
    expect(result.content).toContain('The command was not run: ls && rm keep.txt');
    expect(result.content).toContain('deletes files: rm keep.txt');
    expect(result.content).toContain('Nobody can be asked');
    expect(result.content).toContain('Do not try the same thing again');
    expect(readFileSync(join(paths.workspace, 'keep.txt'), 'utf8')).toBe('x');
  });

  it('denies secrets without asking, and under mode deny refuses every ask', async () => {
    const { run, answering, asked } = setup();
    const secret = await run('cat ~/.ssh/id_rsa', answering({ approved: true, how: 'allow' }));
    expect(secret.content).toContain('The policy forbids this');
    expect(asked).toEqual([]);
    const strict = setup({ mode: 'deny' });
    const refused = await strict.run('rm x', strict.answering({ approved: true, how: 'allow' }));
    expect(refused.content).toContain('safety.mode = deny');
    expect(strict.asked).toEqual([]);
  });

  it('asks with the reason and an exact "Always" rule, runs after a yes and not after a no', async () => {
    const { run, answering, asked, paths } = setup();
    writeFileSync(join(paths.workspace, 'gone.txt'), 'x');
    const no = await run('rm gone.txt', answering({ approved: false, how: 'deny', by: 'test' }));
    expect(no.content).toContain('The user denied it');
    expect(asked[0]).toEqual({
      tool: 'run_command',
      command: 'rm gone.txt',
      reason: 'deletes files: rm gone.txt',
      // The program's absolute path, as the shell finds it on the command's PATH.
      rememberable: {
        decision: 'allow',
        command: execFileSync('/bin/sh', ['-c', 'command -v rm'], { encoding: 'utf8' }).trim(),
        args: ['gone.txt'],
        tool: 'run_command',
      },
    });
    const yes = await run('rm gone.txt', answering({ approved: true, how: 'allow' }));
    expect(yes.ok).toBe(true);
    expect(() => readFileSync(join(paths.workspace, 'gone.txt'))).toThrow();
    await run('bash -c "rm gone.txt"', answering({ approved: false, how: 'deny' }));
    expect(asked[2]?.rememberable).toBeUndefined();
  });

  it('runs an approved write outside the workspace on the host', async () => {
    const { run, answering, paths } = setup();
    const target = join(paths.skills, 'notes.txt');
    const result = await run(`echo hi > ${target}`, answering({ approved: true, how: 'allow' }));
    expect(result.ok).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('hi\n');
  });

  it("tells the model that the sandbox's /tmp is its own: in the description and in a result naming it", async () => {
    const { run, tool, paths } = setup();
    expect(tool.description).toContain("/tmp and $HOME are each command's own");
    const scratch = `${paths.home}-scratch-not-on-host`;
    const inTmp = `/tmp/${scratch.split('/').at(-1)}`;
    const result = await run(`echo x > ${inTmp} && cat ${inTmp}`);
    expect(result.content).toContain(`note: /tmp here is the sandbox's own`);
    expect(result.content).toContain(`(${inTmp})`);
    expect(existsSync(inTmp)).toBe(false);
    expect((await run('echo x > in-workspace.txt')).content).not.toContain("sandbox's own");
    expect(setup({}, 'off').tool.description).not.toContain("each command's own");
  });

  it('names what a host line does before what every command needs without the sandbox, within the cap', async () => {
    const { run, answering, asked, paths } = setup();
    const line = `echo a > a.txt; echo b > b.txt; python3 x.py; ldconfig -p; rm -rf ${paths.home}/gone`;
    const result = await run(line, answering({ approved: false, how: 'deny' }));
    expect(result.ok).toBe(false);
    expect(asked[0]?.reason).toMatch(
      new RegExp(
        `^the whole line runs outside the sandbox, on this machine \\(each part judged so\\): changes the system or gains privileges: ldconfig; deletes files: rm ${paths.home}/gone; writes a file without the sandbox: .*and 2 more$`,
      ),
    );
    expect(asked[0]?.rememberable).toBeUndefined();
  });

  it("asks a model-made skill's first run, remembers the yes on disk, and asks again when it changes", async () => {
    const { run, answering, asked, provenance, fresh, paths } = setup();
    await provenance.record(fresh, { source: 'create_skill', by: 'model' });
    const first = await run('fresh', answering({ approved: true, how: 'allow' }));
    expect(first.content).toContain('fresh ran');
    const reason =
      'runs a skill the model created, installed or wrote (its first run, or its files changed since the yes): fresh';
    expect(asked.map((a) => a.reason)).toEqual([reason]);
    expect(await run('fresh')).toMatchObject({ ok: true });
    const [record] = JSON.parse(readFileSync(join(paths.home, PROVENANCE_FILE), 'utf8')).skills;
    expect(record).toMatchObject({ name: 'fresh', by: 'model', source: 'create_skill' });
    expect(record.approved).toBe(record.sha256);
    writeFileSync(fresh.path, '#!/bin/sh\necho changed ran\n');
    const changed = await run('fresh');
    expect(changed.ok).toBe(false);
    expect(asked.map((a) => a.reason)).toEqual([reason]);
    expect(changed.content).toContain(reason);
  });

  it('follows safety.rules and safety.mode as /reload changes them in place', async () => {
    const { run, answering, asked, paths, safety } = setup();
    writeFileSync(join(paths.workspace, 'old.txt'), 'x');
    safety.rules = [{ decision: 'allow', command: 'rm', args: ['old.txt'], tool: 'run_command' }];
    expect((await run('rm old.txt', answering({ approved: false, how: 'deny' }))).ok).toBe(true);
    expect(asked).toEqual([]);
    safety.mode = 'deny';
    expect((await run('rm other.txt')).content).toContain('safety.mode = deny');
  });

  it('asks more without the sandbox: a write in the workspace is asked', async () => {
    const { run, answering, asked } = setup({}, 'off');
    await run('echo x > made.txt', answering({ approved: false, how: 'deny' }));
    expect(asked[0]?.reason).toContain('writes a file without the sandbox');
    expect((await run('ls')).ok).toBe(true);
  });
});
