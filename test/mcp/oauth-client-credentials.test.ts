/**
 * OAuth with a client registered beforehand and the client-credentials grant, at the wire level:
 * one local HTTP server is the authorization server (metadata, a token endpoint that checks
 * `client_secret_basic` or a `private_key_jwt` assertion with jose) and the resource server (the
 * SDK's McpServer behind its Streamable HTTP transport, bearer tokens checked; its `write` tool
 * answers `403 insufficient_scope` to a token without `write`: a step-up). The box connects with
 * no person, steps up by itself, keeps the record 0600; a wrong secret fails the connection.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/create-app.js';
import { tempHome } from '../helpers/cli.js';
import { createQuietApp } from '../helpers/quiet-app.js';
import { makeContext } from '../helpers/tool-context.js';
import { testEnv } from '../server/harness.js';

interface TokenRequest {
  grant: string | null;
  scope: string | null;
  auth: 'basic' | 'jwt' | 'refused';
}

const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const privatePem = keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
let server: Server;
let base: string;
let home: string;
let app: App;
const tokenRequests: TokenRequest[] = [];
/** Issued token → its scopes. */
const tokens = new Map<string, string[]>();

const body = (req: IncomingMessage) =>
  new Promise<string>((done) => {
    let text = '';
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString();
    });
    req.on('end', () => done(text));
  });

const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));

async function token(req: IncomingMessage, res: ServerResponse) {
  const form = new URLSearchParams(await body(req));
  const basic = req.headers.authorization?.startsWith('Basic ')
    ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString()
    : undefined;
  let auth: TokenRequest['auth'] = 'refused';
  if (basic === 'box:s3cret') auth = 'basic';
  const assertion = form.get('client_assertion');
  if (assertion) {
    const verified = await jwtVerify(assertion, await importSPKI(publicPem, 'ES256'), {
      audience: [base, `${base}/`],
      issuer: 'box-jwt',
      subject: 'box-jwt',
    }).catch(() => undefined);
    if (verified) auth = 'jwt';
  }
  tokenRequests.push({ grant: form.get('grant_type'), scope: form.get('scope'), auth });
  if (auth === 'refused') return json(res, 401, { error: 'invalid_client' });
  const issued = `tok-${tokens.size + 1}`;
  tokens.set(issued, (form.get('scope') ?? '').split(' ').filter(Boolean));
  json(res, 200, { access_token: issued, token_type: 'Bearer', expires_in: 3600 });
}

async function mcp(req: IncomingMessage, res: ServerResponse) {
  const text = await body(req);
  const message = text ? (JSON.parse(text) as { method?: string; params?: { name?: string } }) : {};
  const metadata = `${base}/.well-known/oauth-protected-resource/mcp`;
  const scopes = tokens.get(req.headers.authorization?.slice('Bearer '.length) ?? '');
  if (!scopes)
    return json(
      res,
      401,
      { error: 'invalid_token' },
      { 'www-authenticate': `Bearer resource_metadata="${metadata}"` },
    );
  if (message.method === 'tools/call' && message.params?.name === 'write' && !scopes.includes('write'))
    return json(
      res,
      403,
      { error: 'insufficient_scope' },
      {
        'www-authenticate': `Bearer error="insufficient_scope", scope="read write", resource_metadata="${metadata}"`,
      },
    );
  const mcpServer = new McpServer({ name: 'guarded', version: '1.0.0' });
  for (const name of ['read', 'write'])
    mcpServer.registerTool(name, { description: `${name}s` }, async () => ({
      content: [{ type: 'text', text: `${name} done with ${scopes.join(',')}` }],
    }));
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await mcpServer.connect(transport);
  await transport.handleRequest(req, res, text ? JSON.parse(text) : undefined);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/.well-known/oauth-protected-resource/mcp')
      return json(res, 200, { resource: `${base}/mcp`, authorization_servers: [base] });
    if (path === '/.well-known/oauth-authorization-server')
      return json(res, 200, {
        issuer: base,
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        response_types_supported: ['code'],
        grant_types_supported: ['client_credentials'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ['ES256'],
      });
    if (path === '/token' && req.method === 'POST') return void token(req, res);
    if (path === '/mcp' && req.method === 'POST') return void mcp(req, res);
    res.writeHead(405).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  home = tempHome('aibox-mcp-cc-');
  writeFileSync(join(home, 'box.pem'), privatePem, { mode: 0o600 });
  writeFileSync(
    join(home, 'not-a-key.pem'),
    '-----BEGIN PRIVATE KEY-----\nnonsense\n-----END PRIVATE KEY-----\n',
  );
  const url = `${base}/mcp`;
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      lang: 'en',
      llm: { provider: 'custom', base_url: 'http://127.0.0.1:9/v1', model: 'm', api_key_env: '' },
      skills: { watch: false, install_examples: false },
      safety: { mode: 'off' },
      mcp: {
        servers: {
          basic: {
            url,
            client_id: 'box',
            client_secret: 's3cret',
            grant: 'client_credentials',
            scope: 'read',
          },
          jwt: { url, client_id: 'box-jwt', private_key: 'box.pem' },
          wrong: { url, client_id: 'box', client_secret: 'guess', grant: 'client_credentials' },
          badkey: { url, client_id: 'box-jwt', private_key: 'not-a-key.pem' },
        },
      },
    }),
  );
  app = await createQuietApp({ home, env: testEnv(home) });
  await app.mcp.settled();
});

afterAll(async () => {
  await app?.close();
  await new Promise((done) => server?.close(done));
});

const tool = (name: string) => {
  const found = app.mcp.tools().find((t) => t.name === name);
  if (!found) throw new Error(`no ${name}: ${JSON.stringify(app.mcp.status())}`);
  return found;
};
const status = (name: string) => app.mcp.status().find((s) => s.name === name);

describe('OAuth client credentials', () => {
  it('connects without a person, with client_secret_basic and with a private_key_jwt assertion', () => {
    expect(status('basic')?.state).toBe('connected');
    expect(status('jwt')?.state).toBe('connected');
    expect(tokenRequests).toEqual(
      expect.arrayContaining([
        { grant: 'client_credentials', scope: 'read', auth: 'basic' },
        { grant: 'client_credentials', scope: null, auth: 'jwt' },
      ]),
    );
    const record = join(home, 'mcp-oauth', 'basic.json');
    expect(statSync(record).mode & 0o777).toBe(0o600);
    expect(readFileSync(record, 'utf8')).not.toContain('s3cret');
  });

  it('asks for the scope a 403 names and sends the call again', async () => {
    const before = tokenRequests.length;
    const result = await tool('basic__write').execute({}, makeContext());
    expect(result).toMatchObject({ ok: true, content: 'write done with read,write' });
    expect(tokenRequests.slice(before)).toEqual([
      { grant: 'client_credentials', scope: 'read write', auth: 'basic' },
    ]);
  });

  it('fails the connection on a wrong secret or a file that is not a key, saying why', () => {
    expect(status('wrong')?.state).toBe('failed');
    expect(status('badkey')?.state).toBe('failed');
    expect(status('badkey')?.error).toContain('not a private key in PEM form');
    expect(tokenRequests.some((r) => r.auth === 'refused')).toBe(true);
  });
});
