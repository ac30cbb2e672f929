/**
 * The full texts of shortened tool results, one file each under `tool_results/`
 * (`<UTC time>-<callId>.txt`), and their retention: files older than the age limit go, then the
 * oldest until the rest fit in the size limit. Pruned after every save (the file just saved always
 * stays, even alone over the limit) and once when the box starts. Only files named as this module
 * names them are ever removed: nothing else in the folder, no temp file of a save in progress.
 */
import { lstat, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../util/atomic-write.js';
import type { Clock } from '../util/clock.js';

export interface ResultRetention {
  maxAgeMs: number;
  maxBytes: number;
}

export interface PruneReport {
  removed: number;
  removedBytes: number;
}

export interface ResultFiles {
  /** Saves `text` atomically, then prunes; the path, or undefined when it could not be written. */
  save(text: string, callId: string): Promise<string | undefined>;
  /** Applies the retention now (one prune at a time); never throws. */
  prune(): Promise<PruneReport>;
}

export interface ResultFilesOptions {
  /** `paths.toolResults`. */
  dir: string;
  clock: Clock;
  /** Read at each prune (live settings). Without it nothing is ever removed. */
  retention?: () => ResultRetention;
}

/** What `save` names a file: 2026-11-30T11-08-53-123Z-call_abc.txt. */
const SAVED_NAME = /^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-[A-Za-z0-9_-]+\.txt$/;

export interface SavedFile {
  path: string;
  bytes: number;
  mtimeMs: number;
}

function fileStamp(date: Date): string {
  // 2026-11-30T11-08-53-123Z: sortable, unique per millisecond, safe in file names.
  return date.toISOString().replaceAll(':', '-').replace('.', '-');
}

function safeId(callId: string): string {
  return callId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'call';
}

/** The saved files in `dir`, oldest first (none when it does not exist). */
async function savedFiles(dir: string): Promise<SavedFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = await Promise.all(
    names
      .filter((name) => SAVED_NAME.test(name))
      .map(async (name): Promise<SavedFile | undefined> => {
        const path = join(dir, name);
        const stat = await lstat(path).catch(() => undefined);
        return stat?.isFile() ? { path, bytes: stat.size, mtimeMs: stat.mtimeMs } : undefined;
      }),
  );
  return files
    .filter((file): file is SavedFile => file !== undefined)
    .sort((a, b) => a.mtimeMs - b.mtimeMs || a.path.localeCompare(b.path));
}

/** Which of `files` (oldest first) the retention removes at `nowMs`; `keep` never. */
export function filesToRemove(
  files: readonly SavedFile[],
  retention: ResultRetention,
  nowMs: number,
  keep?: string,
): SavedFile[] {
  const remove = new Set(files.filter((f) => f.path !== keep && nowMs - f.mtimeMs > retention.maxAgeMs));
  let total = files.reduce((sum, f) => sum + (remove.has(f) ? 0 : f.bytes), 0);
  for (const file of files) {
    if (total <= retention.maxBytes) break;
    if (file.path === keep || remove.has(file)) continue;
    remove.add(file);
    total -= file.bytes;
  }
  return files.filter((f) => remove.has(f));
}

export function createResultFiles(options: ResultFilesOptions): ResultFiles {
  const { dir, clock, retention } = options;
  let queue: Promise<unknown> = Promise.resolve();

  async function pruneOnce(keep?: string): Promise<PruneReport> {
    const report: PruneReport = { removed: 0, removedBytes: 0 };
    if (!retention) return report;
    const files = await savedFiles(dir);
    for (const file of filesToRemove(files, retention(), clock.now().getTime(), keep)) {
      try {
        await rm(file.path, { force: true });
        report.removed += 1;
        report.removedBytes += file.bytes;
      } catch {
        // Not ours to remove after all (permissions): it stays; the next prune tries again.
      }
    }
    return report;
  }

  // One prune at a time: two saves in parallel must not race over the same files.
  const prune = (keep?: string): Promise<PruneReport> => {
    const run = queue.then(() => pruneOnce(keep));
    queue = run.catch(() => undefined);
    return run;
  };

  return {
    async save(text, callId) {
      const path = join(dir, `${fileStamp(clock.now())}-${safeId(callId)}.txt`);
      try {
        await writeFileAtomic(path, text);
      } catch {
        return undefined;
      }
      await prune(path);
      return path;
    },
    prune: () => prune(),
  };
}
