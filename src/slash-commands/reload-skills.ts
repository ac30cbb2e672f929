import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/reload_skills`: rescans the skills dir (clients also get `skills_changed` when something changed). */
export const reloadSkillsCommand: SlashCommand<'skills'> = {
  name: 'reload_skills',
  aliases: ['reload-skills'],
  help: { zh: '重新扫描技能目录', en: 'Rescan the skills directory' },
  async run({ services, lang }) {
    const r = await services.skills.reload();
    return {
      content: commandMessages(lang).reloadSkills(
        r.total,
        r.added.length,
        r.removed.length,
        r.changed.length,
        r.broken.length,
      ),
      data: r,
    };
  },
};
