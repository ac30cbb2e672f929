/**
 * What a re-read config changes in a running box, by the schema's facts (config-keys.ts): each
 * changed value is named by its key (`mcp.servers.fs.command` → `mcp.servers`); a live key is set
 * on the running config by its full path, as a whole (never a partial section: the bot token beside
 * `channels.telegram.allowed_ids` stays), and a key that needs a restart is named and left as it was.
 */

import { keyOfPath } from './config-keys.js';
import { changedLeaves, setLeaf, valueAt } from './config-leaves.js';
import type { Config } from './schema.js';

export interface ReloadPlan {
  /** Live keys that changed, dotted and sorted. */
  applied: string[];
  /** Keys that changed but wait for a restart. */
  restart: string[];
}

/** The changed keys of `fresh` against `running`, each once, sorted. */
export function planReload(running: Config, fresh: Config): ReloadPlan & { keys: (readonly string[])[] } {
  const keys = new Map<string, readonly string[]>();
  for (const leaf of changedLeaves(running, fresh)) {
    const key = keyOfPath(leaf);
    const path = key?.path ?? leaf;
    keys.set(path.join('.'), path);
  }
  const names = [...keys.keys()].sort();
  const isLive = (name: string) => keyOfPath(keys.get(name) ?? [])?.facts.live === true;
  return {
    applied: names.filter(isLive),
    restart: names.filter((name) => !isLive(name)),
    keys: names.filter(isLive).map((name) => keys.get(name) ?? []),
  };
}

/** Sets every live changed key of `fresh` on `running` (in place); returns what changed. */
export function applyLiveKeys(running: Config, fresh: Config): ReloadPlan {
  const { applied, restart, keys } = planReload(running, fresh);
  for (const path of keys) setLeaf(running as unknown as Record<string, unknown>, path, valueAt(fresh, path));
  return { applied, restart };
}
