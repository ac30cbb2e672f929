/**
 * What the running box of a data dir says about itself (`<home>/.box.json`: pid, port, host,
 * version), written by `aibox serve` next to its lock (box-lock.ts). Only information, never the
 * lock: reading it loads no SQLite, so the lean commands (`aibox chat`) can find the box's port.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const BOX_INFO_FILE = '.box.json';

export interface BoxInfo {
  pid: number;
  port?: number;
  host?: string;
  version: string;
  started_at: string;
}

/** The info file as the box wrote it, or undefined (none, unreadable, not ours). */
export function readBoxInfo(home: string): BoxInfo | undefined {
  try {
    const parsed = JSON.parse(readFileSync(join(home, BOX_INFO_FILE), 'utf8')) as Partial<BoxInfo>;
    return typeof parsed.pid === 'number' ? (parsed as BoxInfo) : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: a process of another user holds the pid, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Where the box of this data dir listens, when one runs: its info file with a port, whose process
 * is alive (a file left by `kill -9` names a pid that is gone). A wildcard host is reached on
 * loopback. Undefined when none runs there (or it has not opened its port yet).
 */
export function runningBoxAddress(home: string): { host: string; port: number; pid: number } | undefined {
  const info = readBoxInfo(home);
  if (!info || typeof info.port !== 'number' || info.port <= 0 || !isAlive(info.pid)) return undefined;
  const host = info.host && !['0.0.0.0', '::', ''].includes(info.host) ? info.host : '127.0.0.1';
  return { host, port: info.port, pid: info.pid };
}
