/**
 * The full texts of shortened tool results, one file each under `tool_results/`
 * (`<UTC time>-<callId>.txt`), and their retention: files older than the age limit go, then the
 * oldest until the rest fit in the size limit, but never the newest (the result just saved stays,
 * even alone over the limit; by mtime and by name, so a clock ahead of the files or an mtime in the
 * future cannot remove it) nor one whose save's prune has not run yet. Pruned after every save
 * and once when the box starts. Only files named as this module names them are ever removed:
 * nothing else in the folder, no temp file of a save in progress.
 * A prune stats every saved file (~0.9 s for 10,000 on this busy 2-core machine), so a save does
 * not wait for it: prunes run one at a time in the background; saves meanwhile share the next one. */
import { lstat, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
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
  /** Saves `text` atomically and starts a prune; the path, or undefined when it could not be written. */
  save(text: string, callId: string): Promise<string | undefined>;
  /** Applies the retention after the prunes under way (so to every save made); never throws. */
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

/** Length of `fileStamp`'s text: 2026-11-30T11-08-53-123Z. */
const STAMP_LENGTH = 24;

function fileStamp(date: Date): string {
  // 2026-11-30T11-08-53-123Z: sortable, unique per millisecond, safe in file names.
  return date.toISOString().replaceAll(':', '-').replace('.', '-');
}

/** The UTC stamp a saved file's name starts with (`fileStamp`). */
function saveStamp(file: SavedFile): string {
  return basename(file.path).slice(0, STAMP_LENGTH);
}

function safeId(callId: string): string {
  return callId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'call';
}

/** The files in `dir` named as `pattern` says (default: as `save` names them), oldest first (none when it does not exist). */
export async function savedFiles(dir: string, pattern: RegExp = SAVED_NAME): Promise<SavedFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const files = await Promise.all(
    names
      .filter((name) => pattern.test(name))
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

/**
 * The files no rule removes: the newest by modification time, and the last saved by name (its
 * UTC stamp). They differ when mtimes are off: a file copied in with a future mtime, a clock set
 * back. Neither rule then removes the result saved last, however far the clock is ahead.
 */
function newestFiles(files: readonly SavedFile[]): Set<SavedFile> {
  const newest = new Set<SavedFile>();
  const byMtime = files.at(-1);
  if (byMtime) newest.add(byMtime);
  // Files are oldest first: among saves of the same millisecond the later mtime wins.
  const byName = files.reduce<SavedFile | undefined>(
    (last, f) => (last && saveStamp(last) > saveStamp(f) ? last : f),
    undefined,
  );
  if (byName) newest.add(byName);
  return newest;
}

/**
 * Which of `files` (oldest first) the retention removes at `nowMs`: past the age, then the oldest
 * until the rest fit, but never the newest (by mtime, and the last saved by name) nor one in `keep`.
 */
export function filesToRemove(
  files: readonly SavedFile[],
  retention: ResultRetention,
  nowMs: number,
  keep: ReadonlySet<string> = new Set(),
): SavedFile[] {
  const newest = newestFiles(files);
  const removable = (f: SavedFile) => !keep.has(f.path) && !newest.has(f);
  const remove = new Set(files.filter((f) => removable(f) && nowMs - f.mtimeMs > retention.maxAgeMs));
  let total = files.reduce((sum, f) => sum + (remove.has(f) ? 0 : f.bytes), 0);
  for (const file of files) {
    if (total <= retention.maxBytes) break;
    if (!removable(file) || remove.has(file)) continue;
    remove.add(file);
    total -= file.bytes;
  }
  return files.filter((f) => remove.has(f));
}

export function createResultFiles(options: ResultFilesOptions): ResultFiles {
  const { dir, clock, retention } = options;
  let running: Promise<unknown> = Promise.resolve();
  /** The prune waiting for the running one to end (callers meanwhile share it). */
  let next: Promise<PruneReport> | undefined;
  /** Files being saved, or saved and not yet past the prune their save started: never removed. */
  const saving = new Set<string>();

  async function pruneOnce(): Promise<PruneReport> {
    const report: PruneReport = { removed: 0, removedBytes: 0 };
    if (!retention) return report;
    const files = await savedFiles(dir);
    for (const file of filesToRemove(files, retention(), clock.now().getTime(), saving)) {
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

  // One prune at a time: two must not race over the same files.
  const schedulePrune = (): Promise<PruneReport> => {
    next ??= running.then(() => {
      next = undefined;
      return pruneOnce();
    });
    running = next.catch(() => undefined);
    return next;
  };

  return {
    async save(text, callId) {
      const path = join(dir, `${fileStamp(clock.now())}-${safeId(callId)}.txt`);
      saving.add(path);
      try {
        await writeFileAtomic(path, text);
      } catch {
        saving.delete(path);
        return undefined;
      }
      void schedulePrune().finally(() => saving.delete(path));
      return path;
    },
    // After a waiting prune, whose saves' files are no longer protected once it is done.
    prune: () => (next ?? Promise.resolve()).then(schedulePrune),
  };
}
