/**
 * Talking to the box that runs on this machine: where the running box of the data dir said it
 * listens (`.box.json`, so `serve --port N` is found too), else its config (`server.host`/`port`); with
 * `server.token` when one is set, else the client key of its data dir, the way `aibox chat` does.
 * Loopback only (a wildcard host is reached on 127.0.0.1): nothing is sent to another machine.
 */
import { CLIENT_KEY_COOKIE, readClientKey } from '../config/client-key.js';
import type { CliContext } from '../config/context.js';
import { runningBoxAddress } from '../store/box-info.js';

/** Where this machine reaches the box of `ctx` (loopback only); undefined for another host. */
export function boxOrigin(ctx: CliContext): string | undefined {
  const { host, port } = runningBoxAddress(ctx.paths.home) ?? ctx.loaded.config.server;
  const reach = ['0.0.0.0', '::', ''].includes(host) ? '127.0.0.1' : host;
  if (!(reach === 'localhost' || reach === '::1' || /^127\./.test(reach))) return undefined;
  return `http://${reach.includes(':') ? `[${reach}]` : reach}:${port}`;
}

/** The running box's answer to `path` (e.g. `/api/mcp`), or undefined when none answers in time. */
export async function askRunningBox(
  ctx: CliContext,
  path: string,
  init: { method?: string; timeoutMs?: number } = {},
): Promise<Response | undefined> {
  const origin = boxOrigin(ctx);
  if (!origin) return undefined;
  const token = ctx.loaded.config.server.token;
  const key = token ? undefined : readClientKey(ctx.paths.clientKey);
  try {
    return await fetch(`${origin}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { cookie: `${CLIENT_KEY_COOKIE}=${key}` } : {}),
      },
      signal: AbortSignal.timeout(init.timeoutMs ?? 1000),
    });
  } catch {
    return undefined;
  }
}

/** Asks the running box to re-read config.json; its answer's applied/restart keys, or undefined when none runs. */
export async function reloadRunningBox(
  ctx: CliContext,
): Promise<{ applied: string[]; restart: string[] } | { problems: unknown[] } | undefined> {
  const response = await askRunningBox(ctx, '/api/settings/reload', { method: 'POST', timeoutMs: 5000 });
  if (!response) return undefined;
  const body = (await response.json().catch(() => undefined)) as
    | { applied: string[]; restart: string[]; problems?: unknown[] }
    | undefined;
  if (!body) return undefined;
  if (!response.ok) return { problems: body.problems ?? [] };
  return { applied: body.applied, restart: body.restart };
}
