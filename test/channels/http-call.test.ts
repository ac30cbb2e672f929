/**
 * The channels' HTTP client (src/channels/http-call.ts) against a real local server: JSON in and
 * out, limits on time, size and abort (each dropping the connection), pooled connections, errors
 * that do not carry the URL, and no global fetch (undici) loaded by using it.
 */
import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpCall } from '../../src/channels/http-call.js';

type Route = (request: IncomingMessage, body: string, response: ServerResponse) => void;

describe('httpCall', () => {
  let server: Server;
  let url: string;
  const routes = new Map<string, Route>();
  /** Every connection the server accepted, and the requests that ended without an answer. */
  let connections = 0;
  const dropped: string[] = [];
  const droppedWaiters: Array<() => void> = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      request.on('end', () => {
        response.on('close', () => {
          if (response.writableFinished) return;
          dropped.push(request.url ?? '');
          for (const wake of droppedWaiters.splice(0)) wake();
        });
        const route = routes.get(request.url ?? '');
        if (route) route(request, body, response);
        else response.writeHead(404).end('{"error":"no such route"}');
      });
    });
    server.on('connection', () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const droppedNow = (path: string) =>
    new Promise<void>((resolve) => {
      const check = () => (dropped.includes(path) ? resolve() : droppedWaiters.push(check));
      check();
    });

  it('sends JSON and returns the status, headers and body', async () => {
    routes.set('/echo', (request, body, response) => {
      response
        .writeHead(201, { 'content-type': 'application/json', 'x-seen': request.headers['content-type'] })
        .end(
          JSON.stringify({
            method: request.method,
            got: JSON.parse(body),
            token: request.headers.authorization,
          }),
        );
    });
    const answer = await httpCall(`${url}/echo`, {
      method: 'PATCH',
      headers: { authorization: 'Bearer t' },
      json: { text: '你好' },
      timeoutMs: 5000,
      maxBytes: 1000,
    });
    expect(answer.status).toBe(201);
    expect(answer.ok).toBe(true);
    expect(answer.headers['x-seen']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.text())).toEqual({ method: 'PATCH', got: { text: '你好' }, token: 'Bearer t' });
  });

  it('returns an HTTP error or a redirect as an answer, without following it', async () => {
    routes.set('/moved', (_request, _body, response) => {
      response.writeHead(302, { location: '/echo' }).end();
    });
    const moved = await httpCall(`${url}/moved`, { timeoutMs: 5000, maxBytes: 1000 });
    expect([moved.status, moved.ok, moved.headers.location]).toEqual([302, false, '/echo']);
    const missing = await httpCall(`${url}/nowhere`, { timeoutMs: 5000, maxBytes: 1000 });
    expect([missing.status, missing.ok, missing.text()]).toEqual([404, false, '{"error":"no such route"}']);
  });

  it('keeps a connection for the next call', async () => {
    routes.set('/small', (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const before = connections;
    for (let i = 0; i < 3; i++) await httpCall(`${url}/small`, { timeoutMs: 5000, maxBytes: 1000 });
    expect(connections - before).toBeLessThanOrEqual(1);
  });

  it('gives up after its time limit and drops the connection', async () => {
    routes.set('/silent', () => {});
    await expect(httpCall(`${url}/silent`, { timeoutMs: 50, maxBytes: 1000 })).rejects.toThrow(
      'no answer within 50 ms',
    );
    await droppedNow('/silent');
  });

  it('stops when its signal aborts, before or during the call', async () => {
    let arrived!: () => void;
    const held = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    routes.set('/held', () => arrived());
    const stopper = new AbortController();
    const call = httpCall(`${url}/held`, { timeoutMs: 60_000, maxBytes: 1000, signal: stopper.signal });
    await held;
    stopper.abort();
    await expect(call).rejects.toThrow('the call was stopped');
    await droppedNow('/held');
    await expect(
      httpCall(`${url}/echo`, { timeoutMs: 5000, maxBytes: 1000, signal: stopper.signal }),
    ).rejects.toThrow('the call was stopped');
  });

  it('refuses a body over its limit, declared or streamed', async () => {
    routes.set('/big', (_request, _body, response) => {
      response.writeHead(200, { 'content-length': '2000' }).end(Buffer.alloc(2000));
    });
    routes.set('/stream', (_request, _body, response) => {
      response.writeHead(200);
      const more = () => {
        while (response.write(Buffer.alloc(4096))) {}
      };
      response.on('drain', more);
      more();
    });
    await expect(httpCall(`${url}/big`, { timeoutMs: 5000, maxBytes: 1000 })).rejects.toThrow(
      'the answer is over the 1000-byte limit',
    );
    const tooLarge = (max: number) => new RangeError(`over ${max}`);
    await expect(
      httpCall(`${url}/stream`, { timeoutMs: 60_000, maxBytes: 50_000, tooLarge }),
    ).rejects.toThrow(RangeError);
    await droppedNow('/stream');
  });

  it('fails at once when the server drops the connection mid-answer', async () => {
    routes.set('/cut', (_request, _body, response) => {
      response.writeHead(200, { 'content-length': '100' });
      response.write('{"partial":', () => response.socket?.destroy());
    });
    await expect(httpCall(`${url}/cut`, { timeoutMs: 60_000, maxBytes: 1000 })).rejects.toThrow();
  });

  it('names what failed without the URL (it may hold a token)', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const error = await httpCall(`http://127.0.0.1:${port}/file/bot123:SECRET/doc.pdf`, {
      timeoutMs: 5000,
      maxBytes: 1000,
    }).then(
      () => new Error('answered'),
      (failure: unknown) => failure as Error,
    );
    expect(error.message).toMatch(/ECONNREFUSED/);
    expect(error.message).not.toContain('SECRET');
  });

  it('loads no global fetch (undici) in the process that uses it', async () => {
    routes.set('/small', (_request, _body, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const module = pathToFileURL(join(import.meta.dirname, '../../dist/channels/http-call.js')).href;
    const script = `const { httpCall } = await import(${JSON.stringify(module)});
const answer = await httpCall(${JSON.stringify(`${url}/small`)}, { timeoutMs: 5000, maxBytes: 100 });
console.log(JSON.stringify({ status: answer.status, undici: process.moduleLoadList.some((m) => m.includes('undici')) }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual({ status: 200, undici: false });
  });
});
