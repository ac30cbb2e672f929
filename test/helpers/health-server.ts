/**
 * A /healthz-like HTTP endpoint in the test process: if the event loop is blocked (CPU-heavy work
 * on the main thread), it cannot answer until that work ends.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HealthServer {
  url: string;
  close(): Promise<void>;
}

export async function startHealthServer(): Promise<HealthServer> {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/healthz`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Asks the endpoint while `work` runs; resolves whether it answered before `work` settled. */
export async function answeredDuring(health: HealthServer, work: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void work.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  const answer = await (await fetch(health.url)).text();
  return answer === 'ok' && !settled;
}
