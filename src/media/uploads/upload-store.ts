/**
 * Files posted to `POST /api/uploads`, held until a `message` frame names them by id (or until
 * they expire): what each is is told by its bytes (media-kind.ts). A picture is decoded, shrunk
 * and stored in the picture store at once (so a bad one is refused at upload, and the message
 * costs no decoding); audio and other files wait as private files in `<home>/uploads/`. An id is
 * used once. At most MAX_HELD uploads wait; the oldest go first.
 */
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomic } from '../../util/atomic-write.js';
import type { Clock } from '../../util/clock.js';
import { PRIVATE_FILE_MODE, privateDir } from '../../util/private-files.js';
import { type MediaKind, sniffMedia } from '../media-kind.js';
import type { PictureAttachment, PictureStore } from '../pictures/picture-store.js';

export const UPLOAD_TTL_MS = 60 * 60 * 1000;
export const MAX_HELD = 100;
const UPLOAD_ID = /^up_[0-9a-f]{24}$/;

export interface Upload {
  id: string;
  kind: MediaKind;
  mime: string;
  name: string;
  bytes: number;
  /** For `image`: the stored picture. */
  picture?: PictureAttachment;
}

export interface UploadStore {
  /** Throws PictureError for bytes that say picture and are not a good one. */
  put(data: Uint8Array, name: string): Promise<Upload>;
  /** The upload and its bytes (none for pictures, already stored), once; undefined when unknown or expired. */
  take(id: string): Promise<{ upload: Upload; data?: Uint8Array } | undefined>;
  /** Removes what a previous run left (uploads never outlive the process). */
  clear(): Promise<void>;
}

interface Held {
  upload: Upload;
  at: number;
}

export function createUploadStore(options: {
  dir: string;
  clock: Clock;
  pictures: PictureStore;
}): UploadStore {
  const { dir, clock, pictures } = options;
  const held = new Map<string, Held>();
  const fileOf = (id: string) => join(dir, id);

  const drop = (id: string) => {
    held.delete(id);
    void rm(fileOf(id), { force: true }).catch(() => undefined);
  };

  const expire = () => {
    const now = clock.now().getTime();
    for (const [id, entry] of held) if (now - entry.at > UPLOAD_TTL_MS) drop(id);
    while (held.size >= MAX_HELD) {
      const oldest = held.keys().next().value;
      if (oldest === undefined) break;
      drop(oldest);
    }
  };

  return {
    async put(data, name) {
      expire();
      const id = `up_${randomBytes(12).toString('hex')}`;
      const sniffed = sniffMedia(data);
      const upload: Upload = { id, kind: sniffed.kind, mime: sniffed.mime, name, bytes: data.byteLength };
      if (sniffed.kind === 'image') {
        upload.picture = await pictures.put(data, name);
      } else {
        privateDir(dir);
        await writeFileAtomic(fileOf(id), data, PRIVATE_FILE_MODE);
      }
      held.set(id, { upload, at: clock.now().getTime() });
      return upload;
    },
    async take(id) {
      if (!UPLOAD_ID.test(id)) return undefined;
      expire();
      const entry = held.get(id);
      if (!entry) return undefined;
      held.delete(id);
      if (entry.upload.kind === 'image') return { upload: entry.upload };
      const data = await readFile(fileOf(id)).catch(() => undefined);
      await rm(fileOf(id), { force: true }).catch(() => undefined);
      return data ? { upload: entry.upload, data } : undefined;
    },
    async clear() {
      const names = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(names.filter((n) => UPLOAD_ID.test(n)).map((n) => rm(join(dir, n), { force: true })));
    },
  };
}
