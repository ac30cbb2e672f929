import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/list`: saved conversations of every session, newest first. */
export const listCommand: SlashCommand<'conversations'> = {
  name: 'list',
  help: { zh: '列出已保存的对话', en: 'List saved conversations' },
  usage: '/list [N]',
  async run({ services, lang, args }) {
    const t = commandMessages(lang);
    const limit = Math.min(200, Math.max(1, Number.parseInt(args, 10) || 20));
    const items = services.conversations.list({ limit });
    if (items.length === 0) return { content: t.listEmpty, data: { conversations: [] } };
    const state = { active: t.stateCurrent, ended: t.stateEnded, archived: t.stateArchived };
    const lines = items.map((c) =>
      t.listItem(c.id, c.topic, `${c.sessionId} · ${state[c.status]}`, c.startedAt, c.messageCount),
    );
    return { content: [t.listTitle, ...lines].join('\n'), data: { conversations: items } };
  },
};
