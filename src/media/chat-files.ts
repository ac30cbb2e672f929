/**
 * Files people send are saved under `<workspace>/chat-files/` with a UTC time prefix and a
 * sanitised name (no path separators, no dot files), never overwriting another: where the model's
 * file tools can open them. Used by the chat channels and by page uploads alike.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[/\\\0-\x1f<>:"|?*]/g, '_')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned || 'file';
}

/** Saves `data` as `name`; resolves with its path relative to the workspace. */
export async function saveIntoChatFiles(
  data: Uint8Array,
  name: string,
  workspace: string,
  now: Date,
): Promise<string> {
  const dir = join(workspace, 'chat-files');
  await mkdir(dir, { recursive: true });
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const base = safeFileName(name);
  for (let n = 0; ; n++) {
    const path = join(dir, n === 0 ? `${stamp}-${base}` : `${stamp}-${n}-${base}`);
    try {
      await writeFile(path, data, { flag: 'wx' });
      return relative(workspace, path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || n > 100) throw error;
    }
  }
}
