import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { AppError } from '../../errors.js';
import { AGENT_SKILL_FILE, parseAgentSkill } from '../markdown/agent-skill.js';
import { readSkillFile } from '../markdown/skill-file.js';
import { assertNewSkillName } from '../name-rules.js';
import type { ArchiveKind } from './archive.js';
import type { InstalledFile, InstallRequest } from './install.js';
import { describeArchiveProblem } from './install-report.js';
import { passScanGate } from './scan-gate.js';

/** Name prefix of the old folder of a skill replaced by `--force`, until the new one is in place. */
export const REPLACED_PREFIX = '.replaced-';

/** The folder holding SKILL.md: the extraction root itself, or its one top-level folder. */
function findSkillRoot(staging: string, archiveName: string): { root: string; folder: string } | undefined {
  const has = (dir: string) => {
    try {
      return statSync(join(dir, AGENT_SKILL_FILE)).isFile();
    } catch {
      return false;
    }
  };
  if (has(staging)) return { root: staging, folder: archiveName.replace(/\.(zip|tar\.gz|tgz)$/i, '') };
  const top = readdirSync(staging);
  if (top.length === 1 && has(join(staging, top[0] as string)))
    return { root: join(staging, top[0] as string), folder: top[0] as string };
  return undefined;
}

/** Files under scripts/ become runnable by path. */
function makeScriptsRunnable(root: string): void {
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const path = join(dir, entry);
      const info = statSync(path);
      if (info.isDirectory()) walk(path);
      else chmodSync(path, info.mode | 0o755);
    }
  };
  walk(join(root, 'scripts'));
}

/**
 * Installs an Agent Skill from a folder or an archive of one: copied or extracted into a staging
 * dir inside the skills dir (name starting with `.`, so loader and watcher ignore it) by the install
 * worker within the archive limits, scanned (scan-gate.ts), validated (SKILL.md front matter, name
 * rules), then renamed into place; with `force` the old folder is
 * renamed away first and removed after. Any failure removes the staging dir.
 */
export async function installAgentSkill(
  req: InstallRequest,
  source: string,
  kind: 'folder' | ArchiveKind,
  existingHolders: (name: string) => Promise<string[]>,
): Promise<InstalledFile> {
  const { dir, t, gate } = req;
  const staging = join(dir, `.install-${randomBytes(4).toString('hex')}`);
  try {
    if (kind === 'folder' && !existsSync(join(source, AGENT_SKILL_FILE)))
      throw new AppError('skill_source_not_file', t.sourceNotSkillFolder(source));
    const staged = await gate.worker.stage({ kind, source, staging }, gate.lang);
    if (!staged.ok)
      throw new AppError(
        'skill_archive_invalid',
        t.archiveInvalid(describeArchiveProblem(staged.problem, gate.lang)),
      );
    const found =
      kind === 'folder'
        ? { root: staging, folder: basename(source) }
        : findSkillRoot(staging, basename(source));
    if (!found) throw new AppError('skill_archive_invalid', t.archiveNoSkill);
    const read = readSkillFile(join(found.root, AGENT_SKILL_FILE), t);
    if (!read.ok) throw new AppError('skill_invalid', t.agentBroken(read.error));
    const parsed = parseAgentSkill(read.bytes, found.folder, t);
    if (!parsed.ok) throw new AppError('skill_invalid', t.agentBroken(parsed.errors.join('; ')));
    const name = parsed.name;
    assertNewSkillName(name, t, { value: req.probe.env.PATH, skillsDir: dir });
    const existing = await existingHolders(name);
    if (existing.length > 0 && !req.force) throw new AppError('skill_exists', t.exists(name));
    // Scanned once it is known to be installable, so nobody is asked about a skill that would fail anyway.
    const findings = await passScanGate(gate, { path: found.root, kind: 'agent-skill', name: found.folder });
    makeScriptsRunnable(found.root);
    const target = join(dir, name);
    const old = join(dir, `${REPLACED_PREFIX}${name}-${randomBytes(4).toString('hex')}`);
    const replacing = existing.includes(name);
    if (replacing) await rename(target, old);
    try {
      await rename(found.root, target);
    } catch (error) {
      if (replacing) await rename(old, target);
      throw error;
    }
    // The old folder, and other holders of the name (x.md, an executable x) with --force.
    await rm(old, { recursive: true, force: true });
    for (const other of existing)
      if (other !== name) await rm(join(dir, other), { force: true, recursive: true });
    return { name, type: 'markdown', path: join(target, AGENT_SKILL_FILE), findings };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
