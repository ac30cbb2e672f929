/**
 * Token auth (docs/protocol.md, "Connecting"): `Authorization: Bearer TOKEN`, the
 * subprotocol `aibox.token.TOKEN` (browsers), or a first `auth` frame. Never
 * the URL. Comparison is constant-time; tokens are never logged.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import { AppError } from '../errors.js';
import { TOKEN_SUBPROTOCOL_PREFIX as TOKEN_PROTOCOL_PREFIX } from '../protocol/frames.js';
import type { ServerMessages } from './messages.js';

/** Constant-time comparison (both sides hashed, so lengths leak nothing either). */
export function tokensEqual(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b) && expected.length > 0;
}

/** The token of an `Authorization: Bearer TOKEN` header, if that is what it holds. */
export function bearerToken(header: string | undefined): string | undefined {
  return header === undefined ? undefined : /^Bearer\s+(\S+)\s*$/i.exec(header)?.[1];
}

/** The token a client presented in its upgrade request, if any. */
export function upgradeToken(req: IncomingMessage): string | undefined {
  const bearer = bearerToken(req.headers.authorization);
  if (bearer !== undefined) return bearer;
  for (const protocol of offeredProtocols(req)) {
    if (protocol.startsWith(TOKEN_PROTOCOL_PREFIX)) return protocol.slice(TOKEN_PROTOCOL_PREFIX.length);
  }
  return undefined;
}

function offeredProtocols(req: IncomingMessage): string[] {
  const raw = req.headers['sec-websocket-protocol'];
  if (typeof raw !== 'string') return [];
  return raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
}

/** True when the request URL carries something that looks like a token (refused, never read). */
export function hasTokenInUrl(url: string | undefined): boolean {
  const query = (url ?? '').split('?')[1];
  if (!query) return false;
  const params = new URLSearchParams(query);
  return ['token', 'access_token', 'auth'].some((k) => params.has(k));
}

function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (h === 'localhost' || h === '::1' || h === '::ffff:127.0.0.1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/** The peer's address for logs (never its token). */
export function peerOf(req: IncomingMessage): string {
  const address = req.socket.remoteAddress ?? '?';
  return `${address}:${req.socket.remotePort ?? '?'}`;
}

/** Refuses to serve a non-loopback address without a token, saying how to set one. */
export function assertSafeBind(host: string, token: string, t: ServerMessages): void {
  if (!isLoopbackHost(host) && token === '') throw new AppError('server_insecure', t.insecureHost(host));
}
