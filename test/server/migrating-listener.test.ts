/**
 * The port while the box migrates at start (src/server/migrating-listener.ts): `/healthz` says
 * how far the migration is, everything else (WebSocket upgrades too) is 503 `migrating`, and the
 * same listening socket is handed to the real server afterwards. Real sockets.
 */
import { request } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/config/schema.js';
import { isAppError } from '../../src/errors.js';
import { createMigratingListener, type MigratingListener } from '../../src/server/migrating-listener.js';
import { VERSION } from '../../src/version.js';

let listener: MigratingListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

function call(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string> } = {},
) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      const req = request({
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
      });
      const answer = (res: import('node:http').IncomingMessage) => {
        let body = '';
        res.setEncoding('utf8').on('data', (d: string) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      };
      req.on('response', answer);
      req.on('upgrade', (res) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' }));
      req.on('error', reject);
      req.end();
    },
  );
}

async function openOnAnyPort(): Promise<number> {
  const config = defaultConfig();
  config.server.port = 0;
  listener = createMigratingListener({ lang: 'en' });
  await listener.open(config);
  return listener.port() as number;
}

describe('the port while migrating', () => {
  it('/healthz says migrating and how far; other requests and upgrades get 503 migrating', async () => {
    const port = await openOnAnyPort();
    listener?.progress('2 memories', 4000, 10000);
    const health = await call(port, '/healthz?verbose=1');
    expect(health.status).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(JSON.parse(health.body)).toEqual({
      ok: false,
      status: 'migrating',
      version: VERSION,
      migration: { step: '2 memories', done: 4000, total: 10000 },
    });
    for (const [path, method] of [
      ['/api/tasks', 'GET'],
      ['/healthz', 'POST'],
      [`/${'x'.repeat(5000)}`, 'GET'],
      ['/v1/chat/completions', 'POST'],
    ] as const) {
      const refused = await call(port, path, { method });
      expect(refused.status, path.slice(0, 20)).toBe(503);
      expect(JSON.parse(refused.body).error.code).toBe('migrating');
    }
    const upgrade = await call(port, '/', {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    });
    expect(upgrade.status).toBe(503);
  });

  it('hands the same listening socket over: afterwards the new handler answers on that port', async () => {
    const port = await openOnAnyPort();
    const taken = listener?.takeOver();
    if (!taken) throw new Error('not open');
    taken.server.on('request', (_req, res) => res.end('ready'));
    const answer = await call(port, '/healthz');
    expect(answer).toMatchObject({ status: 200, body: 'ready' });
    await new Promise<void>((resolve) => taken.server.close(() => resolve()));
    expect(listener?.takeOver()).toBeUndefined();
  });

  it('refuses a non-loopback address without a token, and a port in use, without listening', async () => {
    const config = defaultConfig();
    config.server.host = '0.0.0.0';
    config.server.port = 0;
    listener = createMigratingListener({ lang: 'en' });
    const insecure = await listener.open(config).catch((e: unknown) => e);
    expect(isAppError(insecure, 'server_insecure')).toBe(true);
    expect(listener.takeOver()).toBeUndefined();

    const port = await openOnAnyPort();
    const second = createMigratingListener({ lang: 'en', port });
    const inUse = await second.open(defaultConfig()).catch((e: unknown) => e);
    expect((inUse as NodeJS.ErrnoException).code).toBe('EADDRINUSE');
    expect(second.port()).toBe(port);
  });
});
