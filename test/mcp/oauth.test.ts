/**
 * OAuth for an HTTP MCP server, against the SDK's own example server with its demo authorization
 * server (`simpleStreamableHttp.js --oauth`, a child process): the box says a login is needed;
 * `aibox mcp login` does discovery, registration and PKCE through a loopback redirect ($BROWSER:
 * a fetch standing in for the browser), keeps the record 0600; then the box connects with it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMcpServers } from '../../src/cli/commands/mcp-check.js';
import { loginMcpServer } from '../../src/cli/commands/mcp-login.js';
import { resolveCliContext } from '../../src/config/context.js';
import { homeEnv } from '../helpers/box.js';
import { runCli, tempHome } from '../helpers/cli.js';

const ROOT = resolve(import.meta.dirname, '../..');
const EXAMPLE = join(
  ROOT,
  'node_modules/@modelcontextprotocol/sdk/dist/esm/examples/server/simpleStreamableHttp.js',
);
const BROWSER = join(import.meta.dirname, 'fixtures/fetch-browser.mjs');

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let child: ChildProcess;
let home: string;

beforeAll(async () => {
  const [mcpPort, authPort] = [await freePort(), await freePort()];
  child = spawn(process.execPath, [EXAMPLE, '--oauth'], {
    env: { ...process.env, MCP_PORT: String(mcpPort), MCP_AUTH_PORT: String(authPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((done, fail) => {
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes(`listening on port ${mcpPort}`) && out.includes(`listening on port ${authPort}`))
        done();
    });
    child.once('exit', (code) => fail(new Error(`example server exited ${code}: ${out}`)));
  });
  home = tempHome('aibox-mcp-oauth-');
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      lang: 'en',
      llm: { provider: 'custom', base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key_env: '' },
      skills: { watch: false, install_examples: false },
      scheduler: { enabled: false },
      mcp: {
        servers: {
          demo: { url: `http://localhost:${mcpPort}/mcp` },
          local: { command: 'true', enabled: false },
        },
      },
    }),
  );
});

afterAll(() => {
  child?.kill();
});

describe('MCP OAuth', () => {
  it('says a login is needed, logs in through the browser step, then connects with the kept tokens', async () => {
    const env = { ...homeEnv(home), AIBOX_LANG: 'en' };
    const ctx = await resolveCliContext({}, env);
    const demo = async () => (await checkMcpServers(ctx, env)).find((s) => s.name === 'demo');
    expect((await demo())?.error).toContain('needs an OAuth login: run aibox mcp login demo');

    // $BROWSER gets the URL as its one argument.
    const shell = join(home, 'browser.sh');
    writeFileSync(shell, `#!/bin/sh\nexec "${process.execPath}" "${BROWSER}" "$1"\n`, { mode: 0o755 });
    expect(await loginMcpServer(ctx, 'demo', { ...env, BROWSER: shell })).toContain('Logged in to "demo"');
    const record = join(home, 'mcp-oauth', 'demo.json');
    expect(statSync(record).mode & 0o777).toBe(0o600);
    expect(statSync(join(home, 'mcp-oauth')).mode & 0o777).toBe(0o700);
    expect(JSON.parse(readFileSync(record, 'utf8')).tokens.access_token).toBeTruthy();

    const after = await demo();
    expect(after).toMatchObject({ state: 'connected' });
    expect(after?.tools).toBeGreaterThan(0);
    expect(await loginMcpServer(ctx, 'demo', { ...env, BROWSER: shell })).toContain('connects already');
  });

  it('refuses a login for a stdio server and for an unknown one', async () => {
    expect((await runCli(['mcp', 'login', 'local'], { home })).stderr).toContain('is a stdio server');
    const ctx = await resolveCliContext({}, homeEnv(home));
    await expect(loginMcpServer(ctx, 'nope', process.env)).rejects.toThrow(/nope/);
  });
});
