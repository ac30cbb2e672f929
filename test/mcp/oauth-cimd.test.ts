/**
 * Client ID metadata documents (`mcp.client_metadata_url`, docs/mcp.md "OAuth"), at the wire level:
 * one local HTTP server holds two authorization servers and their MCP servers (the SDK's McpServer
 * behind its Streamable HTTP transport, bearer tokens checked). `/cimd` says
 * `client_id_metadata_document_supported` and has no registration endpoint; it "fetches" a URL
 * client id from what is hosted, which is what `aibox mcp client-metadata` printed, and checks the
 * redirect against it (any port of 127.0.0.1, RFC 8252). `/dcr` only registers dynamically.
 * `aibox mcp login` (its browser a fetch that follows the redirect) then uses the URL as the client
 * id where it is taken, registers where it is not, and presents a pre-registered client before
 * either; the box connects with the tokens. Wrong URLs in the config are refused, naming the key.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkMcpServers } from '../../src/cli/commands/mcp-check.js';
import { loginMcpServer } from '../../src/cli/commands/mcp-login.js';
import { ConfigError } from '../../src/config/config-error.js';
import { resolveCliContext } from '../../src/config/context.js';
import { loadConfig } from '../../src/config/load-config.js';
import { homeEnv } from '../helpers/box.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { readBody } from '../helpers/fake-llm.js';

const METADATA_URL = 'https://aibox.example/oauth/client.json';
const BROWSER = join(import.meta.dirname, 'fixtures/fetch-browser.mjs');

interface Seen {
  tenant: string;
  step: 'authorize' | 'token' | 'register';
  clientId?: string | null;
}

let server: Server;
let base: string;
let home: string;
/** What is hosted at each URL (the test's internet): the document `aibox mcp client-metadata` printed. */
const hosted = new Map<string, { client_id?: string; redirect_uris?: string[] }>();
const seen: Seen[] = [];
const codes = new Map<string, { clientId: string; challenge: string }>();
const tokens = new Set<string>();

const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));

/** The redirect a client's document allows: the same, or another port of a loopback IP (RFC 8252, 7.3). */
function allowed(redirect: string, listed: string[]): boolean {
  const asked = new URL(redirect);
  return listed.some((entry) => {
    const url = new URL(entry);
    if (url.hostname !== '127.0.0.1') return entry === redirect;
    return (
      url.protocol === asked.protocol && url.hostname === asked.hostname && url.pathname === asked.pathname
    );
  });
}

function authorize(tenant: string, query: URLSearchParams, res: ServerResponse) {
  const clientId = query.get('client_id') ?? '';
  const redirect = query.get('redirect_uri') ?? '';
  seen.push({ tenant, step: 'authorize', clientId });
  if (clientId.startsWith('https://')) {
    const document = hosted.get(clientId);
    if (!document || document.client_id !== clientId || !allowed(redirect, document.redirect_uris ?? []))
      return json(res, 400, { error: 'invalid_client' });
  }
  const code = `code-${codes.size + 1}`;
  codes.set(code, { clientId, challenge: query.get('code_challenge') ?? '' });
  const back = new URL(redirect);
  back.searchParams.set('code', code);
  back.searchParams.set('state', query.get('state') ?? '');
  res.writeHead(302, { location: back.href }).end();
}

async function token(tenant: string, req: IncomingMessage, res: ServerResponse) {
  const form = new URLSearchParams(await readBody(req));
  seen.push({ tenant, step: 'token', clientId: form.get('client_id') });
  const issued = codes.get(form.get('code') ?? '');
  const verifier = createHash('sha256')
    .update(form.get('code_verifier') ?? '')
    .digest('base64url');
  if (!issued || issued.clientId !== form.get('client_id') || issued.challenge !== verifier)
    return json(res, 400, { error: 'invalid_grant' });
  const access = `tok-${tokens.size + 1}`;
  tokens.add(access);
  json(res, 200, {
    access_token: access,
    token_type: 'Bearer',
    expires_in: 3600,
    refresh_token: `r-${access}`,
  });
}

async function register(tenant: string, req: IncomingMessage, res: ServerResponse) {
  const metadata = JSON.parse(await readBody(req)) as Record<string, unknown>;
  seen.push({ tenant, step: 'register' });
  json(res, 201, { ...metadata, client_id: `dcr-${seen.length}` });
}

async function mcp(tenant: string, req: IncomingMessage, res: ServerResponse) {
  const text = await readBody(req);
  if (!tokens.has(req.headers.authorization?.slice('Bearer '.length) ?? ''))
    return json(
      res,
      401,
      { error: 'invalid_token' },
      {
        'www-authenticate': `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/${tenant}/mcp"`,
      },
    );
  const mcpServer = new McpServer({ name: tenant, version: '1.0.0' });
  mcpServer.registerTool('hello', { description: 'says hello' }, async () => ({
    content: [{ type: 'text', text: 'hello' }],
  }));
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await mcpServer.connect(transport);
  await transport.handleRequest(req, res, text ? JSON.parse(text) : undefined);
}

function route(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const prm = /^\/\.well-known\/oauth-protected-resource\/(cimd|dcr)\/mcp$/.exec(url.pathname);
  if (prm)
    return json(res, 200, {
      resource: `${base}/${prm[1]}/mcp`,
      authorization_servers: [`${base}/${prm[1]}`],
    });
  const as = /^\/\.well-known\/oauth-authorization-server\/(cimd|dcr)$/.exec(url.pathname);
  if (as) {
    const issuer = `${base}/${as[1]}`;
    return json(res, 200, {
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['none'],
      ...(as[1] === 'cimd'
        ? { client_id_metadata_document_supported: true }
        : { registration_endpoint: `${issuer}/register` }),
    });
  }
  const [, tenant, step] = /^\/(cimd|dcr)\/(\w+)$/.exec(url.pathname) ?? [];
  if (!tenant) return void res.writeHead(404).end();
  if (step === 'authorize') return authorize(tenant, url.searchParams, res);
  if (step === 'token' && req.method === 'POST') return void token(tenant, req, res);
  if (step === 'register' && req.method === 'POST' && tenant === 'dcr')
    return void register(tenant, req, res);
  if (step === 'mcp' && req.method === 'POST') return void mcp(tenant, req, res);
  res.writeHead(405).end();
}

function writeConfig(dir: string, mcpSection: Record<string, unknown>) {
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({
      lang: 'en',
      llm: { provider: 'custom', base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key_env: '' },
      skills: { watch: false, install_examples: false },
      scheduler: { enabled: false },
      mcp: mcpSection,
    }),
  );
}

beforeAll(async () => {
  server = createServer(route);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  home = tempHome('aibox-mcp-cimd-');
  writeConfig(home, {
    client_metadata_url: METADATA_URL,
    servers: {
      cimd: { url: `${base}/cimd/mcp` },
      dcr: { url: `${base}/dcr/mcp` },
      pre: { url: `${base}/cimd/mcp`, client_id: 'pre-1' },
    },
  });
  // The person hosts what the box prints (the bin's run; the command's others run in this process).
  const printed = await runCli(['mcp', 'client-metadata'], { home });
  expect(printed.code).toBe(0);
  hosted.set(METADATA_URL, JSON.parse(printed.stdout));
});

afterAll(async () => {
  await new Promise((done) => server?.close(done));
});

async function login(name: string) {
  const env = { ...homeEnv(home), AIBOX_LANG: 'en' };
  const shell = join(home, 'browser.sh');
  writeFileSync(shell, `#!/bin/sh\nexec "${process.execPath}" "${BROWSER}" "$1"\n`, { mode: 0o755 });
  const ctx = await resolveCliContext({}, env);
  const before = seen.length;
  const said = await loginMcpServer(ctx, name, { ...env, BROWSER: shell });
  const during = seen.slice(before);
  const status = (await checkMcpServers(ctx, env)).find((s) => s.name === name);
  return { said, status, seen: during };
}

describe('OAuth client ID metadata documents', () => {
  it('prints the document to host: the URL as client_id, a public client redirected to the loopback', () => {
    expect(hosted.get(METADATA_URL)).toEqual({
      client_id: METADATA_URL,
      client_name: 'Aibox',
      redirect_uris: ['http://127.0.0.1/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    });
  });

  it('logs in with the URL as client id where the authorization server takes it, without registering', async () => {
    const run = await login('cimd');
    expect(run.said).toContain('Logged in to "cimd"');
    expect(run.seen).toEqual([
      { tenant: 'cimd', step: 'authorize', clientId: METADATA_URL },
      { tenant: 'cimd', step: 'token', clientId: METADATA_URL },
    ]);
    expect(run.status).toMatchObject({ state: 'connected', tools: 1 });
    const record = JSON.parse(readFileSync(join(home, 'mcp-oauth', 'cimd.json'), 'utf8'));
    expect(record.client.client_id).toBe(METADATA_URL);
  });

  it('registers dynamically where the authorization server does not take it', async () => {
    const run = await login('dcr');
    expect(run.said).toContain('Logged in to "dcr"');
    expect(run.seen.map((s) => s.step)).toEqual(['register', 'authorize', 'token']);
    expect(run.seen[1]?.clientId).toMatch(/^dcr-/);
    expect(run.status).toMatchObject({ state: 'connected', tools: 1 });
  });

  it('presents a pre-registered client before the document', async () => {
    const run = await login('pre');
    expect(run.seen.map((s) => s.clientId)).toEqual(['pre-1', 'pre-1']);
    expect(run.status).toMatchObject({ state: 'connected', tools: 1 });
  });

  it('refuses a URL that cannot be a client id, naming mcp.client_metadata_url', async () => {
    for (const url of [
      'http://aibox.example/oauth/client.json',
      'https://aibox.example/',
      'https://aibox.example',
      'https://me:pw@aibox.example/client.json',
      'https://AIBOX.example/client.json',
      'https://aibox.example/a/../client.json',
      'https://aibox.example/client.json#x',
      'not a url',
      `https://aibox.example/${'x'.repeat(2000)}`,
      42,
    ]) {
      const dir = tempHome('aibox-mcp-cimd-bad-');
      writeConfig(dir, { client_metadata_url: url });
      const error = await loadConfig(join(dir, 'config.json')).catch((e: unknown) => e);
      expect(error, String(url)).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.key)).toEqual(['mcp.client_metadata_url']);
    }
    const dir = tempHome('aibox-mcp-cimd-bad-');
    writeConfig(dir, { client_metadata_url: 'http://aibox.example/c.json' });
    const zh = await runInProcess(['mcp', 'client-metadata'], { home: dir, env: { AIBOX_LANG: 'zh' } });
    expect(zh.code).not.toBe(0);
    expect(zh.stderr).toContain('mcp.client_metadata_url');
    expect(zh.stderr).toContain('https 地址');
  });

  it('says where the URL goes when none is set, and refuses a bad one given to the command', async () => {
    const dir = tempHome('aibox-mcp-cimd-none-');
    writeConfig(dir, {});
    const none = await runInProcess(['mcp', 'client-metadata'], { home: dir });
    expect(none.code).not.toBe(0);
    expect(none.stderr).toContain('set mcp.client_metadata_url');
    const zh = await runInProcess(['mcp', 'client-metadata'], { home: dir, env: { AIBOX_LANG: 'zh' } });
    expect(zh.stderr).toContain('先在 config.json 中设置 mcp.client_metadata_url');
    const bad = await runInProcess(['mcp', 'client-metadata', 'http://x.example/c.json'], { home: dir });
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('"http://x.example/c.json" will not do: expected empty, or the https URL');
    const given = await runInProcess(['mcp', 'client-metadata', METADATA_URL], { home: dir });
    expect(JSON.parse(given.stdout).client_id).toBe(METADATA_URL);
  });
});
