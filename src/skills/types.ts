/** The skill engine's contract (see ../../docs/skills.md and the skill format spec). */
import type { SkillsChange } from '../protocol/frames.js';

export type SkillType = 'executable' | 'markdown';

export interface Skill {
  /** File name (executables) or file name without `.md` (Markdown). Matches ^[A-Za-z0-9_-]+$. */
  name: string;
  type: SkillType;
  /** One line: the first non-empty line of `--help` (or of the Markdown file, `#` removed). */
  summary: string;
  /**
   * Whole `--help` output, or the Markdown body. A Markdown skill whose file version the cache
   * file holds is loaded without reading the file: its body is read on first use (then kept).
   */
  content: string;
  path: string;
  /**
   * For a link to an installed program: the system's one-line description of it (the NAME line
   * of its man page, what `whatis` prints). Searched like the summary.
   */
  systemDescription?: string;
  /**
   * An Agent Skill (`NAME/SKILL.md`, type markdown): its folder. `summary` is the front matter's
   * description; `content` stays empty: the body is read when asked for (readSkillDocument).
   */
  folder?: string;
  status: 'ok' | 'broken';
  /** Why a broken skill is broken, with the fix. */
  error?: string;
  /** Something the author should fix although the skill works (e.g. no one-line summary). */
  warning?: string;
}

/** One entry of the skills dir, as `aibox skills check` reports it. */
export interface SkillDiagnostic {
  file: string;
  status: 'ok' | 'broken' | 'ignored';
  reason?: string;
}

export interface SkillSearchHit {
  skill: Skill;
  score: number;
  snippet: string;
}

export interface SkillSearchResult {
  total: number;
  hits: SkillSearchHit[];
}

/** Rules of the install scan (install-scan-rules.ts, docs/skills.md). */
export type ScanRuleId =
  | 'pipe_to_shell'
  | 'decoded_exec'
  | 'data_dir'
  | 'startup_files'
  | 'prompt_injection'
  | 'role_change'
  | 'hidden_unicode'
  | 'native_binary'
  | 'scan_incomplete';

/** high: the install stops until a person says yes; medium and low are shown only. */
export type ScanSeverity = 'high' | 'medium' | 'low';

/** One thing the install scan found in a skill from outside. */
export interface ScanFinding {
  rule: ScanRuleId;
  severity: ScanSeverity;
  /** The file, relative to the skill (its name for a single-file skill), safe to show. */
  file: string;
  /** 1-based line of the match, for text rules. */
  line?: number;
  /** The matched text (control and hidden characters escaped, cut short), or what was found. */
  excerpt?: string;
}

export interface InstallOptions {
  force?: boolean;
  /** Who installs it (kept in its provenance record): a person (default) or the model. */
  by?: 'person' | 'model';
  /** The source its record names (default: the path installed from), e.g. `create_skill`. */
  source?: string;
  /**
   * Asks a person whether the `--help` probe may run on the host, for the model's install where no
   * sandbox can run; absent: nobody can be asked, the install is refused.
   */
  confirmHostProbe?: () => Promise<boolean>;
  /**
   * Asked when the install scan found high-risk findings: resolve true to install anyway (a
   * person said yes). Absent, or false: the install fails (`skill_scan_refused`), nothing lands.
   */
  confirmRisk?: (findings: readonly ScanFinding[]) => Promise<boolean>;
  /** What the refusal tells the installer to do to go on (`--force`, `confirm=1` …). */
  refusalHint?: string;
}

/** A skill's provenance record as shown (`aibox skills show`, the page). */
export interface SkillProvenanceView {
  source: string;
  by: 'person' | 'model';
  at: string;
  sha256?: string;
  /** approved: runs like the user's own; pending: its next run is asked; changed: its files changed since the yes (asked). */
  state: 'approved' | 'pending' | 'changed';
}

/** What install returns: the skill as loaded, and everything the scan found (shown to whoever installed it). */
export interface InstalledSkill extends Skill {
  scanFindings: ScanFinding[];
}

export interface SkillRegistry {
  readonly dir: string;
  /** Every loaded skill, ok and broken, sorted by name. */
  list(): Skill[];
  get(name: string): Skill | undefined;
  diagnostics(): SkillDiagnostic[];
  /** Ranked, Chinese-aware search; an empty keyword lists every skill. */
  search(keyword: string, options?: { limit?: number }): SkillSearchResult;
  /** Rescans the dir; unchanged files are not probed again. */
  reload(): Promise<SkillsChange>;
  /** Validated, atomic install from a source file; reloads before it returns. */
  install(source: string, options?: InstallOptions): Promise<InstalledSkill>;
  remove(name: string): Promise<void>;
  /** Where the skill came from; undefined for one the user placed by hand (no record). */
  provenance(name: string): SkillProvenanceView | undefined;
  /** Called after every reload that changed something (manual, install, or watcher). */
  onChange(listener: (result: SkillsChange) => void): () => void;
  close(): Promise<void>;
}
