/**
 * One-time sign-in codes for the page when `server.token` is set: the banner of `aibox serve` and
 * `aibox open` print a link `…/#sign-in=CODE`; the page trades the code for the token once
 * (`POST /sign-in`) and keeps the token in its storage. A code is 128 random bits, works once,
 * and expires after `ttlMs`; only its hash is held, at most `MAX_CODES` at a time (the oldest is
 * dropped first). The fragment never reaches the server's logs or a proxy.
 */
import { createHash, randomBytes } from 'node:crypto';

const MAX_CODES = 16;
export const SIGN_IN_TTL_MS = 10 * 60_000;

export interface SignInCodes {
  /** A new code and when it stops working. */
  issue(): { code: string; expiresAt: Date };
  /** Whether `code` is a live code; a live code is used up by this call. */
  redeem(code: string): boolean;
}

/** The link the page opens with: the code rides in the fragment, which is never sent to a server. */
export function signInLink(origin: string, code: string): string {
  return `${origin}/#sign-in=${code}`;
}

const digest = (code: string) => createHash('sha256').update(code).digest('hex');

export function createSignInCodes(options: { ttlMs?: number; now?: () => number } = {}): SignInCodes {
  const ttl = options.ttlMs ?? SIGN_IN_TTL_MS;
  const now = options.now ?? Date.now;
  /** Hash → expiry (ms), in the order issued. */
  const live = new Map<string, number>();
  const dropExpired = () => {
    for (const [hash, expiry] of live) if (expiry <= now()) live.delete(hash);
  };
  return {
    issue() {
      dropExpired();
      while (live.size >= MAX_CODES) live.delete(live.keys().next().value as string);
      const code = randomBytes(16).toString('base64url');
      const expiresAt = now() + ttl;
      live.set(digest(code), expiresAt);
      return { code, expiresAt: new Date(expiresAt) };
    },
    redeem(code) {
      if (typeof code !== 'string' || code.length === 0 || code.length > 64) return false;
      dropExpired();
      return live.delete(digest(code));
    },
  };
}
