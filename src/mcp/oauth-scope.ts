/**
 * OAuth scopes as the box combines them: space-separated lists, joined without repeats (the
 * scope a server asks for after connecting is added to what was asked before, never replaces it),
 * and whether one list covers another. Hostile input: at most `MAX_SCOPES` scopes of plain characters.
 */

const MAX_SCOPES = 50;
/** RFC 6749 §3.3: printable ASCII but space, `"` and `\`. */
const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]{1,200}$/u;

function scopesOf(list: string | undefined): string[] {
  return (list ?? '').split(/\s+/u).filter((scope) => SCOPE_TOKEN.test(scope));
}

/** The scopes of all lists, each once, in the order first met; undefined when there are none. */
export function joinScopes(...lists: (string | undefined)[]): string | undefined {
  const joined = [...new Set(lists.flatMap(scopesOf))].slice(0, MAX_SCOPES);
  return joined.length > 0 ? joined.join(' ') : undefined;
}

/** Whether every scope of `wanted` is in `granted`. */
export function coversScopes(granted: string | undefined, wanted: string | undefined): boolean {
  const have = new Set(scopesOf(granted));
  return scopesOf(wanted).every((scope) => have.has(scope));
}

/**
 * The scope a `403` asks for (`WWW-Authenticate: Bearer error="insufficient_scope", scope="…"`,
 * RFC 6750 §3.1), or undefined when it is not such a challenge.
 */
export function challengedScope(header: string | null): string | undefined {
  if (!header || header.length > 4096 || !/error="insufficient_scope"/u.test(header)) return undefined;
  return joinScopes(/(?:^|[\s,])scope="([^"]*)"/u.exec(header)?.[1]);
}
