import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../util/atomic-write.js';
import { byKey } from '../util/compare.js';
import type { StoredProbe, StoredProbeEntry } from './probe-cache.js';

/**
 * The probe cache kept across restarts: `AIBOX_HOME/.skills-cache.json` (outside the skills dir, so
 * neither the scan nor the watcher sees it). A JSON file rather than a table: the registry is also
 * opened by `aibox skills …`, which has no database, and a lost or bad file only costs one probe per
 * executable. Entries are keyed by path and file identity (size, mtime, ctime, inode, device).
 */
export const SKILLS_CACHE_FILE = '.skills-cache.json';
/** Bump when the stored shape or the meaning of a probe result changes: other versions are ignored. */
export const SKILLS_CACHE_VERSION = 2;

const FailureSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('timeout'), seconds: z.number() }),
  z.strictObject({ kind: z.literal('badInterpreter'), interpreter: z.string() }),
  z.strictObject({ kind: z.literal('noExec') }),
  z.strictObject({ kind: z.literal('access'), message: z.string() }),
  z.strictObject({ kind: z.literal('spawn'), code: z.string(), message: z.string() }),
  z.strictObject({ kind: z.literal('invalidUtf8') }),
  z.strictObject({
    kind: z.literal('noOutput'),
    exitCode: z.number().optional(),
    signal: z.string().optional(),
  }),
  z.strictObject({ kind: z.literal('notFound127'), detail: z.string().optional() }),
]);
const EntrySchema = z.union([
  z.strictObject({
    identity: z.string(),
    ok: z.literal(true),
    summary: z.string(),
    content: z.string(),
    summarySource: z.enum(['help', 'manual', 'usage']),
    systemDescription: z.string().optional(),
  }),
  z.strictObject({
    identity: z.string(),
    ok: z.literal(false),
    failure: FailureSchema,
    retried: z.boolean().optional(),
  }),
]);
const FileSchema = z.object({
  version: z.literal(SKILLS_CACHE_VERSION),
  probes: z.record(z.string(), z.unknown()),
});

export interface ReadCacheResult {
  entries: StoredProbeEntry[];
  /** `invalid`: unreadable, not JSON, another version or a bad entry; it is rebuilt, never fatal. */
  status: 'missing' | 'ok' | 'invalid';
}

/** Reads the cache file; never throws (a bad file is as good as none). */
export async function readProbeCacheFile(path: string): Promise<ReadCacheResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    return { entries: [], status: missing ? 'missing' : 'invalid' };
  }
  let parsed: z.infer<typeof FileSchema>;
  try {
    const file = FileSchema.safeParse(JSON.parse(text));
    if (!file.success) return { entries: [], status: 'invalid' };
    parsed = file.data;
  } catch {
    return { entries: [], status: 'invalid' };
  }
  const entries: StoredProbeEntry[] = [];
  let status: ReadCacheResult['status'] = 'ok';
  for (const [entryPath, value] of Object.entries(parsed.probes)) {
    const entry = EntrySchema.safeParse(value);
    if (!entry.success) {
      status = 'invalid';
      continue;
    }
    const { identity, ...probe } = entry.data;
    entries.push({ path: entryPath, identity, probe: probe as StoredProbe });
  }
  return { entries, status };
}

/** Writes the cache file atomically (readers see the old or the new file, never a torn one). */
export async function writeProbeCacheFile(path: string, entries: readonly StoredProbeEntry[]): Promise<void> {
  const probes: Record<string, unknown> = {};
  for (const e of [...entries].sort(byKey((e) => e.path))) {
    probes[e.path] = { identity: e.identity, ...e.probe };
  }
  await writeFileAtomic(path, `${JSON.stringify({ version: SKILLS_CACHE_VERSION, probes })}\n`, 0o600);
}
