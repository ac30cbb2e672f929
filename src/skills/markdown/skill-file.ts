/**
 * Reads a Markdown skill or an Agent Skill's SKILL.md, as the hostile input a skill file is: its
 * text goes into the model's context, so a file over MAX_SKILL_FILE_BYTES is refused without being
 * read (a planted 2 GB guide costs one fstat, not the box's memory), and only a regular file is
 * read, opened non-blocking, so a FIFO put in a file's place cannot hang a load
 * (`read-regular-file.ts`). Symlinks are followed: a skill may be a link to a file kept elsewhere.
 */
import { statSync } from 'node:fs';
import { readRegularFileSync } from '../../util/read-regular-file.js';
import type { SkillMessages } from '../messages.js';

/** Largest skill text read: far above any real guide, far below what would hurt the box. */
export const MAX_SKILL_FILE_BYTES = 512 * 1024;

export type SkillFileRead = { ok: true; bytes: Buffer } | { ok: false; error: string };

export function readSkillFile(path: string, t: SkillMessages): SkillFileRead {
  const bytes = readRegularFileSync(path, { maxBytes: MAX_SKILL_FILE_BYTES });
  if (bytes) return { ok: true, bytes };
  return { ok: false, error: whyNotRead(path, t) };
}

/** The reason a read was refused, looked up only then (a stat costs nothing on the usual path). */
function whyNotRead(path: string, t: SkillMessages): string {
  try {
    const stats = statSync(path);
    if (!stats.isFile()) return t.notRegular;
    if (stats.size > MAX_SKILL_FILE_BYTES) return t.skillFileTooLarge(MAX_SKILL_FILE_BYTES);
    return t.readFailed(t.changedWhileRead);
  } catch (error) {
    return t.readFailed((error as Error).message);
  }
}
