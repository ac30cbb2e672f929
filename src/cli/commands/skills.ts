import type { Command } from 'commander';
import { detectLang } from '../../i18n/lang.js';
import { langFlagOf } from '../context.js';
import { skillsCliMessages } from './messages.js';
import { registerSkillsManage } from './skills-manage.js';
import { registerSkillsQuery } from './skills-query.js';

/** `aibox skills …`: list, search, show, check, install, remove, new. Never starts the watcher. */
export function register(program: Command): void {
  const m = skillsCliMessages(detectLang({ flag: langFlagOf() }));
  const skills = program.command('skills').description(m.describe);
  registerSkillsQuery(skills, m);
  registerSkillsManage(skills, m);
}
