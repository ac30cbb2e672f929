/**
 * stdio MCP servers in the command sandbox (real bubblewrap): the server's process sees the
 * configured directories read-write and the workspace, but not the box's secrets, not the rest of
 * the file system for writing, and not the server's own process.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPaths } from '../../src/config/paths.js';
import { SafetyConfigSchema } from '../../src/config/schema.js';
import { mcpSandboxLaunch } from '../../src/mcp/mcp-sandbox.js';
import { runProcess } from '../../src/util/run-process.js';
import { tempDir } from '../helpers/tool-context.js';

const SECRET = 'sk-mcp-sandbox-secret-5';

function setup(kind: 'bwrap' | 'off') {
  const userHome = tempDir('aibox-mcp-sbx-');
  const paths = dataPaths(join(userHome, '.aibox'));
  const shared = join(userHome, 'shared-folder');
  const elsewhere = join(userHome, 'elsewhere');
  for (const dir of [paths.workspace, paths.skills, shared, elsewhere]) mkdirSync(dir, { recursive: true });
  writeFileSync(paths.config, JSON.stringify({ llm: { api_key: SECRET } }));
  const safety = SafetyConfigSchema.parse({});
  const wrap = mcpSandboxLaunch({
    safety,
    sandbox: { kind, network: true },
    paths,
    home: userHome,
    workspace: paths.workspace,
    skillsDir: paths.skills,
  });
  return { paths, shared, elsewhere, wrap };
}

async function launch(spec: { command: string; args: string[]; env: Record<string, string>; cwd?: string }) {
  const run = await runProcess({
    command: spec.command,
    args: spec.args,
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...spec.env },
    ...(spec.cwd ? { cwd: spec.cwd } : {}),
    timeoutMs: 20_000,
  });
  return { code: run.exitCode, out: run.stdout.toString('utf8'), err: run.stderr.toString('utf8') };
}

describe('stdio MCP servers in the sandbox', () => {
  it('sees its configured folder read-write, but no secrets, no other writes and not the server', async () => {
    const { paths, shared, elsewhere, wrap } = setup('bwrap');
    const script = [
      `echo shared > ${join(shared, 'from-server.txt')}`,
      `echo ws > ${join(paths.workspace, 'ws.txt')}`,
      `(echo out > ${join(elsewhere, 'x.txt')}) 2>/dev/null || echo elsewhere-refused`,
      `cat ${paths.config} 2>/dev/null || true`,
      `echo pid=$$`,
    ].join('; ');
    const spec = wrap({ command: '/bin/sh', args: ['-c', script, shared], env: {} });
    expect(spec.command).toBe('bwrap');
    const result = await launch(spec);
    expect(result.err).toBe('');
    expect(readFileSync(join(shared, 'from-server.txt'), 'utf8')).toBe('shared\n');
    expect(readFileSync(join(paths.workspace, 'ws.txt'), 'utf8')).toBe('ws\n');
    expect(existsSync(join(elsewhere, 'x.txt'))).toBe(false);
    expect(result.out).toContain('elsewhere-refused');
    expect(result.out).not.toContain(SECRET);
    // Its own PID namespace: the server's process is not there to read.
    expect(Number(/pid=(\d+)/.exec(result.out)?.[1])).toBeLessThan(10);
  });

  it('finds a server installed under /tmp (its folder kept visible, read-only)', async () => {
    const { wrap } = setup('bwrap');
    const pkg = join(tempDir('aibox-mcp-pkg-'), 'pkg');
    mkdirSync(join(pkg, 'lib'), { recursive: true });
    writeFileSync(join(pkg, 'lib', 'part.sh'), 'echo part-loaded\n');
    writeFileSync(
      join(pkg, 'server.sh'),
      `. ${join(pkg, 'lib', 'part.sh')}\n(echo x > ${join(pkg, 'w')}) 2>/dev/null || echo read-only\n`,
    );
    const result = await launch(wrap({ command: '/bin/sh', args: [join(pkg, 'server.sh')], env: {} }));
    expect(result.out).toBe('part-loaded\nread-only\n');
    expect(existsSync(join(pkg, 'w'))).toBe(false);
  });

  it('starts the server as configured when there is no sandbox', async () => {
    const { wrap } = setup('off');
    const spec = { command: '/bin/echo', args: ['plain'], env: { A: '1' } };
    expect(wrap(spec)).toEqual(spec);
    expect((await launch(wrap(spec))).out).toBe('plain\n');
  });
});
