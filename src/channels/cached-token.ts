/**
 * A vendor access token (Lark's tenant token, DingTalk's OpenAPI token): fetched when first
 * needed, kept until `marginMs` before the vendor says it expires, and dropped when the vendor
 * refuses it. Calls made while a fetch is in flight wait for that fetch instead of starting
 * their own, so a burst of sends asks the vendor once.
 */
export interface FreshToken {
  value: string;
  /** How long the vendor says it is valid. */
  lifetimeMs: number;
}

export interface CachedToken {
  /** The cached token, or a new one when there is none or it is about to expire. */
  get(): Promise<string>;
  /** Drops the cached token (the vendor refused it): the next `get` asks for a new one. */
  forget(): void;
}

export function createCachedToken(fetchToken: () => Promise<FreshToken>, marginMs: number): CachedToken {
  let cached: { value: string; until: number } | undefined;
  let inFlight: Promise<string> | undefined;
  const fetchOnce = async (): Promise<string> => {
    try {
      const fresh = await fetchToken();
      cached = { value: fresh.value, until: Date.now() + Math.max(0, fresh.lifetimeMs - marginMs) };
      return fresh.value;
    } finally {
      inFlight = undefined;
    }
  };
  return {
    get() {
      if (cached && Date.now() < cached.until) return Promise.resolve(cached.value);
      inFlight ??= fetchOnce();
      return inFlight;
    },
    forget() {
      cached = undefined;
    },
  };
}
