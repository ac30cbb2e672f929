/**
 * Where each installed or model-made skill came from: a record per skill in
 * `AIBOX_HOME/.skill-provenance.json` (written atomically; a protected path, so no command or file
 * tool touches it). A skill without a record is one the user placed by hand: trusted. A record
 * made by the model has no approval until a person says yes to running it; one made by a person
 * is approved as installed. Either is asked again when its files' sha256 differs from the
 * approved one. The older `.model-skills.json` (names only) is read when there is no record file
 * yet: its names become model-made records without a hash.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { writeFileAtomic } from '../util/atomic-write.js';
import { skillFilesSha256 } from './cache/skill-hash.js';
import { AGENT_SKILL_FILE } from './markdown/agent-skill.js';
import { isValidSkillName, markdownBaseName } from './name-rules.js';

export const PROVENANCE_FILE = '.skill-provenance.json';
/** The names-only list earlier versions kept (still read, then replaced by PROVENANCE_FILE). */
export const LEGACY_MODEL_SKILLS_FILE = '.model-skills.json';

export interface ProvenanceRecord {
  name: string;
  /** Where it came from: the installed file's path (or URL), `create_skill`, `write_file`. */
  source: string;
  by: 'person' | 'model';
  /** When it was installed or written (ISO 8601). */
  at: string;
  /** sha256 of its files as installed or written; absent for records of `.model-skills.json`. */
  sha256?: string;
  /** sha256 of the files a person approved to run; absent: not approved yet. */
  approved?: string;
}

/** What a record is checked against: the loaded skill's file, or folder. */
type SkillFiles = { name: string; path: string; folder?: string };

export interface SkillProvenance {
  get(name: string): ProvenanceRecord | undefined;
  /**
   * Whether running the skill needs a person's yes: made by the model and not approved, or its
   * files changed since the approval (or cannot be read). A skill without a record does not.
   */
  needsApproval(skill: SkillFiles): boolean;
  /** Records a skill just installed or written (a person's install is approved as it is). */
  record(skill: SkillFiles, entry: { source: string; by: 'person' | 'model' }): Promise<void>;
  /** A person said yes to running the skill as its files are now. */
  approve(skill: SkillFiles): Promise<void>;
  /** The skill was removed. */
  forget(name: string): Promise<void>;
  /**
   * Writes the record file when it does not exist yet: an existing file is hidden from every
   * sandbox, so no command can plant one (e.g. in a workspace configured as the data dir itself).
   */
  ensureFile(): Promise<void>;
}

/**
 * The skill a file in the skills dir belongs to: `NAME` or `NAME.md` at the top, or anything in
 * an Agent Skill's folder `NAME/`. Undefined outside the dir or for names no skill can have.
 */
export function skillOfPath(skillsDir: string, path: string): SkillFiles | undefined {
  const rel = relative(skillsDir, path);
  if (!rel || rel.startsWith('..') || rel.startsWith(sep)) return undefined;
  const [first = '', ...rest] = rel.split(sep);
  if (rest.length > 0) {
    if (!isValidSkillName(first)) return undefined;
    const folder = join(skillsDir, first);
    return { name: first, path: join(folder, AGENT_SKILL_FILE), folder };
  }
  const name = markdownBaseName(first) ?? first;
  return isValidSkillName(name) ? { name, path } : undefined;
}

const isString = (v: unknown): v is string => typeof v === 'string';

function parseRecord(value: unknown): ProvenanceRecord | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const r = value as Record<string, unknown>;
  if (!isString(r.name) || !isString(r.source) || !isString(r.at)) return undefined;
  if (r.by !== 'person' && r.by !== 'model') return undefined;
  if (r.sha256 !== undefined && !isString(r.sha256)) return undefined;
  if (r.approved !== undefined && !isString(r.approved)) return undefined;
  return {
    name: r.name,
    source: r.source,
    by: r.by,
    at: r.at,
    ...(isString(r.sha256) ? { sha256: r.sha256 } : {}),
    ...(isString(r.approved) ? { approved: r.approved } : {}),
  };
}

type Loaded = { records: Map<string, ProvenanceRecord>; unreadable: boolean; legacy: boolean };

function readRecords(file: string, legacyFile: string): Loaded {
  const records = new Map<string, ProvenanceRecord>();
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as { skills?: unknown };
    if (!Array.isArray(data.skills)) return { records, unreadable: true, legacy: false };
    for (const value of data.skills) {
      const record = parseRecord(value);
      if (!record) return { records, unreadable: true, legacy: false };
      records.set(record.name, record);
    }
    return { records, unreadable: false, legacy: false };
  } catch (error) {
    if (!missing(error)) return { records, unreadable: true, legacy: false };
  }
  try {
    const data = JSON.parse(readFileSync(legacyFile, 'utf8')) as { pending?: unknown };
    const names = Array.isArray(data.pending) ? data.pending : undefined;
    if (!names?.every(isString)) return { records, unreadable: true, legacy: true };
    const at = new Date(0).toISOString();
    for (const name of names) records.set(name, { name, source: LEGACY_MODEL_SKILLS_FILE, by: 'model', at });
    return { records, unreadable: false, legacy: true };
  } catch (error) {
    return { records, unreadable: !missing(error), legacy: false };
  }
}

export function openSkillProvenance(home: string, clock: () => Date = () => new Date()): SkillProvenance {
  const file = join(home, PROVENANCE_FILE);
  const legacyFile = join(home, LEGACY_MODEL_SKILLS_FILE);
  const loaded = readRecords(file, legacyFile);
  const { records } = loaded;
  // An unreadable file never approves silently: every skill asks, and the file is left as it is
  // (not overwritten with what little was read) for a person to repair or remove.
  const { unreadable } = loaded;
  let legacy = loaded.legacy;
  let writes = Promise.resolve();
  const save = () => {
    if (unreadable) return writes;
    const skills = [...records.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    const data = `${JSON.stringify({ skills }, null, 2)}\n`;
    writes = writes
      .catch(() => {})
      .then(async () => {
        await writeFileAtomic(file, data, 0o600);
        if (legacy) rmSync(legacyFile, { force: true });
        legacy = false;
      });
    return writes;
  };
  return {
    get: (name) => records.get(name),
    needsApproval(skill) {
      if (unreadable) return true;
      const record = records.get(skill.name);
      if (!record) return false;
      return record.approved === undefined || skillFilesSha256(skill) !== record.approved;
    },
    async record(skill, entry) {
      const sha256 = skillFilesSha256(skill);
      records.set(skill.name, {
        name: skill.name,
        source: entry.source,
        by: entry.by,
        at: clock().toISOString(),
        ...(sha256 ? { sha256 } : {}),
        ...(entry.by === 'person' && sha256 ? { approved: sha256 } : {}),
      });
      await save();
    },
    async approve(skill) {
      const record = records.get(skill.name);
      const sha256 = skillFilesSha256(skill);
      if (!record || !sha256 || record.approved === sha256) return;
      records.set(skill.name, { ...record, approved: sha256 });
      await save();
    },
    async forget(name) {
      if (!records.delete(name)) return;
      await save();
    },
    async ensureFile() {
      if (!existsSync(file)) await save();
    },
  };
}
