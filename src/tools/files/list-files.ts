/** list_files: a directory's entries, directories first, sorted, with sizes. */
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Lang } from '../../i18n/lang.js';
import { createFileAccess, type FileAccess } from '../../safety/files/file-access.js';
import { failure, formatBytes, success } from '../format.js';
import type { Tool } from '../tool.js';
import { fileMessages } from './messages.js';
import { checkDirectory, ensureWorkspace, resolveToolPath } from './workspace.js';

interface ListFilesToolOptions {
  lang: Lang;
  workspace: string;
  /** Where listing is allowed (default: the workspace only; elsewhere a person is asked). */
  access?: FileAccess;
}

function schema(lang: Lang) {
  const m = fileMessages(lang);
  return z.object({
    directory: z.string().default('.').describe(m.listDirectory),
    show_hidden: z.boolean().default(false).describe(m.listShowHidden),
    limit: z.int().min(1).max(1000).default(100).describe(m.listLimit),
  });
}

type ListFilesArgs = z.infer<ReturnType<typeof schema>>;

interface Entry {
  name: string;
  kind: 'dir' | 'file' | 'link' | 'other';
  size: number;
}

const byName = (a: Entry, b: Entry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export function createListFilesTool(options: ListFilesToolOptions): Tool<ListFilesArgs> {
  const access = options.access ?? createFileAccess({ workspace: options.workspace });
  return {
    name: 'list_files',
    description: fileMessages(options.lang).listDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = fileMessages(ctx.lang);
      const asked = resolveToolPath(args.directory, options.workspace);
      if (asked === options.workspace) await ensureWorkspace(asked);
      const allowed = await access.check('list_files', asked, ctx);
      if (!allowed.ok) return failure(allowed.message);
      const dir = allowed.real;
      const problem = await checkDirectory(dir, ctx.lang);
      if (problem) return failure(t.listFailed, [[t.labelDirectory, problem]]);
      let entries: Entry[];
      try {
        const names = (await readdir(dir)).filter((name) => args.show_hidden || !name.startsWith('.'));
        entries = await Promise.all(names.map((name) => describeEntry(dir, name)));
      } catch (error) {
        return failure(t.listFailed, [[t.labelDirectory, String((error as Error).message)]]);
      }
      const dirs = entries.filter((e) => e.kind === 'dir').sort(byName);
      const others = entries.filter((e) => e.kind !== 'dir').sort(byName);
      const sorted = [...dirs, ...others];
      const shown = sorted.slice(0, args.limit).map(renderEntry);
      if (sorted.length > args.limit) shown.push(t.listMore(sorted.length - args.limit));
      const files = others.filter((e) => e.kind === 'file');
      const total = files.reduce((sum, e) => sum + e.size, 0);
      return success(t.listTitle(sorted.length), [
        [t.labelDirectory, dir],
        [t.labelItems, shown.length > 0 ? shown.join('\n') : t.listEmpty],
        [t.labelStats, t.stats(files.length, dirs.length, formatBytes(total))],
      ]);
    },
  };
}

async function describeEntry(dir: string, name: string): Promise<Entry> {
  try {
    const info = await lstat(join(dir, name));
    if (info.isDirectory()) return { name, kind: 'dir', size: 0 };
    if (info.isSymbolicLink()) return { name, kind: 'link', size: 0 };
    return { name, kind: info.isFile() ? 'file' : 'other', size: info.size };
  } catch {
    // Vanished between readdir and lstat: still list it, without a size.
    return { name, kind: 'other', size: 0 };
  }
}

function renderEntry(entry: Entry): string {
  if (entry.kind === 'dir') return `📁 ${entry.name}/`;
  if (entry.kind === 'link') return `🔗 ${entry.name}`;
  if (entry.kind === 'other') return `❔ ${entry.name}`;
  return `📄 ${entry.name} (${formatBytes(entry.size)})`;
}
