import { ConfigError } from '../config/config-error.js';
import type { Config } from '../config/schema.js';
import { changedLeaves, setLeaf, valueAt } from './config-view.js';
import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/**
 * What can change while the server runs: values read afresh each time they are
 * used. Anything else (addresses, the model endpoint, directories, the token,
 * the scheduler) is reported as needing a restart and left as it was.
 */
const LIVE_PREFIXES = [
  'agent.',
  'llm.temperature',
  'llm.max_tokens',
  'tools.',
  'server.allowed_origins',
  'server.allowed_hosts',
  'server.max_body_bytes',
  'server.max_sessions',
  'server.max_queued_turns',
  'server.max_buffered_bytes',
  'server.history_messages',
  'safety.mode',
  'safety.rules',
  'safety.file_roots',
  'safety.approval_timeout_s',
  'mcp.connect_timeout_s',
  'log.level',
  'channels.session',
  'channels.stream_interval_ms',
  'channels.max_file_bytes',
  'channels.pairing_ttl_s',
  'channels.telegram.allowed_ids',
  'channels.lark.allowed_ids',
  'channels.thinking_notice_ms',
  'channels.dingtalk.allowed_ids',
];

function isLiveKey(key: string): boolean {
  return LIVE_PREFIXES.some((p) => key === p || key.startsWith(p));
}

/** `/reload`: re-reads config.json; applies what can change live (in place), says what needs a restart. */
export const reloadCommand: SlashCommand<'config' | 'configPath' | 'logger' | 'mcp'> = {
  name: 'reload',
  help: { zh: '重新读取 config.json', en: 'Re-read config.json' },
  async run({ services, lang }) {
    const t = commandMessages(lang);
    let fresh: Config;
    try {
      // The loader brings the config schema (zod): loaded by the first `/reload`, not at start.
      const { loadConfig } = await import('../config/load-config.js');
      fresh = (await loadConfig(services.configPath)).config;
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      const lines = [
        t.reloadInvalid(error.path),
        ...error.problems.map((p) => t.reloadProblem(p.key, p.expected[lang], p.found)),
      ];
      return { content: lines.join('\n'), data: { ok: false, problems: error.problems } };
    }
    // Whatever changed, the next turn waits for MCP servers still connecting (as after start).
    services.mcp.holdNextTurn();
    const changed = changedLeaves(services.config, fresh);
    if (changed.length === 0)
      return { content: t.reloadNoChange, data: { ok: true, applied: [], restart: [] } };
    const live = changed.filter((path) => isLiveKey(path.join('.')));
    // Each changed leaf is set by its full path: a section's other keys (a bot token beside
    // `allowed_ids`) stay as they are.
    for (const path of live)
      setLeaf(services.config as unknown as Record<string, unknown>, path, valueAt(fresh, path));
    const applied = live.map((path) => path.join('.'));
    const restart = changed.map((path) => path.join('.')).filter((k) => !isLiveKey(k));
    if (applied.includes('log.level')) services.logger.level = fresh.log.level;
    services.logger.info({ applied, restart }, 'config reloaded');
    const lines: string[] = [];
    if (applied.length > 0) lines.push(t.reloadApplied(applied.join(', ')));
    if (restart.length > 0) lines.push(t.reloadRestart(restart.join(', ')));
    return { content: lines.join('\n'), data: { ok: true, applied, restart } };
  },
};
