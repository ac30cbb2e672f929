/**
 * Copying an Agent Skill folder from outside into a staging dir, with the archive's rules: links
 * and special files refused, names checked, bytes counted as they are read (a file that grows
 * while copied still stops at the limit). Runs in the install worker.
 */
import { closeSync, constants, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join, posix } from 'node:path';
import { ArchiveError } from './archive-limits.js';
import { shownEntryName } from './entry-name.js';
import type { StagingSink } from './staging-sink.js';

const CHUNK_BYTES = 64 * 1024;

export async function copyFolder(from: string, sink: StagingSink, below = ''): Promise<void> {
  for (const entry of readdirSync(from).sort()) {
    const source = join(from, entry);
    const relative = below ? posix.join(below, entry) : entry;
    const info = lstatSync(source);
    if (info.isDirectory()) {
      sink.dir(`${relative}/`);
      await copyFolder(source, sink, relative);
    } else if (info.isFile()) {
      await sink.file(relative, (info.mode & 0o111) !== 0, (file) => {
        // Not through a link that replaced the file after lstat.
        const fd = openSync(source, constants.O_RDONLY | constants.O_NOFOLLOW);
        try {
          const buffer = Buffer.alloc(CHUNK_BYTES);
          for (;;) {
            const read = readSync(fd, buffer, 0, buffer.length, null);
            if (read === 0) break;
            file.write(buffer.subarray(0, read));
          }
        } finally {
          closeSync(fd);
        }
      });
    } else if (info.isSymbolicLink())
      throw new ArchiveError({ kind: 'link', entry: shownEntryName(relative) });
    else throw new ArchiveError({ kind: 'special', entry: shownEntryName(relative) });
  }
}
