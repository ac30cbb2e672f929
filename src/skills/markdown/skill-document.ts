import { basename, join } from 'node:path';
import { AppError } from '../../errors.js';
import { cleanName, cleanText } from '../../util/untrusted-text.js';
import type { SkillMessages } from '../messages.js';
import type { Skill } from '../types.js';
import { listAgentResources, parseAgentSkill } from './agent-skill.js';
import { readSkillFile } from './skill-file.js';

/**
 * What a person or the model reads of a skill (`aibox skills show`, the read_skill tool): the
 * `--help` text of an executable; a Markdown skill's summary and body; for an Agent Skill, its
 * SKILL.md body read now, and the files of its scripts/, references/ and assets/ by absolute path
 * (its scripts are run by path).
 */
export function readSkillDocument(skill: Skill, t: SkillMessages): string {
  if (skill.status === 'broken') throw new AppError('skill_broken', `${skill.name}: ${skill.error}`);
  // Probe output and parsed Markdown are cleaned already; the text is cleaned again as a whole.
  if (skill.type === 'executable') return cleanText(skill.content);
  if (!skill.folder) return cleanText(`# ${skill.summary}\n\n${skill.content}`.trimEnd());
  const read = readSkillFile(skill.path, t);
  if (!read.ok) throw new AppError('skill_read_failed', read.error);
  const parsed = parseAgentSkill(read.bytes, basename(skill.folder), t);
  if (!parsed.ok) throw new AppError('skill_broken', t.agentBroken(parsed.errors.join('; ')));
  const files = listAgentResources(skill.folder).map(
    (file) => `- ${cleanName(join(skill.folder as string, file))}`,
  );
  const listing = files.length > 0 ? `\n\n${t.agentFiles(skill.folder)}\n${files.join('\n')}` : '';
  return cleanText(`# ${skill.name}: ${parsed.description}\n\n${parsed.body}${listing}`.trimEnd());
}
