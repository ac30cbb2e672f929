import { AppError } from '../errors.js';
import type { SkillMessages } from './messages.js';
import { commandOnPath } from './path-commands.js';

/**
 * The skill name rule of the format spec: letters, digits, `_` and `-`; not starting with `-`
 * (`-rf`, `--help` would be read as options by every command that names the skill).
 */
const SKILL_NAME_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;

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

/**
 * The name a new skill may get (install, create_skill, `aibox skills new`): valid, not ignored by
 * the loader, and not the name of a system command on `path` (a skill must not stand in for
 * `python3` in other commands and skills).
 */
export function assertNewSkillName(
  name: string,
  t: SkillMessages,
  path?: { value: string | undefined; skillsDir: string },
): void {
  if (!isValidSkillName(name) || isIgnoredEntryName(name))
    throw new AppError('skill_bad_name', t.installBadName(name));
  const command = path ? commandOnPath(name, path.value, path.skillsDir) : undefined;
  if (command) throw new AppError('skill_name_is_command', t.nameIsCommand(name, command));
}
