/**
 * `aibox mcp add` with a box running on this data dir: the box re-reads config.json at once
 * (POST /api/settings/reload with the client key), so `aibox mcp list` shows the new server
 * connected without a restart, and `aibox mcp remove` drops it the same way. `add` and `list` run in
 * this process (runInProcess), `remove` through the built bin as a child.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeEnv } from '../../helpers/box.js';
import { runCli } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { EVERYTHING } from '../../mcp/servers.js';
import { type Box, startBox } from '../../server/harness.js';

let box: Box;
beforeAll(async () => {
  box = await startBox();
  // The CLI finds the box by the port in config.json (a restart key: the box keeps its own).
  const path = join(box.home, 'config.json');
  const config = JSON.parse(readFileSync(path, 'utf8'));
  config.server = { ...config.server, port: Number(new URL(box.server.url).port) };
  writeFileSync(path, JSON.stringify(config, null, 2));
});
afterAll(async () => {
  await box?.close();
});

describe('aibox mcp add in a running box', () => {
  it('connects the new server at once: mcp list shows it, mcp remove drops it', {
    timeout: 90_000,
  }, async () => {
    const options = { home: box.home, env: homeEnv(box.home) };
    const cli = (...args: string[]) => runInProcess(['--lang', 'en', ...args], options);
    const bin = (...args: string[]) => runCli(['--lang', 'en', ...args], options);
    expect(box.app.mcp.status()).toEqual([]);
    const added = await cli('mcp', 'add', 'everything', process.execPath, EVERYTHING, 'stdio');
    expect(added.stderr).toBe('');
    expect(added.stdout).toContain('Added MCP server "everything"');
    expect(added.stdout).toContain('applied it now');
    // The box itself has the server (connecting or connected) before any restart.
    expect(box.app.mcp.status().map((s) => s.name)).toEqual(['everything']);
    await box.app.mcp.settled();
    const list = await cli('mcp', 'list');
    expect(list.stdout).not.toContain('not running');
    expect(list.stdout).toMatch(/everything\s+connected\s+stdio\s+\d+ tools/);
    expect(box.app.config.mcp.servers.everything).toMatchObject({ command: process.execPath });

    const removed = await bin('mcp', 'remove', 'everything');
    expect(removed.stdout).toContain('applied it now');
    expect(box.app.mcp.status()).toEqual([]);
  });
});
