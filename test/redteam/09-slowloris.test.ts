/**
 * Red team: a local process starves the server with half-sent requests. 2,000 sockets on loopback
 * each send the start of a request and then a byte now and then (bounded: the test closes every
 * socket it opened). The server holds at most `server.max_connections_per_peer` of them (the oldest
 * half-sent ones are closed to make room), `/healthz` keeps answering, and a request whose headers
 * never finish is closed after `server.headers_timeout_s`.
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, startBox } from '../server/harness.js';

const PER_PEER = 64;
/** Sockets of the flood, kept well below this process's fd limit (each socket is one fd here). */
const FLOOD = Math.min(2000, Number(execFileSync('/bin/sh', ['-c', 'ulimit -n']).toString()) - 500);

describe('red team 09: slowloris', () => {
  let box: Box;
  const sockets = new Set<Socket>();
  let trickle: NodeJS.Timeout | undefined;
  beforeAll(async () => {
    box = await startBox({
      config: { server: { max_connections: 256, max_connections_per_peer: PER_PEER, headers_timeout_s: 2 } },
    });
  }, 60_000);
  afterAll(async () => {
    clearInterval(trickle);
    for (const s of sockets) s.destroy();
    await box?.close();
  });

  /** Opens one half-sent request; resolves once connected (or refused). */
  const halfSent = (port: number) =>
    new Promise<void>((resolve) => {
      const s = connect({ host: '127.0.0.1', port });
      sockets.add(s);
      s.once('connect', () => {
        s.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: ');
        resolve();
      });
      s.once('error', () => resolve());
      s.once('close', () => sockets.delete(s));
    });

  /** Resolves when at most `n` flood sockets are still open (false after `ms`). */
  const openAtMost = async (n: number, ms: number) => {
    const deadline = Date.now() + ms;
    while (sockets.size > n) {
      if (Date.now() > deadline) return false;
      const any = sockets.values().next().value as Socket;
      await Promise.race([once(any, 'close'), new Promise((r) => setTimeout(r, 100))]);
    }
    return true;
  };

  it(`holds at most the per-peer cap of ${FLOOD} half-sent requests, and /healthz still answers`, async () => {
    expect(FLOOD).toBeGreaterThanOrEqual(1000);
    const port = box.server.port;
    for (let i = 0; i < FLOOD; i += 100)
      await Promise.all(Array.from({ length: Math.min(100, FLOOD - i) }, () => halfSent(port)));
    // A byte every second on each socket still open.
    trickle = setInterval(() => {
      for (const s of sockets) s.write('a');
    }, 1000);
    expect(await openAtMost(PER_PEER, 10_000)).toBe(true);
    const started = Date.now();
    const health = await fetch(`${box.server.url}/healthz`, { signal: AbortSignal.timeout(5000) });
    expect(health.status).toBe(200);
    expect(((await health.json()) as { ok: boolean }).ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(box.server.connections.open).toBeLessThanOrEqual(PER_PEER);
    expect(box.server.connections.evicted).toBeGreaterThanOrEqual(FLOOD - PER_PEER);
  }, 60_000);

  it('closes a request whose headers do not arrive within server.headers_timeout_s', async () => {
    clearInterval(trickle);
    for (const s of sockets) s.destroy();
    const s = connect({ host: '127.0.0.1', port: box.server.port });
    await once(s, 'connect');
    s.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const started = Date.now();
    const data: Buffer[] = [];
    s.on('data', (d: Buffer) => data.push(d));
    await Promise.race([once(s, 'close'), new Promise((r) => setTimeout(r, 10_000))]);
    expect(s.destroyed || s.readableEnded).toBe(true);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(Buffer.concat(data).toString()).toMatch(/^HTTP\/1\.1 408/);
    s.destroy();
  }, 30_000);
});
