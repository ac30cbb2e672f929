/**
 * Errors from the Bot API client as safe text: grammY's Node build wraps node-fetch, whose
 * messages contain the request URL, and that URL contains the bot token
 * (`…/bot123:ABC/getUpdates`). Everything logged or passed on goes through here.
 */
const TOKEN_IN_URL = /\/bot[^/\s]+\//g;

/** The error's message and its causes' (`cause`, grammY's `error`), with any token removed. */
export function scrubbedMessage(error: unknown, token: string): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth++) {
    if (current instanceof Error) {
      parts.push(`${current.name}: ${current.message}`);
      const next = current as Error & { error?: unknown };
      current = next.error ?? next.cause;
    } else {
      parts.push(String(current));
      break;
    }
  }
  let text = parts.join(' ← ');
  if (token) text = text.replaceAll(token, '[token]');
  return text.replace(TOKEN_IN_URL, '/bot[token]/');
}

/** A plain Error carrying only the scrubbed text (no stack of the original, no URL). */
export function scrubbedError(error: unknown, token: string): Error {
  return new Error(scrubbedMessage(error, token));
}
