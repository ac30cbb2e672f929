/**
 * The JSON shapes of /api, shared by the server routes and the web page (type-only: the page
 * imports this file with `import type`, so it must not depend on Node types, nor import
 * anything that does).
 */
import type { ConsolidationRun, RunChange } from '../../consolidation/types.js';
import type { Memory, MemoryKind } from '../../memory/types.js';

export interface ApiErrorBody {
  error: { code: string; message: string };
}

export interface StatusDto {
  name: 'aibox';
  version: string;
  lang: 'zh' | 'en';
  provider: string;
  model: string;
  /** Whether a model key was found; the key itself is never sent. */
  hasKey: boolean;
  /** The environment variable to set ('' for keyless local servers). */
  keyEnv: string;
  skills: { total: number; broken: number };
  tasks: { active: number; due: number };
  memories: number;
  startedAt: string;
  /** `media.max_audio_s`: where the page's press-to-talk stops recording. */
  maxAudioS: number;
}

/** Where an installed or model-made skill came from (absent: placed by hand, the user's own). */
export interface SkillProvenanceDto {
  /** The installed path or upload, `create_skill`, `write_file`. */
  source: string;
  by: 'person' | 'model';
  /** ISO 8601. */
  at: string;
  sha256?: string;
  /** approved: runs like the user's own; pending / changed: its next run is asked. */
  state: 'approved' | 'pending' | 'changed';
}

export interface SkillDto {
  name: string;
  type: 'executable' | 'markdown';
  summary: string;
  path: string;
  status: 'ok' | 'broken';
  error?: string;
  warning?: string;
  provenance?: SkillProvenanceDto;
}

export interface SkillDetailDto extends SkillDto {
  content: string;
}

/** One finding of the install scan (docs/skills.md); `text` is the line to show, in the server's language. */
export interface ScanFindingDto {
  rule: string;
  severity: 'high' | 'medium' | 'low';
  file: string;
  line?: number;
  excerpt?: string;
  text: string;
}

/** POST /api/skills/install → 201: the skill and what the install scan found. */
export interface InstalledSkillDto extends SkillDetailDto {
  findings: ScanFindingDto[];
}

/** POST /api/skills/install → 409 SKILL_SCAN_REFUSED: high-risk findings; send again with `confirm=1` after a person saw them. */
export interface ScanRefusalDto extends ApiErrorBody {
  findings: ScanFindingDto[];
}

export interface SkillListDto {
  total: number;
  skills: SkillDto[];
}

export interface SkillSearchDto {
  query: string;
  total: number;
  hits: { skill: SkillDto; score: number; snippet: string }[];
  /** Keyword and meaning fused (embeddings on and the query embedded); absent: keyword only. */
  byMeaning?: true;
}

export type ScheduleKindDto = 'once' | 'immediate' | 'interval' | 'daily' | 'weekly' | 'monthly' | 'cron';

export interface ScheduleDto {
  kind: ScheduleKindDto;
  start: string;
  every?: number;
  unit?: 'minutes' | 'hours' | 'days';
  cron?: string;
  timezone: string;
  end?: string;
}

/** `skipped`: the task's pre-check did not pass (the model was not called). */
export type RunStatusDto = 'queued' | 'running' | 'complete' | 'failed' | 'interrupted' | 'skipped';

export interface TaskDto {
  id: number;
  title: string;
  content: string;
  schedule: ScheduleDto;
  status: 'active' | 'completed' | 'deleted';
  nextRunAt: string | null;
  lastRunAt: string | null;
  lastOutcome: RunStatusDto | null;
  runCount: number;
  createdAt: string;
  /** The chat each run's result is posted to (`telegram:42`), or null. */
  notify: string | null;
  /** The pre-check command run before each run (exit 0 → the model is called), or null. */
  when: string | null;
  /** Who approved the pre-check when the command decision asked; null: it needed nobody. */
  whenApprovedBy: string | null;
  /** The task's own cap on tokens per run; null: `scheduler.max_tokens_per_run` applies; 0: none. */
  maxTokensPerRun: number | null;
}

/** One page of GET /api/tasks (`?limit=` 1–500, default 200; `?offset=`), and how many there are. */
export interface TaskListDto {
  tasks: TaskDto[];
  total: number;
  offset: number;
  limit: number;
}

/** Body of POST /api/tasks. `at` (ISO) for once; omitted `at` means run now. */
export interface NewTaskBody {
  title: string;
  content?: string;
  kind: 'once' | 'interval' | 'daily' | 'weekly' | 'monthly' | 'cron';
  at?: string;
  every?: number;
  unit?: 'minutes' | 'hours' | 'days';
  cron?: string;
  /** A chat to post each run's result to; refused unless it is an allowed chat. */
  notify?: string | null;
  /** A pre-check command, judged like run_command with nobody to ask: one that needs a yes is refused. */
  when?: string | null;
  /** The task's own cap on tokens per run (0: none; null or absent: the config's). */
  max_tokens_per_run?: number | null;
}

/** Body of PATCH /api/tasks/:id: what to change (at least one field). */
export interface TaskPatchBody {
  notify?: string | null;
  when?: string | null;
  max_tokens_per_run?: number | null;
}

/** One chat channel as the page's channels panel shows it. */
export interface ChannelDto {
  name: string;
  label: string;
  /** Whether its credentials are set (it runs when the server started with them). */
  configured: boolean;
  /** How to set it up: the config keys of its credentials, or these environment variables. */
  setup: { keys: string[]; env: string[] };
  /** Senders allowed in config (changed by editing config.json). */
  allowedIds: string[];
  /** Senders paired with a code (the page can remove them). */
  paired: string[];
  /** For a channel that logs in by QR code (WeChat): its stored login. */
  login?: ChannelLoginDto;
}

export interface ChannelLoginDto {
  state: 'none' | 'ok' | 'expired' | 'broken';
  bot?: string;
  loggedInAt?: string;
  expiredAt?: string;
}

/** GET/POST /api/channels/wechat/login: the QR login the page runs (`idle` when none ran). */
export interface WeChatPageLoginDto {
  status:
    | 'idle'
    | 'starting'
    | 'waiting'
    | 'scanned'
    | 'need_code'
    | 'confirmed'
    | 'already_bound'
    | 'expired'
    | 'timeout'
    | 'stopped'
    | 'failed';
  /** Grows with every change (`GET …?after=<version>` waits for a newer one). */
  version: number;
  /** The QR code's rows, `1` for a dark module. */
  qr?: string[];
  link?: string;
  refresh?: number;
  codeAgain?: boolean;
  bot?: string;
  error?: string;
}

export interface ChannelListDto {
  channels: ChannelDto[];
  pairingTtlS: number;
}

/** Reply of POST /api/channels/pair: shown once; only its hash is kept. */
export interface PairingCodeDto {
  code: string;
  expiresAt: string;
}

export interface TaskRunDto {
  id: number;
  executionId: string;
  occurrence: string;
  status: RunStatusDto;
  late: boolean;
  startedAt: string | null;
  endedAt: string | null;
  answer: string | null;
  error: string | null;
  /** Steps refused because nobody could approve them during the run. */
  denied: { tool: string; command: string; how: string }[];
  /** What the run's model requests used and cost (docs/usage-and-budgets.md); cost in `currency`, '' when unpriced. */
  usage: { requests: number; total_tokens: number; cost: number; currency: string; estimated: boolean };
  /** What the pre-check said (`skipped` runs: why the model was not called), or null. */
  preCheck: {
    outcome: 'passed' | 'failed' | 'refused' | 'timeout' | 'error';
    exit: number | null;
    line: string;
    durationMs: number;
  } | null;
}

/** A memory as stored (`src/memory/types.ts`); search results add a `snippet`. */
export interface MemoryDto extends Memory {
  snippet?: string;
}

export interface MemoryPageDto {
  query: string;
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  /** The kind asked for (absent: every kind). */
  kind?: MemoryKind;
  items: MemoryDto[];
}

export type { ConsolidationRun, RunChange };

/** `GET /api/memory-runs`: consolidation runs, newest first, and the daily job. */
export interface MemoryRunsDto {
  runs: ConsolidationRun[];
  /**
   * The daily consolidation: off (`memory.consolidate.enabled` false, or no scheduler), else when
   * it runs next (ISO) and the days owed, waiting for it (`YYYY-MM-DD`, oldest first).
   */
  daily: { enabled: boolean; nextAt: string | null; owed: string[] };
}

/** `GET /api/memory-runs/:id` (and `POST /api/memory-runs`): one run and what it changed. */
export interface MemoryRunDto {
  run: ConsolidationRun;
  changes: RunChange[];
}

/** Words in both languages (the page picks one). */
export interface BothLangs {
  zh: string;
  en: string;
}

/** What a config key needs to be shown and edited (GET /api/settings; from the schema). */
export interface SettingKeyDto {
  /** Dotted, e.g. `channels.telegram.allowed_ids`. */
  key: string;
  /** The section it sits in (`''` for the top level), e.g. `channels.telegram`. */
  section: string;
  label: BothLangs;
  /** Its JSON Schema: `type`, `minimum`/`maximum`, `enum`, `pattern`, `items`… (`{}`: any JSON). */
  schema: Record<string, unknown>;
  default: unknown;
  /** true: saving applies it to the running box; false: it waits for a restart. */
  live: boolean;
  /** The whole value is a secret: `value` is always `''`, `set` says whether one is set. */
  secret: boolean;
  /** As saved in config.json (secrets inside, like MCP env values, read `[set]`). */
  value: unknown;
  set?: boolean;
}

export interface SettingsProblemDto {
  key: string;
  expected: BothLangs;
  found: string;
}

export interface SettingsDto {
  /** The config file these are saved to. */
  file: string;
  sections: { name: string; label: BothLangs }[];
  keys: SettingKeyDto[];
  /** Keys saved in the file that the running box does not use yet: they need a restart. */
  restartPending: string[];
  /** Whether the model can be reached (a key is set, or the service needs none). */
  modelReady: boolean;
  /** When config.json itself is not valid now (a hand edit): what is wrong; nothing can be saved. */
  fileProblems?: SettingsProblemDto[];
}

/** Body of PUT /api/settings: dotted key → new value (`null`: back to its default). */
export interface SettingsPutBody {
  values: Record<string, unknown>;
}

/** Reply of PUT /api/settings and POST /api/settings/reload. */
export interface SettingsSavedDto {
  /** Keys applied to the running box now. */
  applied: string[];
  /** Changed keys that need a restart. */
  restart: string[];
  settings: SettingsDto;
}

/** The error body of a refused save: `problems` names each key. */
export interface SettingsErrorDto {
  error: { code: string; message: string };
  problems: SettingsProblemDto[];
}

/** `POST /api/uploads`: what was received; `id` goes into a `message` frame's `attachments`. */
export interface UploadDto {
  id: string;
  kind: 'image' | 'audio' | 'file';
  bytes: number;
  /** For pictures: the stored picture (its id for `GET /api/pictures/{id}`, its size after shrinking). */
  picture?: { id: string; width: number; height: number; bytes: number };
}
