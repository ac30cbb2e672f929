import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { chmod, copyFile, readdir, readFile, realpath, rename, rm, stat } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import { AppError } from '../../errors.js';
import { parseMarkdownSkill } from '../markdown/markdown.js';
import type { SkillMessages } from '../messages.js';
import { assertNewSkillName, markdownBaseName, stripExtension } from '../name-rules.js';
import { probeExecutable } from '../probe/probe.js';
import { describeProbeFailure, type ProbeLaunch, type ProbeOptions } from '../probe/probe-outcome.js';
import type { ScanFinding, SkillType } from '../types.js';
import { type ArchiveKind, archiveKind } from './archive.js';
import { installAgentSkill } from './install-folder.js';
import { passScanGate, type ScanGate } from './scan-gate.js';

/** Name prefix of a skill file being installed (copied, probed, then renamed into place). */
export const INSTALL_STAGING_PREFIX = '.install-';

export interface InstallRequest {
  dir: string;
  source: string;
  force: boolean;
  t: SkillMessages;
  probe: ProbeOptions;
  /** Who installs it: a person, or the model (where no sandbox can run, its probe is asked first). */
  by?: 'person' | 'model';
  /** Asks a person whether the probe may run on the host (no sandbox here); absent: nobody to ask. */
  confirmHostProbe?: () => Promise<boolean>;
  /** The install worker, the scan and who confirms its high-risk findings. */
  gate: ScanGate;
}

/** What an install wrote, and what its scan found. */
export interface InstalledFile {
  name: string;
  type: SkillType;
  path: string;
  findings: ScanFinding[];
}

/** Where the staged file's probe runs; a held probe runs on the host only after a person's yes. */
async function probeLaunch(req: InstallRequest, staging: string, name: string): Promise<ProbeLaunch> {
  const launch = (await req.probe.runner?.launch(staging, name, req.by ?? 'person')) ?? { where: 'host' };
  if (launch.where !== 'held') return launch;
  if (req.confirmHostProbe && (await req.confirmHostProbe())) return { where: 'host' };
  throw new AppError('skill_probe_failed', req.t.probeRefused(name));
}

/** Existing entries that hold skill `name` (`name`, `name.md`, `name.MD` …). */
async function entriesNamed(dir: string, name: string): Promise<string[]> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  return entries.filter((file) => file === name || markdownBaseName(file) === name);
}

/** The source must exist and lie outside the skills dir; returns whether it is a folder. */
async function checkSource(source: string, dir: string, t: SkillMessages): Promise<boolean> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(source);
  } catch {
    throw new AppError('skill_source_missing', t.sourceMissing(source));
  }
  if (!info.isFile() && !info.isDirectory())
    throw new AppError('skill_source_not_file', t.sourceNotFile(source));
  const [realSource, realDir] = await Promise.all([
    realpath(source),
    realpath(dir).catch(() => resolve(dir)),
  ]);
  const inside = (path: string, base: string) => path.startsWith(`${base}${sep}`);
  if (inside(realSource, realDir) || inside(resolve(source), resolve(dir))) {
    throw new AppError('skill_source_in_dir', t.sourceInDir(source));
  }
  return info.isDirectory();
}

/**
 * Installs one file into the skills dir: validate the name, copy to a staging name (starting with
 * `.`, so loader and watcher ignore it), probe it, then rename it into place atomically. On any
 * error the staging file is removed and the dir is as before.
 */
export async function installSkillFile(req: InstallRequest): Promise<InstalledFile> {
  const { dir, t } = req;
  const source = resolve(req.source);
  const folder = await checkSource(source, dir, t);
  const file = basename(source);
  // An Agent Skill: a folder with SKILL.md, or a .zip / .tar.gz of one.
  const archive = archiveKind(file);
  if (folder || archive)
    return installAgentSkill(req, source, folder ? 'folder' : (archive as ArchiveKind), (name) =>
      entriesNamed(dir, name),
    );
  const mdName = markdownBaseName(file);
  const type: SkillType = mdName !== undefined ? 'markdown' : 'executable';
  const name = mdName ?? stripExtension(file);
  assertNewSkillName(name, t, { value: req.probe.env.PATH, skillsDir: dir });
  const existing = await entriesNamed(dir, name);
  if (existing.length > 0 && !req.force) throw new AppError('skill_exists', t.exists(name));

  const target = join(dir, type === 'markdown' ? `${name}.md` : name);
  const staging = join(dir, `${INSTALL_STAGING_PREFIX}${name}-${randomBytes(4).toString('hex')}`);
  let findings: ScanFinding[];
  try {
    await copyFile(source, staging, constants.COPYFILE_EXCL);
    findings = await passScanGate(req.gate, { path: staging, kind: type, name: file });
    if (type === 'executable') {
      await chmod(staging, 0o755);
      const probed = await probeExecutable(staging, name, req.probe, await probeLaunch(req, staging, name));
      if (!probed.ok)
        throw new AppError('skill_probe_failed', t.probeFailed(describeProbeFailure(probed.failure, t)));
    } else {
      await chmod(staging, 0o644);
      const md = parseMarkdownSkill(await readFile(staging), t);
      if (!md.ok) throw new AppError('skill_probe_failed', t.probeFailed(md.error));
    }
    await rename(staging, target);
  } catch (error) {
    await rm(staging, { force: true });
    throw error;
  }
  // --force across types (x.md replacing x, or x replacing x.md): drop the other holder of the name.
  for (const other of existing) {
    if (join(dir, other) !== target) await rm(join(dir, other), { force: true });
  }
  return { name, type, path: target, findings };
}
