/**
 * `aibox mcp add|remove|list|check` editing a real config.json: the first `add` and the `check`
 * through the built bin as a child, the rest in this process (runInProcess; the real `remove` runs
 * in mcp-live.test.ts, the real `list` in test/mcp/client-e2e.test.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { homeEnv } from '../../helpers/box.js';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { EVERYTHING } from '../../mcp/servers.js';

const PEEK_SERVER = resolve(import.meta.dirname, '../../mcp/fixtures/peek-mcp-server.mjs');

describe('aibox mcp', () => {
  // Two CLI runs of the bin, one of them starting an MCP server: seconds each on a busy machine.
  it('adds, lists, checks and removes servers in config.json, refusing bad entries with the key named', {
    timeout: 120_000,
  }, async () => {
    const home = tempHome('aibox-mcp-cli-');
    const env = homeEnv(home);
    const bin = (...args: string[]) => runCli(['--lang', 'en', ...args], { home, env });
    const cli = (...args: string[]) => runInProcess(['--lang', 'en', ...args], { home, env });

    expect(
      (await bin('mcp', 'add', 'everything', process.execPath, EVERYTHING, 'stdio', '-e', 'A=1')).code,
    ).toBe(0);
    // After the program every word is the program's, its own options included (the README's example).
    const npx = ['npx', '-y', '@modelcontextprotocol/server-filesystem', '~/notes'];
    // Disabled: `mcp check` below need not wait for npx to resolve the package.
    expect((await cli('mcp', 'add', 'fs', '--disabled', ...npx)).code).toBe(0);
    const docker = ['docker', 'run', '-e', 'K=1', '-i', '--rm', 'mcp/time'];
    expect((await cli('mcp', 'add', 'time', '--disabled', '--', ...docker)).code).toBe(0);
    expect(
      (await cli('mcp', 'add', 'remote', 'http://127.0.0.1:9/mcp', '-H', 'Authorization: Bearer x')).code,
    ).toBe(0);
    const config = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8'));
    expect(config.mcp.servers.everything).toEqual({
      command: process.execPath,
      args: [EVERYTHING, 'stdio'],
      env: { A: '1' },
    });
    expect(config.mcp.servers.fs).toEqual({ command: 'npx', args: npx.slice(1), enabled: false });
    expect(config.mcp.servers.time).toEqual({ command: 'docker', args: docker.slice(1), enabled: false });
    expect(config.mcp.servers.remote).toEqual({
      url: 'http://127.0.0.1:9/mcp',
      headers: { Authorization: 'Bearer x' },
    });

    // A client registered beforehand: its keys in the entry, the key file's path made absolute.
    expect(
      (
        await cli(
          'mcp',
          'add',
          'machine',
          'https://mcp.example.com/mcp',
          '--client-id',
          'aibox',
          '--private-key',
          'keys/aibox.pem',
          '--scope',
          'read',
          '--disabled',
        )
      ).code,
    ).toBe(0);
    expect(JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')).mcp.servers.machine).toEqual({
      url: 'https://mcp.example.com/mcp',
      client_id: 'aibox',
      private_key: resolve('keys/aibox.pem'),
      scope: 'read',
      enabled: false,
    });
    const both = await cli(
      'mcp',
      'add',
      'y',
      'https://mcp.example.com/mcp',
      '--client-id',
      'c',
      '--client-secret',
      's',
      '--private-key',
      '/k',
    );
    expect(both.code).toBe(1);
    expect(both.stderr).toContain('mcp.servers.y.private_key');
    const stdio = await cli('mcp', 'add', 'z', '--client-id', 'c', 'some-server');
    expect(stdio.code).toBe(1);
    expect(stdio.stderr).toContain('mcp.servers.z.client_id');

    const bad = await cli('mcp', 'add', 'x', '--json', '{"command":"a","argz":[]}');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('mcp.servers.x.argz');
    expect(JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')).mcp.servers.x).toBeUndefined();

    const list = await cli('mcp', 'list');
    expect(list.stdout).toContain('not running');
    expect(list.stdout).toContain('remote  http://127.0.0.1:9/mcp');

    const checked = await bin('mcp', 'check');
    expect(checked.code).toBe(1);
    expect(checked.stdout).toMatch(/everything\s+connected\s+stdio\s+1\d tools/);
    expect(checked.stdout).toMatch(/remote\s+failed/);

    expect((await cli('mcp', 'remove', 'remote')).code).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')).mcp.servers)).toEqual([
      'everything',
      'fs',
      'time',
      'machine',
    ]);
  });

  it('check starts stdio servers the way the box does: in the sandbox, where the data dir is not there', async () => {
    const home = tempHome('aibox-mcp-check-');
    const config = join(home, 'config.json');
    const server = { command: process.execPath, args: [PEEK_SERVER], env: { PEEK: config } };
    writeFileSync(config, JSON.stringify({ mcp: { servers: { peek: server } } }));
    const checked = await runInProcess(['--lang', 'en', 'mcp', 'check'], { home, env: homeEnv(home) });
    expect(checked.stdout).not.toContain('can read');
    expect(checked.stdout).toMatch(/peek\s+connected\s+stdio\s+1 tool/);
    expect(checked.code).toBe(0);
  });
});
