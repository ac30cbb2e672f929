/**
 * The skills' search tokens kept across processes: `AIBOX_HOME/.skills-search.json`, beside the
 * probe cache (.skills-cache.json), keyed by each skill's path and file version (size, mtime, ctime,
 * inode, device; search-index.ts docKey), so `aibox skills search` tokenizes only skills that changed.
 * A lost or bad file only costs tokenizing every skill again.
 */
import { writeFileAtomic } from '../../util/atomic-write.js';
import { readCacheFileSync } from '../../util/read-cache-file.js';
import type { StoredCounts, StoredDoc } from './doc-tokens.js';

export const SEARCH_DOCS_FILE = '.skills-search.json';
/** Bump when tokenizing changes (search-index.ts, search-terms.ts): other versions are ignored. */
export const SEARCH_DOCS_VERSION = 4;

/** Above any count a skill's text can give (a count is at most the length of the text). */
const MAX_COUNT = 0xffff_ffff;

/**
 * What tokenizing gives: a count is a whole number of occurrences from 1 to MAX_COUNT, a field's
 * length a whole number from 0; anything else (negative, fractional) was not written by us.
 */
const isWhole = (n: unknown, least: number): boolean =>
  typeof n === 'number' && n >= least && n <= MAX_COUNT && n % 1 === 0;

/** Plain loops: this runs over every token of every skill on each CLI search. */
function isCounts(value: unknown): value is StoredCounts {
  if (!Array.isArray(value) || value.length !== 2) return false;
  const [tokens, counts] = value as unknown[];
  if (!Array.isArray(tokens) || !Array.isArray(counts) || tokens.length !== counts.length) return false;
  for (let i = 0; i < tokens.length; i += 1) {
    // isWhole(counts[i], 1) written out: a call per count costs in the interpreter a start-up runs in.
    const n = counts[i];
    if (typeof tokens[i] !== 'string' || typeof n !== 'number' || !(n >= 1 && n <= MAX_COUNT) || n % 1 !== 0)
      return false;
  }
  return true;
}

const isStoredDoc = (value: unknown): value is StoredDoc => {
  const doc = value as Partial<StoredDoc> | null;
  return (
    typeof doc === 'object' &&
    doc !== null &&
    Array.isArray(doc.tf) &&
    doc.tf.length === 3 &&
    doc.tf.every(isCounts) &&
    Array.isArray(doc.len) &&
    doc.len.length === 3 &&
    doc.len.every((n) => isWhole(n, 0))
  );
};

/**
 * The stored docs by key; empty when the file is missing, bad or of another version, or not a
 * regular file of at most MAX_CACHE_FILE_BYTES (never throws). Synchronous: read by the first search
 * (itself synchronous), not at start-up, which may never search.
 */
export function readSearchDocs(path: string): Map<string, StoredDoc> {
  const docs = new Map<string, StoredDoc>();
  try {
    const text = readCacheFileSync(path);
    if (text === undefined) return docs;
    const file = JSON.parse(text) as { version?: unknown; docs?: unknown };
    if (file.version !== SEARCH_DOCS_VERSION || typeof file.docs !== 'object' || file.docs === null)
      return docs;
    for (const [key, doc] of Object.entries(file.docs)) if (isStoredDoc(doc)) docs.set(key, doc);
  } catch {
    // missing or not JSON: as good as none
  }
  return docs;
}

/** Writes the file atomically (0600, like the probe cache). */
export async function writeSearchDocs(path: string, docs: ReadonlyMap<string, StoredDoc>): Promise<void> {
  const text = JSON.stringify({ version: SEARCH_DOCS_VERSION, docs: Object.fromEntries(docs) });
  await writeFileAtomic(path, `${text}\n`, 0o600);
}
