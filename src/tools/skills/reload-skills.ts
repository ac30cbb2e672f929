/** reload_skills: rescan the skills dir and report what changed. */
import { z } from 'zod';
import { describeError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import type { SkillRegistry } from '../../skills/types.js';
import { failure, success } from '../format.js';
import { commonMessages } from '../messages.js';
import type { Tool } from '../tool.js';
import { skillToolMessages } from './messages.js';

function schema(lang: Lang) {
  return z.object({ confirm: z.boolean().optional().describe(commonMessages(lang).legacyConfirm) });
}

type ReloadSkillsArgs = z.infer<ReturnType<typeof schema>>;

export function createReloadSkillsTool(options: {
  lang: Lang;
  skills: SkillRegistry;
}): Tool<ReloadSkillsArgs> {
  return {
    name: 'reload_skills',
    description: skillToolMessages(options.lang).reloadDescription,
    parameters: schema(options.lang),
    async execute(_args, ctx) {
      const t = skillToolMessages(ctx.lang);
      let result: Awaited<ReturnType<SkillRegistry['reload']>>;
      try {
        result = await options.skills.reload();
      } catch (error) {
        return failure(describeError(error), [[t.labelDir, options.skills.dir]]);
      }
      const list = (names: string[]) => (names.length > 0 ? names.join(', ') : t.none);
      const broken = result.broken.map((name) => `${name}: ${options.skills.get(name)?.error ?? '?'}`);
      return success(t.reloadOk(result.total), [
        [t.labelDir, options.skills.dir],
        [t.labelAdded, list(result.added)],
        [t.labelRemoved, list(result.removed)],
        [t.labelChanged, list(result.changed)],
        [t.labelBroken, broken.length > 0 ? broken.join('\n') : t.none],
      ]);
    },
  };
}
