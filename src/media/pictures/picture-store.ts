/**
 * Pictures kept with the conversations, once each: `<home>/pictures/<sha256>.jpg`, the hash of the
 * normalized JPEG (normalize-picture.ts), so a picture sent twice is one file and a message refers
 * to it by that hash. Files are private (0600 in a 0700 folder). Retention as for saved tool
 * results (tools/result-files.ts): older than the age limit go, then the oldest until the rest fit
 * the size limit; a message whose picture is gone reads as "removed" (request-pictures.ts).
 */
import { createHash } from 'node:crypto';
import { lstat, readFile, rm, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import type { StoredAttachment } from '../../conversations/types.js';
import {
  filesToRemove,
  type PruneReport,
  type ResultRetention,
  savedFiles,
} from '../../tools/result-files.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import type { Clock } from '../../util/clock.js';
import { PRIVATE_FILE_MODE, privateDir } from '../../util/private-files.js';
import { normalizePicture } from './normalize-picture.js';

export type PictureAttachment = Extract<StoredAttachment, { kind: 'image' }>;

const PICTURE_ID = /^[0-9a-f]{64}$/;
const PICTURE_NAME = /^[0-9a-f]{64}\.jpg$/;

export const isPictureId = (id: string) => PICTURE_ID.test(id);

export interface PictureStore {
  readonly dir: string;
  /** Decodes, shrinks, re-encodes and keeps a received picture; throws PictureError for one that is not. */
  put(data: Uint8Array, name: string, saved?: string): Promise<PictureAttachment>;
  /** The stored JPEG's path (whether or not it is still there). */
  path(id: string): string;
  /** The stored JPEG, or undefined when retention removed it (or the id is not one). */
  read(id: string): Promise<Buffer | undefined>;
  /** What the vision model said of it (kept beside it, removed with it), or undefined. */
  readDescription(id: string): Promise<string | undefined>;
  /** Keeps a description; a failed write only means it is asked again. */
  keepDescription(id: string, text: string): Promise<void>;
  /** Applies the retention; `keep` (ids) are never removed. Never throws. */
  prune(keep?: readonly string[]): Promise<PruneReport>;
}

export interface PictureStoreOptions {
  dir: string;
  clock: Clock;
  /** Long side of a stored picture in pixels (`media.max_image_px`), read at each put. */
  maxPx: () => number;
  /** Read at each prune; without it nothing is removed. */
  retention?: () => ResultRetention;
}

/** Shown names are cut and stripped of what a prompt or a page should not carry. */
function shownName(name: string): string {
  const cleaned = name.replace(/[\0-\x1f\x7f/\\]/g, '_').trim();
  return (cleaned || 'picture').slice(-120);
}

export function createPictureStore(options: PictureStoreOptions): PictureStore {
  const { dir, clock } = options;
  const path = (id: string) => join(dir, `${id}.jpg`);
  const descriptionPath = (id: string) => join(dir, `${id}.description.txt`);
  let prepared = false;
  return {
    dir,
    path,
    async put(data, name, saved) {
      const picture = await normalizePicture(data, options.maxPx());
      const id = createHash('sha256').update(picture.data).digest('hex');
      if (!prepared) {
        privateDir(dir);
        prepared = true;
      }
      const file = path(id);
      const existing = await lstat(file).catch(() => undefined);
      // Stored once: the same picture again only counts as new for retention.
      if (existing?.isFile() && existing.size === picture.data.length) {
        const now = clock.now();
        await utimes(file, now, now).catch(() => undefined);
      } else {
        await writeFileAtomic(file, picture.data, PRIVATE_FILE_MODE);
      }
      return {
        kind: 'image',
        id,
        name: shownName(name),
        width: picture.width,
        height: picture.height,
        bytes: picture.data.length,
        ...(saved ? { saved } : {}),
      };
    },
    async read(id) {
      if (!isPictureId(id)) return undefined;
      return readFile(path(id)).catch(() => undefined);
    },
    async readDescription(id) {
      if (!isPictureId(id)) return undefined;
      const text = await readFile(descriptionPath(id), 'utf8').catch(() => '');
      return text.trim() || undefined;
    },
    async keepDescription(id, text) {
      if (!isPictureId(id)) return;
      await writeFileAtomic(descriptionPath(id), text, PRIVATE_FILE_MODE).catch(() => undefined);
    },
    async prune(keep = []) {
      const report: PruneReport = { removed: 0, removedBytes: 0 };
      const retention = options.retention?.();
      if (!retention) return report;
      const files = await savedFiles(dir, PICTURE_NAME);
      // filesToRemove also spares the newest file and the last by name (for hash names: an
      // arbitrary one): at most one picture more than the limits is kept.
      const kept = new Set(keep.map(path));
      for (const file of filesToRemove(files, retention, clock.now().getTime(), kept)) {
        try {
          await rm(file.path, { force: true });
          await rm(file.path.replace(/\.jpg$/, '.description.txt'), { force: true });
          report.removed += 1;
          report.removedBytes += file.bytes;
        } catch {
          // Stays until the next prune.
        }
      }
      return report;
    },
  };
}
