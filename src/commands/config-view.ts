/** Helpers for /config and /reload: flattening, diffing and hiding secrets. */
import type { Config } from '../config/schema.js';

/** Keys whose values are secrets: shown only as set / not set, anywhere. */
export const SECRET_KEYS = new Set([
  'server.token',
  'channels.telegram.token',
  'channels.lark.app_secret',
  'channels.dingtalk.client_secret',
]);

export function flattenConfig(value: unknown, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [k, v] of flattenConfig(child, prefix ? `${prefix}.${key}` : key)) out.set(k, v);
    }
  } else {
    out.set(prefix, value);
  }
  return out;
}

/** A deep copy of the config with every secret replaced by whether it is set. */
export function redactConfig(config: Config): Record<string, unknown> {
  const copy = structuredClone(config) as unknown as Record<string, Record<string, unknown>>;
  for (const key of SECRET_KEYS) {
    const path = key.split('.');
    const name = path.pop() as string;
    let holder: Record<string, unknown> | undefined = copy;
    for (const part of path) holder = holder?.[part] as Record<string, unknown> | undefined;
    if (holder && name in holder) holder[name] = holder[name] ? '[set]' : '';
  }
  // MCP servers' env values and HTTP headers carry their tokens: names are shown, values are not.
  const servers = (copy.mcp?.servers ?? {}) as Record<
    string,
    Record<string, Record<string, string> | undefined>
  >;
  for (const server of Object.values(servers)) {
    for (const field of ['env', 'headers'] as const) {
      const values = server[field];
      if (values) for (const name of Object.keys(values)) values[name] = '[set]';
    }
  }
  return copy;
}

/** Dotted keys whose values differ. */
export function changedKeys(before: Config, after: Config): string[] {
  const a = flattenConfig(before);
  const b = flattenConfig(after);
  const keys = new Set([...a.keys(), ...b.keys()]);
  return [...keys].filter((k) => JSON.stringify(a.get(k)) !== JSON.stringify(b.get(k))).sort();
}
