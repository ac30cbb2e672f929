/**
 * The sessions of `/mcp` (Streamable HTTP with `Mcp-Session-Id`, docs/mcp.md "Sessions"): each
 * `initialize` without a session gets one, kept under its id until the client ends it (`DELETE`),
 * it is idle too long, or it makes room for a new one. Hostile input: at most `max` sessions; a
 * session with no HTTP exchange open (no request being answered, no stream) for `idleMs` is
 * ended; when full, the one unused longest with nothing open is ended for the new one, and when
 * every one has something open the new one is refused.
 */

export interface HttpSession {
  /** Ends the session: its server, its subscriptions, its open streams. */
  close(): Promise<void>;
}

export interface SessionLimits {
  max: number;
  idleMs: number;
}

export interface SessionTable<S extends HttpSession> {
  /** The session of this id; undefined when unknown, ended or expired. */
  get(id: string): S | undefined;
  /** Keeps `session` under `id`, making room as above; false (nothing kept) when every one is in use. */
  add(id: string, session: S): boolean;
  /** One HTTP exchange of the session begins; call what it returns once when it ends. */
  use(id: string): () => void;
  /** Ends the session and forgets it. */
  end(id: string): void;
  /** Forgets a session that ended by itself (its client's `DELETE`). */
  forget(id: string): void;
  /** Ends every session (the server closes). */
  endAll(): void;
  readonly size: number;
}

interface Entry<S> {
  session: S;
  /** HTTP exchanges in progress. */
  open: number;
  lastUsed: number;
  timer: NodeJS.Timeout | undefined;
}

export function createSessionTable<S extends HttpSession>(limits: () => SessionLimits): SessionTable<S> {
  const entries = new Map<string, Entry<S>>();

  const forget = (id: string) => {
    const entry = entries.get(id);
    if (!entry) return undefined;
    clearTimeout(entry.timer);
    entries.delete(id);
    return entry;
  };
  const end = (id: string) => {
    void forget(id)
      ?.session.close()
      .catch(() => undefined);
  };
  const idle = (id: string, entry: Entry<S>) => {
    entry.lastUsed = Date.now();
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => {
      if (entries.get(id) === entry && entry.open === 0) end(id);
    }, limits().idleMs);
    entry.timer.unref();
  };

  return {
    get: (id) => entries.get(id)?.session,
    add(id, session) {
      if (entries.size >= limits().max) {
        let oldest: [string, Entry<S>] | undefined;
        for (const pair of entries)
          if (pair[1].open === 0 && (!oldest || pair[1].lastUsed < oldest[1].lastUsed)) oldest = pair;
        if (!oldest) return false;
        end(oldest[0]);
      }
      const entry: Entry<S> = { session, open: 0, lastUsed: Date.now(), timer: undefined };
      entries.set(id, entry);
      idle(id, entry);
      return true;
    },
    use(id) {
      const entry = entries.get(id);
      if (!entry) return () => undefined;
      entry.open += 1;
      clearTimeout(entry.timer);
      entry.timer = undefined;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        entry.open -= 1;
        if (entry.open === 0 && entries.get(id) === entry) idle(id, entry);
      };
    },
    end,
    forget(id) {
      forget(id);
    },
    endAll() {
      for (const id of [...entries.keys()]) end(id);
    },
    get size() {
      return entries.size;
    },
  };
}
