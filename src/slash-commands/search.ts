import { wireCodeOf } from '../error-codes.js';
import { memoryCommandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/search Q`: memory search (any keyword; Chinese words inside longer text are found). */
export const searchCommand: SlashCommand<'memory' | 'memoryScope'> = {
  name: 'search',
  help: { zh: '搜索记忆', en: 'Search memories' },
  usage: '/search Q',
  async run({ services, session, lang, args }) {
    const t = memoryCommandMessages(lang);
    const query = args.trim();
    if (!query) return { content: t.searchUsage, data: { ok: false, error: wireCodeOf('bad_argument') } };
    const page = services.memory.search(query, { pageSize: 20, scope: services.memoryScope(session.id) });
    const lines = page.items.map((m) => t.memoryLine(m.id, m.topic, m.snippet, m.untrusted));
    return {
      content: `${t.searchTitle(query, page.total)}${lines.join('\n')}`,
      data: { query, total: page.total, memories: page.items },
    };
  },
};
