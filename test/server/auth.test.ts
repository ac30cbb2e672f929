/** Token auth, Origin checks and the refusal to serve a non-loopback address without a token. */
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeLogger } from '../../src/log/logger.js';
import { startServer } from '../../src/server/start-server.js';
import { type Box, connect, connectReady, startBox } from './harness.js';

const TOKEN = 'correct-horse-battery-staple-42';

/** The body of a refused WebSocket upgrade with the given Origin. */
/** The status and the `{error:{code,message}}` body of a refused upgrade. */
function upgradeRefusal(
  wsUrl: string,
  origin: string,
): Promise<{ status: number | undefined; error: { code: string; message: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(wsUrl.replace(/^ws/, 'http'), {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        origin,
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (d: string) => {
        body += d;
      });
      res.on('end', () =>
        resolve({
          status: res.statusCode,
          ...(JSON.parse(body) as { error: { code: string; message: string } }),
        }),
      );
    });
    req.on('upgrade', () => reject(new Error('upgrade accepted')));
    req.on('error', reject);
    req.end();
  });
}

describe('server auth', () => {
  let open: Box;
  let locked: Box;
  beforeAll(async () => {
    open = await startBox({ config: { server: { allowed_origins: ['http://friendly.example'] } } });
    locked = await startBox({ config: { server: { token: TOKEN } }, server: { authTimeoutMs: 300 } });
  });
  afterAll(async () => {
    await open?.close();
    await locked?.close();
  });

  it('needs nothing on loopback without a token', async () => {
    const c = await connectReady(open.wsUrl);
    expect(c.frames[0]?.type).toBe('connection_ack');
    c.close();
  });

  it('accepts the token in the Authorization header', async () => {
    const c = await connectReady(locked.wsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(c.frames[0]?.type).toBe('connection_ack');
    c.close();
  });

  it('accepts the token as a subprotocol and selects aibox.v1', async () => {
    const c = await connectReady(locked.wsUrl, { protocols: ['aibox.v1', `aibox.token.${TOKEN}`] });
    expect(c.ws.protocol).toBe('aibox.v1');
    c.close();
  });

  it('accepts a first auth frame, and sends nothing before it', async () => {
    const c = await connect(locked.wsUrl);
    c.send({ type: 'auth', token: TOKEN });
    await c.waitType('history');
    expect(c.frames[0]?.type).toBe('connection_ack');
    c.close();
  });

  it('closes with 4401 on a wrong token, a missing auth frame, a non-auth first frame, or a token in the URL', async () => {
    const wrongHeader = await connect(locked.wsUrl, { headers: { authorization: 'Bearer nope' } });
    expect((await wrongHeader.closed).code).toBe(4401);
    const wrongFrame = await connect(locked.wsUrl);
    wrongFrame.send({ type: 'auth', token: 'nope' });
    expect((await wrongFrame.closed).code).toBe(4401);
    const chatFirst = await connect(locked.wsUrl);
    chatFirst.send({ type: 'message', content: 'let me in' });
    expect((await chatFirst.closed).code).toBe(4401);
    const silent = await connect(locked.wsUrl);
    expect((await silent.closed).code).toBe(4401);
    const inUrl = await connect(`${locked.wsUrl}/?token=${TOKEN}`);
    const closed = await inUrl.closed;
    expect(closed.code).toBe(4401);
    expect(inUrl.frames).toEqual([]);
    for (const c of [wrongHeader, wrongFrame, chatFirst, silent]) expect(c.frames).toEqual([]);
  });

  it('refuses a foreign Origin with 403 and accepts its own and the allowed ones', async () => {
    await expect(connect(open.wsUrl, { headers: { origin: 'http://evil.example' } })).rejects.toThrow('403');
    await expect(connect(open.wsUrl, { headers: { origin: 'null' } })).rejects.toThrow('403');
    // A page opened from a file (the original frontend.html): the refusal says what to set and what it allows.
    const refusal = await upgradeRefusal(open.wsUrl, 'null');
    expect(refusal.status).toBe(403);
    expect(refusal.error.code).toBe('forbidden_origin');
    expect(refusal.error.message).toContain('"allowed_origins": ["null"]');
    expect(refusal.error.message).toContain('any local file');
    const own = await connectReady(open.wsUrl, { origin: open.server.url });
    const allowed = await connectReady(open.wsUrl, { origin: 'http://friendly.example' });
    own.close();
    allowed.close();
  });

  it('protects /api with the token; /healthz stays open', async () => {
    expect((await fetch(`${locked.server.url}/api/status`)).status).toBe(401);
    const ok = await fetch(`${locked.server.url}/api/status`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(ok.status).toBe(200);
    expect((await fetch(`${locked.server.url}/healthz`)).status).toBe(200);
    // An unknown /api path, past the token, is the API's JSON 404 (not the server's plain text).
    const missing = await fetch(`${locked.server.url}/api/no-such-thing`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { code: 'not_found' } });
    expect(
      (await fetch(`${open.server.url}/api/status`, { headers: { origin: 'http://evil.example' } })).status,
    ).toBe(403);
  });

  it('never writes the token to the log', () => {
    closeLogger(locked.app.logger);
    const logs = readdirSync(locked.home).filter((f) => /^ai\.log(\.\d+)?$/.test(f));
    const text = logs.map((f) => readFileSync(join(locked.home, f), 'utf8')).join('');
    expect(text).toContain('authentication failed');
    expect(text).not.toContain(TOKEN);
  });

  it('refuses to listen on a non-loopback address without a token, saying how to set one', async () => {
    await expect(startServer(open.app, { host: '0.0.0.0', port: 0 })).rejects.toThrow(/server.*token/);
  });
});
