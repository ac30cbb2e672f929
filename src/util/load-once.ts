/**
 * Code kept off the start path (a module imported, or something built from it, on first use):
 * loaded once and shared by every caller; a failed load is not kept, so the next call tries
 * again instead of failing for the rest of the process's life.
 */
export interface LoadOnce<T> {
  /** The value when it has loaded, else undefined (for callers that must not wait a turn). */
  readonly loaded: T | undefined;
  load(): Promise<T>;
}

export function loadOnce<T>(loader: () => Promise<T>): LoadOnce<T> {
  let loading: Promise<T> | undefined;
  let loaded: T | undefined;
  return {
    get loaded() {
      return loaded;
    },
    load() {
      loading ??= loader().then(
        (value) => {
          loaded = value;
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
  };
}
