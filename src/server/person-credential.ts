/**
 * What only people's clients have, and so what answering an approval and the `/api` routes that
 * change state require: `server.token` when one is set (every connection presents it anyway), else
 * the client key (config/client-key.ts) — the page carries it as an HttpOnly, SameSite=Strict cookie
 * set when the page is served, `aibox chat` reads it from the data dir. A connection without it
 * (the original client.py) can still chat.
 */
import { CLIENT_KEY_COOKIE, cookieValue } from '../config/client-key.js';
import { tokensEqual } from './auth.js';

export type CredentialKind = 'token' | 'client_key';

export interface PersonCredential {
  readonly kind: CredentialKind;
  /** True when a request's Cookie header carries the client key (always true with a token: checked before). */
  presented(cookieHeader: string | undefined): boolean;
  /** The Set-Cookie value for the served page; undefined with a token (the page presents the token). */
  readonly pageCookie: string | undefined;
}

/** A year: a reloaded page gets it again anyway. */
const COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export function personCredential(token: () => string, clientKey: string): PersonCredential {
  return {
    get kind() {
      return token() !== '' ? 'token' : 'client_key';
    },
    presented(cookieHeader) {
      if (token() !== '') return true;
      const given = cookieValue(cookieHeader, CLIENT_KEY_COOKIE);
      return given !== undefined && tokensEqual(given, clientKey);
    },
    get pageCookie() {
      if (token() !== '') return undefined;
      return `${CLIENT_KEY_COOKIE}=${clientKey}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${COOKIE_MAX_AGE_S}`;
    },
  };
}
