import { lstatSync } from 'node:fs';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { byKey } from '../../util/compare.js';
import { readCacheFileSync } from '../../util/read-cache-file.js';
import { MAX_AGENT_DESCRIPTION } from '../markdown/agent-skill.js';
import type { SummarySource } from '../probe/help-summary.js';
import type { ProbeFailure } from '../probe/probe-outcome.js';
import type { StoredMarkdownEntry, StoredProbe, StoredProbeEntry } from './probe-cache.js';

/**
 * The probe cache kept across restarts: `AIBOX_HOME/.skills-cache.json` (outside the skills dir, so
 * neither the scan nor the watcher sees it). A JSON file rather than a table: the registry is also
 * opened by `aibox skills …`, which has no database, and a lost or bad file only costs one probe per
 * executable. Entries are keyed by path and file identity (size, mtime, ctime, inode, device).
 */
export const SKILLS_CACHE_FILE = '.skills-cache.json';
/** Bump when the stored shape or the meaning of a probe result changes: other versions are ignored. */
export const SKILLS_CACHE_VERSION = 2;

/** A field's expected value: a JSON type (`?`: may be absent) or one of some literal values. */
type FieldShape = 'string' | 'number' | 'string?' | 'number?' | 'boolean?' | readonly unknown[];

const FAILURE_FIELDS: Record<ProbeFailure['kind'], Record<string, FieldShape>> = {
  timeout: { seconds: 'number' },
  badInterpreter: { interpreter: 'string' },
  noExec: {},
  access: { message: 'string' },
  spawn: { code: 'string', message: 'string' },
  invalidUtf8: {},
  noOutput: { exitCode: 'number?', signal: 'string?' },
  notFound127: { detail: 'string?' },
  held: {},
  sandbox: { message: 'string' },
};
const OK_FIELDS: Record<string, FieldShape> = {
  identity: 'string',
  ok: [true],
  summary: 'string',
  content: 'string',
  summarySource: ['help', 'manual', 'usage'] satisfies SummarySource[],
  systemDescription: 'string?',
};
const FAILED_FIELDS: Record<string, FieldShape> = { identity: 'string', ok: [false], retried: 'boolean?' };
const MARKDOWN_FIELDS: Record<string, FieldShape> = { identity: 'string', summary: 'string' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `value` has exactly these fields (no others), each of its shape. */
function hasFields(value: Record<string, unknown>, fields: Record<string, FieldShape>, except = ''): boolean {
  for (const key of Object.keys(value)) if (key !== except && !Object.hasOwn(fields, key)) return false;
  return Object.entries(fields).every(([key, shape]) => {
    const field = value[key];
    if (typeof shape !== 'string') return shape.includes(field);
    if (shape.endsWith('?') && field === undefined) return true;
    return typeof field === shape.replace('?', '');
  });
}

function isFailure(value: unknown): value is ProbeFailure {
  if (!isRecord(value) || typeof value.kind !== 'string' || !Object.hasOwn(FAILURE_FIELDS, value.kind))
    return false;
  return hasFields(value, FAILURE_FIELDS[value.kind as ProbeFailure['kind']], 'kind');
}

/**
 * One stored entry, checked by hand rather than with a zod schema: every `aibox skills` command
 * reads this file, and loading zod would cost it more than the rest of its start-up.
 */
function isStoredEntry(value: unknown): value is StoredProbe & { identity: string } {
  if (!isRecord(value)) return false;
  if (value.ok === true) return hasFields(value, OK_FIELDS);
  return hasFields(value, FAILED_FIELDS, 'failure') && isFailure(value.failure);
}

interface ReadCacheResult {
  entries: StoredProbeEntry[];
  markdown: StoredMarkdownEntry[];
  /** `invalid`: unreadable, not JSON, another version or a bad entry; it is rebuilt, never fatal. */
  status: 'missing' | 'ok' | 'invalid';
}

const nothing = (status: ReadCacheResult['status']): ReadCacheResult => ({
  entries: [],
  markdown: [],
  status,
});

/**
 * Reads the cache file; never throws (a bad file is as good as none). Only a regular file of at
 * most MAX_CACHE_FILE_BYTES is read (read-cache-file.ts); anything else is invalid.
 */
export function readProbeCacheFile(path: string): ReadCacheResult {
  const text = readCacheFileSync(path);
  if (text === undefined) return nothing(existsAsAnything(path) ? 'invalid' : 'missing');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return nothing('invalid');
  }
  if (!isRecord(parsed) || parsed.version !== SKILLS_CACHE_VERSION || !isRecord(parsed.probes))
    return nothing('invalid');
  if (parsed.markdown !== undefined && !isRecord(parsed.markdown)) return nothing('invalid');
  const result: ReadCacheResult = { entries: [], markdown: [], status: 'ok' };
  for (const [entryPath, value] of Object.entries(parsed.probes)) {
    if (!isStoredEntry(value)) {
      result.status = 'invalid';
      continue;
    }
    const { identity, ...probe } = value;
    result.entries.push({ path: entryPath, identity, probe });
  }
  for (const [entryPath, value] of Object.entries(parsed.markdown ?? {})) {
    const fits = isRecord(value) && hasFields(value, MARKDOWN_FIELDS);
    if (!fits || !isParsedSummary(value.summary as string)) {
      result.status = 'invalid';
      continue;
    }
    const { identity, summary } = value as { identity: string; summary: string };
    result.markdown.push({ path: entryPath, identity, markdown: { summary } });
  }
  return result;
}

/**
 * Whether a parse (markdown.ts, agent-skill.ts) could have given `summary`: one line, not empty, at
 * most MAX_AGENT_DESCRIPTION characters. Anything else was not written by us (a listing, a search
 * snippet or the model's skill list would show it as several lines).
 */
function isParsedSummary(summary: string): boolean {
  return summary.trim() !== '' && summary.length <= MAX_AGENT_DESCRIPTION && !summary.includes('\n');
}

/** Whether anything (even a dangling symlink) is at `path`. */
function existsAsAnything(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Writes the cache file atomically (readers see the old or the new file, never a torn one). */
export async function writeProbeCacheFile(
  path: string,
  entries: readonly StoredProbeEntry[],
  markdownEntries: readonly StoredMarkdownEntry[] = [],
): Promise<void> {
  const probes: Record<string, unknown> = {};
  for (const e of [...entries].sort(byKey((e) => e.path))) {
    probes[e.path] = { identity: e.identity, ...e.probe };
  }
  const markdown: Record<string, unknown> = {};
  for (const e of [...markdownEntries].sort(byKey((e) => e.path))) {
    markdown[e.path] = { identity: e.identity, ...e.markdown };
  }
  const text = JSON.stringify({ version: SKILLS_CACHE_VERSION, probes, markdown });
  await writeFileAtomic(path, `${text}\n`, 0o600);
}
