/** The HTTP routes load on the first request: waiting requests share one load, a failed load is retried. */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyRequestListener } from '../../src/server/lazy-listener.js';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function listen(listener: RequestListener): Promise<string> {
  server = createServer(listener);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('lazyRequestListener', () => {
  it('loads once for requests that arrive while it loads, and not before the first request', async () => {
    let loads = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const url = await listen(
      lazyRequestListener(
        async () => {
          loads++;
          await gate;
          return (req, res) => res.end(`hello ${req.url}`);
        },
        () => '',
      ),
    );
    expect(loads).toBe(0);
    const answers = Promise.all(['/a', '/b', '/c'].map((p) => fetch(url + p).then((r) => r.text())));
    await expect.poll(() => loads).toBe(1);
    release();
    expect(await answers).toEqual(['hello /a', 'hello /b', 'hello /c']);
    expect(await (await fetch(`${url}/d`)).text()).toBe('hello /d');
    expect(loads).toBe(1);
  });

  it('answers 500 and reports when loading fails, and tries again on the next request', async () => {
    const errors: unknown[] = [];
    let attempt = 0;
    const url = await listen(
      lazyRequestListener(
        async () => {
          if (++attempt === 1) throw new Error('missing chunk');
          return (_req, res) => res.end('ok');
        },
        (error) => {
          errors.push(error);
          return '{"error":{"code":"internal","message":"服务器内部错误"}}';
        },
      ),
    );
    const failed = await fetch(url);
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toContain('application/json');
    expect(await failed.json()).toEqual({ error: { code: 'internal', message: '服务器内部错误' } });
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('missing chunk');
    const retried = await fetch(url);
    expect(await retried.text()).toBe('ok');
  });
});
