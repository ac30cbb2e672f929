/** write_file: atomic overwrite or append, parent directories created, sizes reported. */
import { appendFile, readFile, stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Lang } from '../i18n/lang.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { fileMessages } from './file-messages.js';
import { failure, success } from './format.js';
import type { Tool } from './tool.js';
import { describeFsError, resolveToolPath } from './workspace.js';

/** Appending to a file larger than this uses O_APPEND instead of rewriting it (still one write call). */
const ATOMIC_APPEND_MAX_BYTES = 64 * 1024 * 1024;

export interface WriteFileToolOptions {
  lang: Lang;
  workspace: string;
}

function schema(lang: Lang) {
  const m = fileMessages(lang);
  return z.object({
    filepath: z.string().min(1).describe(m.filepath),
    content: z.string().describe(m.writeContent),
    mode: z.enum(['w', 'a']).default('w').describe(m.writeMode),
  });
}

export type WriteFileArgs = z.infer<ReturnType<typeof schema>>;

export function createWriteFileTool(options: WriteFileToolOptions): Tool<WriteFileArgs> {
  return {
    name: 'write_file',
    description: fileMessages(options.lang).writeDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = fileMessages(ctx.lang);
      const path = resolveToolPath(args.filepath, options.workspace);
      const data = Buffer.from(args.content, 'utf8');
      let before: { size: number; mode: number } | undefined;
      try {
        const info = await stat(path);
        if (info.isDirectory()) return failure(t.writeFailed, [[t.labelPath, t.isDirectory(path)]]);
        before = { size: info.size, mode: info.mode & 0o7777 };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
          return failure(t.writeFailed, [[t.labelPath, describeFsError(error, path, ctx.lang)]]);
      }
      const append = args.mode === 'a';
      try {
        if (append && before && before.size > ATOMIC_APPEND_MAX_BYTES) {
          await appendFile(path, data);
        } else if (append && before) {
          await writeFileAtomic(path, Buffer.concat([await readFile(path), data]), before.mode);
        } else {
          await writeFileAtomic(path, data, before?.mode);
        }
      } catch (error) {
        return failure(t.writeFailed, [[t.labelPath, describeFsError(error, path, ctx.lang)]]);
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
