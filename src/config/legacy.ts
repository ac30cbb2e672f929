/**
 * The original (Python) Aibox's config.json keys, translated to this schema so an
 * existing `~/.aibox/config.json` keeps working. Each translation or ignored key
 * yields a notice; a new-style key always wins over its legacy twin.
 */
type Json = Record<string, unknown>;

interface Translation {
  from: string;
  to?: string;
  convert?: (value: unknown) => unknown;
}

const DEBUG_LEVELS = ['error', 'warn', 'info', 'debug'];

const TRANSLATIONS: Translation[] = [
  { from: 'system.skills_dir', to: 'skills.dir' },
  { from: 'system.prompts_dir', to: 'prompts_dir' },
  { from: 'system.websocket_host', to: 'server.host', convert: (v) => (v === 'localhost' ? '127.0.0.1' : v) },
  { from: 'system.websocket_port', to: 'server.port' },
  {
    from: 'system.debug_level',
    to: 'log.level',
    convert: (v) => (typeof v === 'number' ? DEBUG_LEVELS[Math.max(0, Math.min(3, Math.trunc(v)))] : v),
  },
  {
    from: 'system.log_max_size',
    to: 'log.max_size_mb',
    convert: (v) => (typeof v === 'number' ? v / 1048576 : v),
  },
  { from: 'system.log_backup_count', to: 'log.files' },
  {
    from: 'api.deepseek_api_url',
    to: 'llm.base_url',
    convert: (v) => (typeof v === 'string' ? v.replace(/\/chat\/completions\/?$/, '') : v),
  },
  { from: 'api.deepseek_model', to: 'llm.model' },
  { from: 'api.api_key_env', to: 'llm.api_key_env' },
  { from: 'api.temperature', to: 'llm.temperature' },
  { from: 'context.max_tokens', to: 'llm.max_tokens' },
  { from: 'commands.enabled', to: 'tools.commands_enabled' },
  { from: 'files.max_file_size', to: 'tools.read_file_max_bytes' },
  { from: 'web.timeout', to: 'tools.web_timeout_s' },
  { from: 'web.user_agent', to: 'tools.web_user_agent' },
  { from: 'web.max_download_size', to: 'tools.web_max_bytes' },
  { from: 'tools.max_result_length', to: 'tools.max_result_chars' },
];

/** Legacy sections or keys that have no meaning any more; they are dropped with a notice. */
const DROPPED = [
  'system.save_dir',
  'system.datetime_format',
  'system.date_format',
  'system.load_history_by_default',
  'system.log_file',
  'api.timeout',
  'scheduler.check_interval',
  'scheduler.max_tasks_per_run',
  'scheduler.broadcast_enabled',
  'tools.save_result_to_file',
  'tools.tool_results_dir',
  'context',
  'memo',
  'files',
  'commands',
  'web',
  'memory.db_name',
  'memory.max_search_results',
  'memory.default_importance',
  'conversation',
  'compressor',
  'api',
  'system',
];

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function getPath(root: Json, path: string): { found: boolean; value?: unknown } {
  let node: unknown = root;
  for (const key of path.split('.')) {
    if (!isObject(node) || !(key in node)) return { found: false };
    node = node[key];
  }
  return { found: true, value: node };
}

function setPath(root: Json, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = root;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(node[key])) node[key] = {};
    node = node[key] as Json;
  }
  node[keys.at(-1)!] = value;
}

function deletePath(root: Json, path: string): void {
  const keys = path.split('.');
  const parent = getPath(root, keys.slice(0, -1).join('.'));
  const container = keys.length === 1 ? root : parent.value;
  if (isObject(container)) delete container[keys.at(-1)!];
}

export interface LegacyNotice {
  key: string;
  movedTo?: string;
}

/** Returns a copy of `raw` with legacy keys moved to their new places. */
export function translateLegacyConfig(raw: Json): { config: Json; notices: LegacyNotice[] } {
  const config = structuredClone(raw);
  const notices: LegacyNotice[] = [];
  for (const { from, to, convert } of TRANSLATIONS) {
    const source = getPath(config, from);
    if (!source.found) continue;
    deletePath(config, from);
    const value = convert ? convert(source.value) : source.value;
    if (to && !getPath(config, to).found) setPath(config, to, value);
    notices.push({ key: from, movedTo: to });
  }
  for (const path of DROPPED) {
    const entry = getPath(config, path);
    if (!entry.found) continue;
    if (isObject(entry.value) && Object.keys(entry.value).length === 0) {
      deletePath(config, path);
      continue;
    }
    if (isObject(entry.value) && path.indexOf('.') === -1 && ['api', 'system'].includes(path)) {
      // Keys of these sections that we do not know are reported one by one below.
      for (const key of Object.keys(entry.value)) notices.push({ key: `${path}.${key}` });
      deletePath(config, path);
      continue;
    }
    deletePath(config, path);
    notices.push({ key: path });
  }
  return { config, notices };
}
