/**
 * `aibox mcp add|remove` edit `config.json` as the user wrote it (other keys untouched), validate
 * the whole result with the config schema before writing, and write atomically.
 */
import { readFileSync } from 'node:fs';
import { validateConfig } from '../config/validate-config.js';
import { writeFileAtomicSync } from '../util/atomic-write.js';

type Raw = Record<string, unknown>;

function readRaw(path: string): Raw {
  const raw = JSON.parse(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')) as unknown;
  return typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Raw) : {};
}

function serversOf(raw: Raw): Raw {
  const mcp = (typeof raw.mcp === 'object' && raw.mcp !== null ? raw.mcp : {}) as Raw;
  const servers = (typeof mcp.servers === 'object' && mcp.servers !== null ? mcp.servers : {}) as Raw;
  raw.mcp = { ...mcp, servers };
  return servers;
}

/** Applies `change` to `mcp.servers` of the file at `path`; throws ConfigError (nothing written) when the result is invalid. */
export function editMcpServers(path: string, change: (servers: Raw) => void): void {
  const raw = readRaw(path);
  change(serversOf(raw));
  validateConfig(raw, path);
  writeFileAtomicSync(path, `${JSON.stringify(raw, null, 2)}\n`);
}

/** The server names in the file (as written, before defaults). */
export function configuredServerNames(path: string): string[] {
  return Object.keys(serversOf(readRaw(path)));
}
