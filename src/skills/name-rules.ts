import { AppError } from '../errors.js';
import type { SkillMessages } from './messages.js';

/** The skill name rule of the format spec: letters, digits, `_` and `-`. */
export const SKILL_NAME_PATTERN = /^[A-Za-z0-9_-]+$/;

export function isValidSkillName(name: string): boolean {
  return SKILL_NAME_PATTERN.test(name);
}

/** Entries starting with `.` or `_` are ignored by the loader (staging files use `.`). */
export function isIgnoredEntryName(file: string): boolean {
  return file.startsWith('.') || file.startsWith('_');
}

/** `NAME.md`, extension case-insensitive → NAME; otherwise undefined. */
export function markdownBaseName(file: string): string | undefined {
  return /\.md$/i.test(file) ? file.slice(0, -3) : undefined;
}

/** `weather.py` → `weather` (last extension removed); no extension → the name itself. */
export function stripExtension(file: string): string {
  const dot = file.lastIndexOf('.');
  return dot > 0 ? file.slice(0, dot) : file;
}

/** The name a new skill may get (install, `aibox skills new`): valid and not ignored by the loader. */
export function assertNewSkillName(name: string, t: SkillMessages): void {
  if (!isValidSkillName(name) || isIgnoredEntryName(name))
    throw new AppError('SKILL_BAD_NAME', t.installBadName(name));
}
