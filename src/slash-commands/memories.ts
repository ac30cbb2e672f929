import { memoryCommandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/memories`: the 10 most recent memories. */
export const memoriesCommand: SlashCommand<'memory' | 'memoryScope'> = {
  name: 'memories',
  help: { zh: '最近的记忆', en: 'Recent memories' },
  usage: '/memories',
  async run({ services, session, lang }) {
    const t = memoryCommandMessages(lang);
    const page = services.memory.recent({ pageSize: 10, scope: services.memoryScope(session.id) });
    if (page.items.length === 0) return { content: t.memoriesEmpty, data: { total: 0, memories: [] } };
    const lines = page.items.map((m) =>
      t.memoryLine(
        m.id,
        m.topic,
        m.summary.length > 50 ? `${m.summary.slice(0, 50)}...` : m.summary,
        m.untrusted,
      ),
    );
    return {
      content: `${t.memoriesTitle}${lines.join('\n')}`,
      data: { total: page.total, memories: page.items },
    };
  },
};
