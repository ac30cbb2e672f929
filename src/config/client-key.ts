/**
 * The client key: a random secret in the data dir (`client-key`, 0600) that only people's clients
 * present — the page (as the HttpOnly cookie set when the page is served) and `aibox chat` (read
 * from the file). Without `server.token`, answering approvals and the `/api` routes that change
 * state need it. The file is a protected path: hidden from the sandbox, refused to the file tools.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { writeFileAtomic } from '../util/atomic-write.js';

export const CLIENT_KEY_FILE = 'client-key';
/** The cookie (page) and the name the WebSocket/HTTP check reads it under. */
export const CLIENT_KEY_COOKIE = 'aibox_client';

const KEY_SHAPE = /^[0-9a-f]{64}$/;

/** The key in `path`, or undefined when it is absent or not a key. */
export function readClientKey(path: string): string | undefined {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return KEY_SHAPE.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}

/** The key in `path`, made (atomically, 0600) when there is none yet. */
export async function ensureClientKey(path: string): Promise<string> {
  const existing = readClientKey(path);
  if (existing) return existing;
  const key = randomBytes(32).toString('hex');
  await writeFileAtomic(path, `${key}\n`, 0o600);
  return key;
}

/** The value of cookie `name` in a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}
