import type { Dirent, Stats } from 'node:fs';
import { readdirSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { byKey } from '../../util/compare.js';
import { AGENT_SKILL_FILE } from '../markdown/agent-skill.js';
import type { SkillMessages } from '../messages.js';
import { isIgnoredEntryName, isValidSkillName, markdownBaseName, stripExtension } from '../name-rules.js';
import type { SkillDiagnostic, SkillType } from '../types.js';

/** A file that will be loaded as a skill (the probe or the Markdown reader decides ok/broken). */
export interface SkillCandidate {
  name: string;
  type: SkillType;
  file: string;
  path: string;
  /** stat of the file (symlinks followed); the probe cache keys on it. */
  stats: Stats;
  /** An Agent Skill: the folder holding `path` (its SKILL.md). */
  folder?: string;
}

export interface ScanResult {
  candidates: SkillCandidate[];
  /** Entries that are not loaded, each with the reason and the fix. */
  ignored: SkillDiagnostic[];
}

function readTarget(path: string): string {
  try {
    return readlinkSync(path);
  } catch {
    return '?';
  }
}

/**
 * Classifies every entry of the skills dir (not recursive) by the loading rules of the skill
 * format spec. Never throws for a bad entry; a missing dir is an empty scan. Synchronous on
 * purpose: one stat per entry, a few microseconds each, is far cheaper than a thread-pool round
 * trip per file (a warm reload of 500 skills is mostly this scan).
 */
export async function scanSkillsDir(dir: string, t: SkillMessages): Promise<ScanResult> {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { candidates: [], ignored: [] };
    throw error;
  }
  entries.sort(byKey((e) => e.name));
  const ignored: SkillDiagnostic[] = [];
  const user = currentUser();
  const found = entries.map((entry) => classify(dir, entry, t, user));

  const executables = new Map<string, SkillCandidate>();
  const markdown = new Map<string, SkillCandidate>();
  for (const item of found) {
    if ('status' in item) {
      ignored.push(item);
      continue;
    }
    const table = item.type === 'executable' ? executables : markdown;
    const previous = table.get(item.name);
    if (previous) {
      ignored.push({ file: item.file, status: 'ignored', reason: t.duplicateMarkdown(previous.file) });
      continue;
    }
    table.set(item.name, item);
  }
  for (const [name, md] of markdown) {
    if (executables.has(name)) {
      markdown.delete(name);
      ignored.push({ file: md.file, status: 'ignored', reason: t.collision(name) });
    }
  }
  return { candidates: [...executables.values(), ...markdown.values()], ignored };
}

function classify(
  dir: string,
  entry: Dirent,
  t: SkillMessages,
  user: User,
): SkillCandidate | SkillDiagnostic {
  const file = entry.name;
  const path = join(dir, file);
  const ignore = (reason: string): SkillDiagnostic => ({ file, status: 'ignored', reason });
  if (isIgnoredEntryName(file)) return ignore(t.hidden);
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch (error) {
    if (entry.isSymbolicLink()) return ignore(t.brokenSymlink(readTarget(path)));
    return ignore(t.readFailed((error as Error).message));
  }
  if (stats.isDirectory()) return agentFolder(dir, file, t) ?? ignore(t.folderWithoutSkill);
  if (!stats.isFile()) return ignore(t.notRegular);

  const mdName = markdownBaseName(file);
  if (mdName !== undefined) {
    if (!isValidSkillName(mdName) || isIgnoredEntryName(mdName)) return ignore(t.badName(file));
    return { name: mdName, type: 'markdown', file, path, stats };
  }
  if (!isValidSkillName(file)) {
    const base = stripExtension(file);
    if (base !== file && isValidSkillName(base)) return ignore(t.hasExtension(path, base));
    return ignore(t.badName(file));
  }
  if (!executableBy(stats, user)) return ignore(t.noRunBit(path));
  return { name: file, type: 'executable', file, path, stats };
}

/** `NAME/SKILL.md`: an Agent Skill folder (its name and front matter are checked when loaded). */
function agentFolder(
  dir: string,
  file: string,
  t: SkillMessages,
): SkillCandidate | SkillDiagnostic | undefined {
  const folder = join(dir, file);
  const path = join(folder, AGENT_SKILL_FILE);
  let stats: Stats;
  try {
    stats = statSync(path);
  } catch {
    return undefined;
  }
  if (!stats.isFile()) return undefined;
  if (!isValidSkillName(file)) return { file, status: 'ignored', reason: t.badName(file) };
  return { name: file, type: 'markdown', file: `${file}/`, path, stats, folder };
}

/**
 * The run bit for this process, from the mode bits (what access(X_OK) checks, without a syscall
 * per file on every reload): root needs any x bit; others the owner, group or other bit that applies.
 */
function executableBy(stats: Stats, user: User): boolean {
  const mode = Number(stats.mode);
  if (user.uid === 0) return (mode & 0o111) !== 0;
  if (user.uid === stats.uid) return (mode & 0o100) !== 0;
  if (user.gids.has(stats.gid)) return (mode & 0o010) !== 0;
  return (mode & 0o001) !== 0;
}

interface User {
  uid: number;
  gids: Set<number>;
}

function currentUser(): User {
  const gids = new Set([...(process.getgroups?.() ?? []), process.getgid?.() ?? -1]);
  return { uid: process.getuid?.() ?? -1, gids };
}
