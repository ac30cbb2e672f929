/**
 * DNS rebinding (issue 9, finding 1) and page headers (finding 13): without a token only
 * loopback Host values with the server's port (plus `server.allowed_hosts`) reach any
 * route or the WebSocket; an Origin must name an allowed host, not merely echo Host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type Box, connectReady, startBox } from './harness.js';
import { httpGet, rawStatus } from './raw-http.js';

const TOKEN = 'rebinding-test-token-0123456789';

/** The status of a WebSocket upgrade, and the body when it was refused. */
function upgradeAnswer(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, ['aibox.v1'], { headers });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.once('end', () => {
        resolve({ status: res.statusCode ?? 0, body });
        ws.terminate();
      });
    });
    ws.once('open', () => {
      resolve({ status: 101, body: '' });
      ws.close();
    });
    ws.once('error', (error) => {
      if (!/Unexpected server response/.test(String(error))) reject(error);
    });
  });
}

const upgradeStatus = async (url: string, headers: Record<string, string>) =>
  (await upgradeAnswer(url, headers)).status;

describe('Host check without a token', () => {
  let box: Box;
  let port: number;
  beforeAll(async () => {
    box = await startBox({ config: { server: { allowed_hosts: ['aibox.lan'] } } });
    port = box.server.port;
  });
  afterAll(async () => {
    await box?.close();
  });

  it('accepts loopback names with the server port, and allowed_hosts', async () => {
    for (const host of [
      `127.0.0.1:${port}`,
      `localhost:${port}`,
      `LOCALHOST:${port}`,
      `[::1]:${port}`,
      `127.8.9.10:${port}`,
      `aibox.lan:${port}`,
      'aibox.lan',
    ]) {
      expect((await httpGet(port, '/healthz', { host })).status, host).toBe(200);
    }
  });

  it('refuses other hosts with 403 on every route, before any handler runs', async () => {
    for (const host of [
      `evil.example:${port}`,
      `127.0.0.1.evil.com:${port}`,
      `localhost.evil.com:${port}`,
      `localhost:${port + 1}`,
      `[::2]:${port}`,
      '0x7f000001',
      'evil.example',
    ]) {
      for (const path of ['/healthz', '/', '/api/status', '/api/skills', '/mcp', '/v1/models', '/no/such']) {
        const res = await httpGet(port, path, { host });
        expect(res.status, `${host} ${path}`).toBe(403);
        expect(JSON.parse(res.body).error.code).toBe('forbidden_host');
      }
    }
    const post = await httpGet(
      port,
      '/api/tasks',
      { host: 'evil.example', 'content-type': 'application/json' },
      'POST',
    );
    expect(post.status).toBe(403);
  });

  it('refuses a request without a Host header', async () => {
    expect(await rawStatus(port, 'GET /healthz HTTP/1.0\r\n\r\n')).toBe(403);
  });

  it('refuses the WebSocket upgrade from a rebound name, and accepts loopback', async () => {
    expect(await upgradeStatus(`${box.wsUrl}/ws`, { host: `rebind.evil.example:${port}` })).toBe(403);
    expect(
      await upgradeStatus(`${box.wsUrl}/ws`, {
        host: `rebind.evil.example:${port}`,
        origin: `http://rebind.evil.example:${port}`,
      }),
    ).toBe(403);
    const ok = await connectReady(`${box.wsUrl}/ws`, { headers: { host: `localhost:${port}` } });
    ok.close();
  });

  it('refuses an upgrade with the same JSON error as any request: forbidden_host, or not_found for another path', async () => {
    const rebound = await upgradeAnswer(`${box.wsUrl}/ws`, { host: `rebind.evil.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(JSON.parse(rebound.body).error).toMatchObject({ code: 'forbidden_host' });
    const elsewhere = await upgradeAnswer(`${box.wsUrl}/elsewhere`, { host: `localhost:${port}` });
    expect(elsewhere.status).toBe(404);
    expect(JSON.parse(elsewhere.body).error.code).toBe('not_found');
    expect(JSON.parse(elsewhere.body).error.message).toContain('/ws');
  });

  it('checks Origin against the allowed hosts, not against the Host header', async () => {
    const host = `127.0.0.1:${port}`;
    expect((await httpGet(port, '/api/status', { host, origin: `http://localhost:${port}` })).status).toBe(
      200,
    );
    expect((await httpGet(port, '/api/status', { host, origin: 'http://evil.example' })).status).toBe(403);
    expect(
      (await httpGet(port, '/api/status', { host, origin: `http://localhost:${port + 1}` })).status,
    ).toBe(403);
    expect(await upgradeStatus(`${box.wsUrl}/ws`, { host, origin: 'http://evil.example' })).toBe(403);
  });

  it('serves every response with CSP and the other protective headers', async () => {
    for (const path of ['/', '/healthz', '/api/status']) {
      const res = await httpGet(port, path, { host: `127.0.0.1:${port}` });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, path).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('Host check with a token', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox({ config: { server: { token: TOKEN } } });
  });
  afterAll(async () => {
    await box?.close();
  });

  it('lets any Host through (the token protects) but still checks Origin', async () => {
    const port = box.server.port;
    const auth = { authorization: `Bearer ${TOKEN}` };
    expect((await httpGet(port, '/api/status', { host: 'aibox.example.net', ...auth })).status).toBe(200);
    expect(
      (
        await httpGet(port, '/api/status', {
          host: 'aibox.example.net',
          origin: 'http://evil.example',
          ...auth,
        })
      ).status,
    ).toBe(403);
  });
});
