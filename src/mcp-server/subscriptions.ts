/**
 * `resources/subscribe` on a session that lasts (`aibox mcp serve`, stdio; a session of `/mcp`;
 * not offered to a request without one): the subscribed URIs are read again every `intervalMs` and a
 * `notifications/resources/updated` is sent for each whose content changed. Reading again, not
 * listening to the stores, because the box that changes tasks and memories is another process
 * on the same database. A URI the box does not serve is accepted and never updated. Hostile
 * input: at most `MAX_SUBSCRIPTIONS` URIs of at most `MAX_URI_CHARS` characters; nothing is read
 * while none is subscribed; where sessions share the process (`/mcp`), one read of a URI serves
 * every session checking it within the interval (`shareReads`).
 */
import { createHash } from 'node:crypto';

export const MAX_SUBSCRIPTIONS = 100;
export const MAX_URI_CHARS = 2000;

export interface ResourceWatch {
  /** False when the URI is too long or too many are subscribed. */
  subscribe(uri: string): boolean;
  unsubscribe(uri: string): void;
  close(): void;
}

interface WatchOptions {
  /** The resource's text now, or undefined for a URI the box does not serve. */
  read(uri: string): Promise<string | undefined>;
  updated(uri: string): Promise<void>;
  intervalMs: number;
}

const fingerprint = (text: string | undefined) =>
  text === undefined ? '' : createHash('sha256').update(text).digest('hex');

export function watchResources(options: WatchOptions): ResourceWatch {
  /** URI → the fingerprint of what it read last. */
  const watched = new Map<string, Promise<string>>();
  let timer: NodeJS.Timeout | undefined;
  let checking = false;

  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      for (const [uri, last] of [...watched]) {
        const now = fingerprint(await options.read(uri).catch(() => undefined));
        if (!watched.has(uri)) continue; // unsubscribed meanwhile
        if (now !== (await last)) {
          watched.set(uri, Promise.resolve(now));
          await options.updated(uri).catch(() => undefined);
        }
      }
    } finally {
      checking = false;
    }
  };

  return {
    subscribe(uri) {
      if (uri.length > MAX_URI_CHARS) return false;
      if (!watched.has(uri)) {
        if (watched.size >= MAX_SUBSCRIPTIONS) return false;
        watched.set(
          uri,
          options.read(uri).then(fingerprint, () => ''),
        );
      }
      timer ??= setInterval(() => void check(), options.intervalMs);
      timer.unref();
      return true;
    },
    unsubscribe(uri) {
      watched.delete(uri);
      if (watched.size === 0 && timer) {
        clearInterval(timer);
        timer = undefined;
      }
    },
    close() {
      watched.clear();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}

/** A URI's text through `read`, or what another session read of it a moment ago. */
export type SharedReads = (
  uri: string,
  read: () => Promise<string | undefined>,
) => Promise<string | undefined>;

/**
 * Reads shared for `ttlMs`: a hundred sessions subscribed to `aibox://memories` cost one read per
 * interval, not a hundred. Entries older than `ttlMs` are dropped as reads go on, so it holds no
 * more URIs than were read within about twice that time.
 */
export function shareReads(ttlMs: number): SharedReads {
  const recent = new Map<string, { at: number; text: Promise<string | undefined> }>();
  let swept = Date.now();
  return (uri, read) => {
    const now = Date.now();
    if (now - swept > ttlMs) {
      swept = now;
      for (const [key, entry] of recent) if (now - entry.at > ttlMs) recent.delete(key);
    }
    const entry = recent.get(uri);
    if (entry && now - entry.at <= ttlMs) return entry.text;
    const text = read();
    recent.set(uri, { at: now, text });
    return text;
  };
}
