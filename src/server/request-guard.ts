/**
 * The first check of every HTTP request and WebSocket upgrade, before any route runs
 * (DNS-rebinding and cross-site guard):
 *
 * - Without `server.token`, the `Host` header must name this server as a loopback
 *   address (`localhost`, `127.0.0.0/8`, `[::1]`) with the port it listens on, or match
 *   `server.allowed_hosts` (`name` = any port, `name:port` = that port). A page whose
 *   name was rebound to 127.0.0.1 sends its own name as Host and is refused.
 * - A browser's `Origin`, when present, must be listed in `server.allowed_origins` or
 *   name an allowed host in the same way; with a token set, an Origin equal to the
 *   request's own Host is accepted as well (the token is what protects then).
 */
import { isIP } from 'node:net';
import type { Config } from '../config/schema.js';
import type { ErrorCodeOf } from '../error-codes.js';
import type { ServerMessages } from './messages.js';

interface GuardSettings {
  token: string;
  allowedHosts: readonly string[];
  allowedOrigins: readonly string[];
  /** The port the server listens on. */
  port: number;
}

export type Refusal =
  | { code: ErrorCodeOf<'forbidden_host'>; host: string }
  | { code: ErrorCodeOf<'forbidden_origin'>; origin: string };

interface HostPort {
  name: string;
  /** undefined when the value named no port. */
  port: number | undefined;
}

/** `name`, `name:port`, `[v6]` or `[v6]:port`; undefined for anything else. */
function parseHostPort(value: string): HostPort | undefined {
  const m =
    /^\[([0-9a-f:.]+)\](?::(\d{1,5}))?$/i.exec(value) ?? /^([^:[\]\s/@]+)(?::(\d{1,5}))?$/.exec(value);
  if (!m?.[1]) return undefined;
  const name = m[1].toLowerCase().replace(/\.$/, '');
  return { name, port: m[2] === undefined ? undefined : Number(m[2]) };
}

function isLoopbackName(name: string): boolean {
  if (name === 'localhost' || name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  const v4 = name.startsWith('::ffff:') ? name.slice(7) : name;
  return isIP(v4) === 4 && v4.startsWith('127.');
}

/** Whether `value` (a Host header, or an Origin's host) names this server. `defaultPort`: when it names none. */
function hostAllowed(value: string, defaultPort: number, settings: GuardSettings): boolean {
  const host = parseHostPort(value);
  if (!host) return false;
  const port = host.port ?? defaultPort;
  if (isLoopbackName(host.name) && port === settings.port) return true;
  return settings.allowedHosts.some((entry) => {
    const allowed = parseHostPort(entry.trim());
    return allowed !== undefined && allowed.name === host.name && (allowed.port ?? port) === port;
  });
}

function originAllowed(origin: string, hostHeader: string | undefined, settings: GuardSettings): boolean {
  if (settings.allowedOrigins.includes(origin)) return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // e.g. "null" from a file:// page or a sandboxed frame
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (hostAllowed(url.host, url.protocol === 'https:' ? 443 : 80, settings)) return true;
  return settings.token !== '' && hostHeader !== undefined && url.host === hostHeader.toLowerCase();
}

/** Why a request with these headers must be refused (403), or undefined when it may go on. */
export function refusalFor(
  hostHeader: string | undefined,
  origin: string | undefined,
  settings: GuardSettings,
): Refusal | undefined {
  if (settings.token === '' && (hostHeader === undefined || !hostAllowed(hostHeader, 80, settings))) {
    return { code: 'forbidden_host', host: hostHeader ?? '' };
  }
  if (origin !== undefined && origin !== '' && !originAllowed(origin, hostHeader, settings)) {
    return { code: 'forbidden_origin', origin };
  }
  return undefined;
}

/** The guard settings of the current config (read per request, so a reload applies). */
export function guardSettings(config: Pick<Config, 'server'>, port: number): GuardSettings {
  return {
    token: config.server.token,
    allowedHosts: config.server.allowed_hosts,
    allowedOrigins: config.server.allowed_origins,
    port,
  };
}

export function refusalMessage(refusal: Refusal, t: ServerMessages): string {
  return refusal.code === 'forbidden_host'
    ? t.forbiddenHost(refusal.host)
    : t.forbiddenOrigin(refusal.origin);
}
