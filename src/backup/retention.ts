/** Retention by count (`backup.keep`): the newest snapshots of a folder stay, older ones go. */
import { rm } from 'node:fs/promises';
import { snapshotFiles } from './list-snapshots.js';

/** Removes all but the newest `keep` snapshots of `dir`, never one in `protect`; returns the removed files. */
export async function pruneSnapshots(dir: string, keep: number, protect: string[] = []): Promise<string[]> {
  const kept = new Set(protect);
  const files = await snapshotFiles(dir);
  const protectedHere = files.filter((file) => kept.has(file)).length;
  const removed: string[] = [];
  let count = 0;
  for (const file of files) {
    if (kept.has(file)) continue;
    count += 1;
    if (count + protectedHere <= keep) continue;
    await rm(file, { force: true });
    removed.push(file);
  }
  return removed;
}
