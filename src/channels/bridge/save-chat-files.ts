/**
 * Files sent in chat are saved under `<workspace>/chat-files/` with a time prefix and a
 * sanitised name (no path separators, no dot files), never overwriting, at most `maxBytes`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { InboundFile } from '../types.js';

export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[/\\\0-\x1f<>:"|?*]/g, '_')
    .replace(/^\.+/, '')
    .slice(-120);
  return cleaned || 'file';
}

/** Saves one file; resolves with its path relative to the workspace. */
export async function saveChatFile(
  file: InboundFile,
  workspace: string,
  maxBytes: number,
  now: Date,
): Promise<string> {
  const data = await file.download(maxBytes);
  const dir = join(workspace, 'chat-files');
  await mkdir(dir, { recursive: true });
  const stamp = now.toISOString().replace(/[-:]/g, '').replace(/\..*/, '');
  const base = safeFileName(file.name);
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
