/**
 * The sandbox's /tmp is a private tmpfs, empty when the command starts and thrown away when it
 * ends. A path there is the command's scratch only when the host's real /tmp has nothing at it:
 * writing or deleting a path the host does have would change nothing on this machine and still
 * report success, so such a path is a real host path (asked, and run on the host).
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const GLOB = /[*?[{]/;

/** One path segment's glob as a regex, over-matching on purpose (`[…]` any one character, `{…}` anything). */
function segmentRegex(segment: string): RegExp {
  const body = segment
    .replace(/\[[^\]]*\]?/g, '\u0000')
    .replace(/\{[^}]*\}?/g, '\u0001')
    .replace(/[.+^$()|\\]/g, '\\$&')
    .replace(/\?/g, '.')
    .replace(/\*/g, '.*')
    .replaceAll('\u0000', '.')
    .replaceAll('\u0001', '.*');
  return new RegExp(`^${body}$`, 's');
}

/** Whether the host has an entry there (a link counts as itself; unreadable counts as there). */
function exists(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return true;
  }
}

function names(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/**
 * Whether `full` (an absolute, normalised path inside `tmp`) names something of the host's real
 * /tmp: `tmp` itself, an existing entry or an entry above it below `tmp`, or, for a glob (or a
 * run-time part written as `*`), an entry its first glob segment matches.
 */
export function isRealTmpPath(full: string, tmp = '/tmp'): boolean {
  const segments = relative(tmp, full).split('/').filter(Boolean);
  if (segments.length === 0) return true;
  let dir = tmp;
  for (const segment of segments) {
    if (GLOB.test(segment)) {
      const pattern = segmentRegex(segment);
      return names(dir).some((name) => pattern.test(name));
    }
    dir = join(dir, segment);
    if (exists(dir)) return true;
  }
  return false;
}
