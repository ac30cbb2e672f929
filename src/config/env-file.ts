/**
 * The data dir's `service.env` (`KEY=value` lines, 0600): the environment `aibox service install`
 * gives the box (systemd's EnvironmentFile, launchd's plist). Commands started elsewhere, such as
 * `aibox mcp serve` under Claude Desktop with a bare environment, read the model key from it too.
 */
import { join } from 'node:path';
import { readRegularFileSync } from '../util/read-regular-file.js';

export const SERVICE_ENV_FILE = 'service.env';

/** More is not an environment file a person wrote. */
const MAX_ENV_FILE_BYTES = 64 * 1024;

export function serviceEnvPath(home: string): string {
  return join(home, SERVICE_ENV_FILE);
}

/** `KEY=value` lines of the environment file (`#` comments and blank lines skipped). */
export function parseEnvFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match?.[1]) continue;
    const value = (match[2] ?? '').trim();
    env[match[1]] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return env;
}

/**
 * The file's variables; none when it is missing, unreadable, over 64 KiB or not a regular file
 * (a FIFO put in its place does not hang the command: util/read-regular-file.ts).
 */
export function readEnvFile(path: string): Record<string, string> {
  const bytes = readRegularFileSync(path, { maxBytes: MAX_ENV_FILE_BYTES });
  return bytes ? parseEnvFile(bytes.toString('utf8')) : {};
}
