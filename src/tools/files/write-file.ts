/**
 * write_file: atomic overwrite or append, parent directories created, sizes
 * reported. Only regular files are written: a symlink, FIFO, socket, device or
 * a file with several hard links is refused (an atomic rename would silently
 * replace it); an existing file keeps its mode and, when we run as root, its owner.
 */
import type { Stats } from 'node:fs';
import { appendFile, lstat, readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Lang } from '../../i18n/lang.js';
import { createFileAccess, type FileAccess } from '../../safety/files/file-access.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { failure, success } from '../format.js';
import type { Tool } from '../tool.js';
import { fileMessages } from './messages.js';
import { describeFsError, resolveToolPath } from './workspace.js';

/** Appending to a file larger than this uses O_APPEND instead of rewriting it (still one write call). */
const ATOMIC_APPEND_MAX_BYTES = 64 * 1024 * 1024;

interface WriteFileToolOptions {
  lang: Lang;
  workspace: string;
  /** Where writing is allowed (default: the workspace only; elsewhere a person is asked). */
  access?: FileAccess;
  /**
   * Called with the real path before and after each write: a file written into the skills dir is
   * recorded as the model's (before: so no reload sees it as the user's; after: with its new hash).
   */
  recordWrite?: (real: string) => Promise<void>;
}

function schema(lang: Lang) {
  const m = fileMessages(lang);
  return z.object({
    filepath: z.string().min(1).describe(m.filepath),
    content: z.string().describe(m.writeContent),
    mode: z.enum(['w', 'a']).default('w').describe(m.writeMode),
  });
}

type WriteFileArgs = z.infer<ReturnType<typeof schema>>;

/** Why `info` (from lstat) must not be written through, or undefined for a regular file with one link. */
/** The owner to give the replacement file: only root can, and only a differing one needs it. */
function ownerOf(before: { uid: number; gid: number }): { uid: number; gid: number } | undefined {
  const root = process.getuid?.() === 0;
  return root && (before.uid !== 0 || before.gid !== 0) ? { uid: before.uid, gid: before.gid } : undefined;
}

function irregularKind(info: Stats, t: ReturnType<typeof fileMessages>): string | undefined {
  if (info.isSymbolicLink()) return t.kindSymlink;
  if (info.isFIFO()) return t.kindFifo;
  if (info.isSocket()) return t.kindSocket;
  if (info.isCharacterDevice() || info.isBlockDevice()) return t.kindDevice;
  if (info.isFile() && info.nlink > 1) return t.kindHardLink(info.nlink);
  return undefined;
}

export function createWriteFileTool(options: WriteFileToolOptions): Tool<WriteFileArgs> {
  const access = options.access ?? createFileAccess({ workspace: options.workspace });
  return {
    name: 'write_file',
    description: fileMessages(options.lang).writeDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = fileMessages(ctx.lang);
      const allowed = await access.check(
        'write_file',
        resolveToolPath(args.filepath, options.workspace),
        ctx,
      );
      if (!allowed.ok) return failure(allowed.message);
      const data = Buffer.from(args.content, 'utf8');
      let before: { size: number; mode: number; uid: number; gid: number } | undefined;
      // The target as named (lstat: a symlink is refused, not followed); written at its resolved place.
      let path = allowed.path;
      try {
        const info = await lstat(path);
        if (info.isDirectory()) return failure(t.writeFailed, [[t.labelPath, t.isDirectory(path)]]);
        const kind = irregularKind(info, t);
        if (kind) return failure(t.writeFailed, [[t.labelPath, t.notRegular(path, kind)]]);
        path = allowed.real;
        before = { size: info.size, mode: info.mode & 0o7777, uid: info.uid, gid: info.gid };
      } catch (error) {
        path = allowed.real;
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          return failure(t.writeFailed, [[t.labelPath, describeFsError(error, path, ctx.lang)]]);
      }
      const append = args.mode === 'a';
      try {
        await options.recordWrite?.(path);
        if (append && before && before.size > ATOMIC_APPEND_MAX_BYTES) {
          await appendFile(path, data);
        } else if (append && before) {
          await writeFileAtomic(
            path,
            Buffer.concat([await readFile(path), data]),
            before.mode,
            ownerOf(before),
          );
        } else {
          await writeFileAtomic(path, data, before?.mode, before && ownerOf(before));
        }
      } catch (error) {
        return failure(t.writeFailed, [[t.labelPath, describeFsError(error, path, ctx.lang)]]);
      } finally {
        await options.recordWrite?.(path).catch(() => {});
      }
      const after = (await stat(path)).size;
      return success(append ? t.writeAppended : t.writeOverwritten, [
        [t.labelPath, path],
        [t.labelWritten, t.bytes(data.length)],
        before
          ? [t.labelChange, t.change(before.size, after)]
          : [t.labelStatus, `${t.newFile} (${t.bytes(after)})`],
      ]);
    },
  };
}
