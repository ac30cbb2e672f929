/**
 * The configured `server.host:port`: free, an Aibox already listening there (its `/healthz`
 * says so), or taken by another program / not allowed / not an address of this machine.
 */
import { get } from 'node:http';
import { createServer } from 'node:net';
import { runningBoxAddress } from '../../store/box-info.js';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

function tryListen(host: string, port: number): Promise<NodeJS.ErrnoException | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(undefined)));
  });
}

/**
 * The version an Aibox on that address reports, if one answers `/healthz` within 5 s (ready or
 * still migrating; a busy box on a loaded small board may take seconds, and 2 s failed so in the
 * tests at load 19). Plain `node:http`: undici's fetch leaves its promise pending on a peer that
 * hangs up at once.
 */
function aiboxVersion(host: string, port: number): Promise<string | undefined> {
  const hostname = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return new Promise((resolve) => {
    const request = get({ hostname, port, path: '/healthz', timeout: 5000 }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
        if (body.length > 65_536) request.destroy();
      });
      response.on('end', () => {
        try {
          const health = JSON.parse(body) as {
            ok?: unknown;
            status?: unknown;
            version?: unknown;
            sandbox?: unknown;
          };
          // A box still migrating its database at start answers 503 `migrating` (docs/backups.md).
          const aibox = (health.ok === true && health.sandbox) || health.status === 'migrating';
          resolve(aibox && typeof health.version === 'string' ? health.version : undefined);
        } catch {
          resolve(undefined);
        }
      });
      response.on('error', () => resolve(undefined));
    });
    request.on('timeout', () => request.destroy());
    request.on('error', () => resolve(undefined));
    request.on('close', () => resolve(undefined));
  });
}

export async function checkPort({ ctx, t, aibox }: DoctorInput): Promise<DoctorCheck> {
  const { host, port } = ctx.loaded.config.server;
  // The box of this data dir may listen elsewhere (`serve --port N`): that is the port it uses now.
  const running = runningBoxAddress(ctx.paths.home);
  if (running && running.port !== port)
    return {
      id: 'port',
      status: 'ok',
      summary: t.portThisBox(`${running.host}:${running.port}`, running.pid, `${host}:${port}`),
    };
  if (port === 0) return { id: 'port', status: 'skip', summary: t.portZero };
  const where = `${host}:${port}`;
  const error = await tryListen(host, port);
  if (!error) return { id: 'port', status: 'ok', summary: t.portFree(where) };
  if (error.code === 'EADDRINUSE') {
    const version = await aiboxVersion(host, port);
    return version
      ? { id: 'port', status: 'ok', summary: t.portAibox(where, version) }
      : { id: 'port', status: 'fail', summary: t.portTaken(where), fix: t.portTakenFix(aibox) };
  }
  if (error.code === 'EACCES')
    return { id: 'port', status: 'fail', summary: t.portDenied(where), fix: t.portDeniedFix };
  return { id: 'port', status: 'fail', summary: t.portBadHost(where, error.message), fix: t.portBadHostFix };
}
