/** read_skill: the instructions of one skill, read when the model asks (Agent Skills load their body only here). */
import { z } from 'zod';
import { describeError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { readSkillDocument } from '../../skills/markdown/skill-document.js';
import { skillMessages } from '../../skills/messages.js';
import type { SkillRegistry } from '../../skills/types.js';
import { failure } from '../format.js';
import type { Tool } from '../tool.js';
import { skillToolMessages } from './messages.js';

function schema(lang: Lang) {
  return z.object({ name: z.string().trim().min(1).max(200).describe(skillToolMessages(lang).readName) });
}

type ReadSkillArgs = z.infer<ReturnType<typeof schema>>;

export function createReadSkillTool(options: { lang: Lang; skills: SkillRegistry }): Tool<ReadSkillArgs> {
  return {
    name: 'read_skill',
    description: skillToolMessages(options.lang).readDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = skillToolMessages(ctx.lang);
      const skill = options.skills.get(args.name);
      if (!skill)
        return failure(skillMessages(ctx.lang).notFound(args.name), [[t.labelFix, t.readNotFoundFix]]);
      try {
        return { ok: true, content: readSkillDocument(skill, skillMessages(ctx.lang)) };
      } catch (error) {
        return failure(describeError(error), [[t.labelPath, skill.path]]);
      }
    },
  };
}
