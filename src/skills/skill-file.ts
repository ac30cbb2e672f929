/**
 * Reads a Markdown skill or an Agent Skill's SKILL.md, as the hostile input a skill file is: its
 * text goes into the model's context, so a file over MAX_SKILL_FILE_BYTES is refused without being
 * read (a planted 2 GB guide costs one fstat, not the box's memory). Opened non-blocking, so a FIFO
 * put in a file's place cannot hang a load; what is checked (fstat on the open descriptor) is what
 * is read. Symlinks are followed: a skill may be a link to a file kept elsewhere.
 */
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import type { SkillMessages } from './messages.js';

/** Largest skill text read: far above any real guide, far below what would hurt the box. */
export const MAX_SKILL_FILE_BYTES = 512 * 1024;

export type SkillFileRead = { ok: true; bytes: Buffer } | { ok: false; error: string };

export function readSkillFile(path: string, t: SkillMessages): SkillFileRead {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    return { ok: false, error: t.readFailed((error as Error).message) };
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return { ok: false, error: t.notRegular };
    if (stats.size > MAX_SKILL_FILE_BYTES)
      return { ok: false, error: t.skillFileTooLarge(MAX_SKILL_FILE_BYTES) };
    // One byte more than its size: a file that grew since fstat is read up to the limit and checked again.
    const buffer = Buffer.allocUnsafe(Math.min(stats.size + 1, MAX_SKILL_FILE_BYTES + 1));
    let filled = 0;
    for (let n = 1; n > 0 && filled < buffer.length; filled += n) {
      n = readSync(fd, buffer, filled, buffer.length - filled, null);
    }
    if (filled > stats.size) return { ok: false, error: t.readFailed(t.changedWhileRead) };
    return { ok: true, bytes: buffer.subarray(0, filled) };
  } catch (error) {
    return { ok: false, error: t.readFailed((error as Error).message) };
  } finally {
    closeSync(fd);
  }
}
