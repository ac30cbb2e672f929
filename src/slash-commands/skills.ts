import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/skills [Q]`: lists the loaded skills, or searches them (Chinese-aware ranking). */
export const skillsCommand: SlashCommand<'skills'> = {
  name: 'skills',
  help: { zh: '列出或搜索技能', en: 'List or search skills' },
  usage: '/skills [Q]',
  async run({ services, lang, args }) {
    const t = commandMessages(lang);
    const total = services.skills.list().length;
    const result = services.skills.search(args, { limit: 50 });
    if (result.hits.length === 0)
      return { content: t.skillsNone, data: { query: args, total: result.total, hits: [] } };
    const title = args ? t.skillsSearchTitle(args, result.total) : t.skillsTitle(result.hits.length, total);
    const lines = result.hits.flatMap(({ skill }) => {
      const head = `  • ${skill.name} [${skill.type}] ${skill.summary}`;
      return skill.status === 'broken' ? [head, t.skillBroken(skill.error ?? '')] : [head];
    });
    return {
      content: [title, ...lines].join('\n'),
      data: {
        query: args,
        total: result.total,
        hits: result.hits.map((h) => ({
          name: h.skill.name,
          type: h.skill.type,
          summary: h.skill.summary,
          status: h.skill.status,
          score: h.score,
        })),
      },
    };
  },
};
