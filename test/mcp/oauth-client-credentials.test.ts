/**
 * OAuth with a client registered beforehand and the client-credentials grant, at the wire level:
 * one local HTTP server is the authorization server (metadata, a token endpoint that checks
 * `client_secret_basic` or a `private_key_jwt` assertion with jose) and the resource server (the
 * SDK's McpServer behind its Streamable HTTP transport, bearer tokens checked; its `write` tool
 * answers `403 insufficient_scope` to a token without `write`: a step-up). The box connects with
 * no person, steps up by itself, keeps the record 0600; a wrong secret fails the connection.
 * Cross-app access on the same servers: `/idp/token` is the person's identity provider, which
 * exchanges their ID token (a file) for an ID-JAG made out to the authorization server and the MCP
 * server; the token endpoint takes it as a JWT bearer grant from the pre-registered client.
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
import { ConfigError } from '../../src/config/config-error.js';
import { isSecretPath } from '../../src/config/config-keys.js';
import { loadConfig } from '../../src/config/load-config.js';
import { tempHome } from '../helpers/cli.js';
import { createQuietApp } from '../helpers/quiet-app.js';
import { makeContext } from '../helpers/tool-context.js';
import { testEnv } from '../server/harness.js';

interface TokenRequest {
  grant: string | null;
  scope: string | null;
  auth: 'basic' | 'jwt' | 'refused';
}

const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** What the identity provider was asked: every parameter of each token exchange, and how it was authenticated. */
const exchanges: Record<string, string>[] = [];
/** ID-JAGs the identity provider issued → the scope they were asked with. */
const jags = new Map<string, string | null>();

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
  if (form.get('grant_type') === JWT_BEARER && !jags.has(form.get('assertion') ?? ''))
    return json(res, 400, { error: 'invalid_grant' });
  const issued = `tok-${tokens.size + 1}`;
  tokens.set(issued, (form.get('scope') ?? '').split(' ').filter(Boolean));
  json(res, 200, { access_token: issued, token_type: 'Bearer', expires_in: 3600 });
}

/** The identity provider's token endpoint: the person's ID token for an ID-JAG (RFC 8693). */
async function exchange(req: IncomingMessage, res: ServerResponse) {
  const form = Object.fromEntries(new URLSearchParams(await body(req)));
  exchanges.push({ ...form, authorization: req.headers.authorization ?? '' });
  if (req.headers.authorization !== `Basic ${Buffer.from('idp-box:idp-s3cret').toString('base64')}`)
    return json(res, 401, { error: 'invalid_client' });
  if (form.subject_token !== 'person-id-token')
    return json(res, 400, { error: 'invalid_grant', error_description: 'the ID token has expired' });
  const jag = `jag-${jags.size + 1}`;
  jags.set(jag, form.scope ?? null);
  json(res, 200, {
    access_token: jag,
    issued_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
    token_type: 'N_A',
  });
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
        grant_types_supported: ['client_credentials', JWT_BEARER],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'private_key_jwt'],
        token_endpoint_auth_signing_alg_values_supported: ['ES256'],
      });
    if (path === '/token' && req.method === 'POST') return void token(req, res);
    if (path === '/idp/token' && req.method === 'POST') return void exchange(req, res);
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
  writeFileSync(join(home, 'id-token'), 'person-id-token\n', { mode: 0o600 });
  writeFileSync(join(home, 'old-id-token'), 'expired-id-token', { mode: 0o600 });
  const xaa = (idTokenFile: string) => ({
    url,
    client_id: 'box',
    client_secret: 's3cret',
    grant: 'cross_app_access',
    idp: {
      token_endpoint: `${base}/idp/token`,
      client_id: 'idp-box',
      client_secret: 'idp-s3cret',
      id_token_file: idTokenFile,
    },
  });
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
          xaa: xaa('id-token'),
          'xaa-old': xaa('old-id-token'),
          'xaa-none': xaa('no-such-file'),
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
    // Less the retries of the servers that fail (their back-off may fall in this call).
    expect(tokenRequests.slice(before).filter((r) => r.auth !== 'refused')).toEqual([
      { grant: 'client_credentials', scope: 'read write', auth: 'basic' },
    ]);
  });

  it('fails the connection on a wrong secret or a file that is not a key, saying why', async () => {
    // Polled: a failed server tries again after its back-off, and is "connecting" meanwhile.
    await expect.poll(() => status('wrong')?.state).toBe('failed');
    await expect
      .poll(() => status('badkey'))
      .toMatchObject({ state: 'failed', error: expect.stringContaining('not a private key in PEM form') });
    expect(tokenRequests.some((r) => r.auth === 'refused')).toBe(true);
  });
});

describe('OAuth cross-app access', () => {
  it("exchanges the person's ID token for an ID-JAG made out to the server, and presents it as a JWT bearer grant", () => {
    expect(status('xaa')).toMatchObject({ state: 'connected', tools: 2 });
    const asked = exchanges.find((e) => e.subject_token === 'person-id-token');
    expect(asked).toMatchObject({
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      requested_token_type: 'urn:ietf:params:oauth:token-type:id-jag',
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      audience: base,
      resource: `${base}/mcp`,
    });
    expect(tokenRequests).toContainEqual({ grant: JWT_BEARER, scope: null, auth: 'basic' });
    expect(readFileSync(join(home, 'mcp-oauth', 'xaa.json'), 'utf8')).not.toContain('person-id-token');
  });

  it('asks the identity provider again with the scope a 403 names', async () => {
    const before = exchanges.length;
    const result = await tool('xaa__write').execute({}, makeContext());
    expect(result).toMatchObject({ ok: true, content: 'write done with read,write' });
    const asked = exchanges.slice(before).filter((e) => e.subject_token === 'person-id-token');
    expect(asked.map((e) => e.scope)).toEqual(['read write']);
    expect(tokenRequests.filter((r) => r.grant === JWT_BEARER).at(-1)).toEqual({
      grant: JWT_BEARER,
      scope: 'read write',
      auth: 'basic',
    });
  });

  it('fails the connection when the identity provider refuses or the ID token file is missing, saying which', async () => {
    // Polled: a failed server tries again after its back-off, and is "connecting" meanwhile.
    await expect
      .poll(() => status('xaa-old'))
      .toMatchObject({
        state: 'failed',
        error: expect.stringContaining(
          'the identity provider refused the token exchange (400): the ID token has expired',
        ),
      });
    await expect
      .poll(() => status('xaa-none'))
      .toMatchObject({
        state: 'failed',
        error: expect.stringMatching(/cannot read the ID token file .*no-such-file/),
      });
  });

  it('refuses an entry whose grant and idp do not go together, or an idp over plain http, naming the key', async () => {
    const idp = { token_endpoint: 'https://idp.example/token', client_id: 'c', id_token_file: 't' };
    const cases: [Record<string, unknown>, string][] = [
      [{ client_id: 'box', client_secret: 's', grant: 'cross_app_access' }, 'mcp.servers.x.grant'],
      [{ client_id: 'box', client_secret: 's', idp }, 'mcp.servers.x.idp'],
      [{ client_id: 'box', grant: 'cross_app_access', idp }, 'mcp.servers.x.grant'],
      [{ idp }, 'mcp.servers.x.idp'],
      [
        {
          client_id: 'box',
          client_secret: 's',
          grant: 'cross_app_access',
          idp: { ...idp, token_endpoint: 'http://idp.example/token' },
        },
        'mcp.servers.x.idp.token_endpoint',
      ],
    ];
    for (const [entry, key] of cases) {
      const dir = tempHome('aibox-mcp-xaa-bad-');
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({ mcp: { servers: { x: { url: 'https://mcp.example/mcp', ...entry } } } }),
      );
      const error = await loadConfig(join(dir, 'config.json')).catch((e: unknown) => e);
      expect(error, key).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems.map((p) => p.key)).toEqual([key]);
    }
    expect(isSecretPath(['mcp', 'servers', 'x', 'idp', 'client_secret'])).toBe(true);
  });
});
