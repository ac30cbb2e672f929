import { ConfigError } from '../config/config-error.js';
import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/**
 * `/reload`: re-reads config.json; applies every live key (the schema says which: key-facts.ts)
 * and says which changed keys need a restart. A broken file is reported key by key and changes nothing.
 */
export const reloadCommand: SlashCommand<'reloadConfig'> = {
  name: 'reload',
  help: { zh: '重新读取 config.json', en: 'Re-read config.json' },
  async run({ services, lang }) {
    const t = commandMessages(lang);
    let plan: { applied: string[]; restart: string[] };
    try {
      plan = await services.reloadConfig();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      const lines = [
        t.reloadInvalid(error.path),
        ...error.problems.map((p) => t.reloadProblem(p.key, p.expected[lang], p.found)),
      ];
      return { content: lines.join('\n'), data: { ok: false, problems: error.problems } };
    }
    const { applied, restart } = plan;
    if (applied.length === 0 && restart.length === 0)
      return { content: t.reloadNoChange, data: { ok: true, applied: [], restart: [] } };
    const lines: string[] = [];
    if (applied.length > 0) lines.push(t.reloadApplied(applied.join(', ')));
    if (restart.length > 0) lines.push(t.reloadRestart(restart.join(', ')));
    return { content: lines.join('\n'), data: { ok: true, applied, restart } };
  },
};
