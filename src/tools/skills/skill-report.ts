/** How install_skill and create_skill describe an installed skill to the model. */
import type { Lang } from '../../i18n/lang.js';
import type { Skill } from '../../skills/types.js';
import type { Field } from '../format.js';
import { skillToolMessages } from './messages.js';

/** Characters of --help output shown after an install. */
const HELP_PREVIEW_CHARS = 1500;

export function installedSkillFields(skill: Skill, lang: Lang): Field[] {
  const t = skillToolMessages(lang);
  const executable = skill.type === 'executable';
  const help =
    skill.content.length > HELP_PREVIEW_CHARS
      ? `${skill.content.slice(0, HELP_PREVIEW_CHARS)}…`
      : skill.content;
  return [
    [t.labelName, skill.name],
    [t.labelType, executable ? t.typeExecutable : t.typeMarkdown],
    [t.labelSummary, skill.summary],
    [t.labelPath, skill.path],
    [t.labelWarning, skill.warning],
    [t.labelNote, executable ? t.useHint(skill.name) : t.useMarkdownHint(skill.name)],
    [t.labelHelp, executable && help.trim() && help.trim() !== skill.summary ? help.trimEnd() : undefined],
  ];
}
