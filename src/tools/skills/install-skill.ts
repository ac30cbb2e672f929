/** install_skill: a real install through the skill engine (validated, probed, atomic, reloaded). */
import { z } from 'zod';
import { describeError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import type { SkillRegistry } from '../../skills/types.js';
import { resolveToolPath } from '../files/workspace.js';
import { failure, success } from '../format.js';
import type { Tool } from '../tool.js';
import { askPersonOnFindings, findingsField } from './confirm-findings.js';
import { confirmHostProbe } from './host-probe.js';
import { skillToolMessages } from './messages.js';
import { installedSkillFields } from './skill-report.js';

function schema(lang: Lang) {
  const m = skillToolMessages(lang);
  return z.object({
    skill_path: z.string().trim().min(1).describe(m.installPath),
    force: z.boolean().default(false).describe(m.force),
  });
}

type InstallSkillArgs = z.infer<ReturnType<typeof schema>>;

export function createInstallSkillTool(options: {
  lang: Lang;
  skills: SkillRegistry;
  workspace: string;
}): Tool<InstallSkillArgs> {
  return {
    name: 'install_skill',
    description: skillToolMessages(options.lang).installDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = skillToolMessages(ctx.lang);
      const source = resolveToolPath(args.skill_path, options.workspace);
      try {
        // Recorded as the model's (its first run is asked); where no sandbox can run, its probe is asked too.
        const skill = await options.skills.install(source, {
          force: args.force,
          by: 'model',
          confirmHostProbe: () => confirmHostProbe(ctx, 'install_skill', source),
          ...askPersonOnFindings(ctx, 'install_skill', `install_skill ${source}`),
        });
        return success(t.installOk(skill.name), [
          ...installedSkillFields(skill, ctx.lang),
          ...findingsField(skill.scanFindings, ctx.lang),
        ]);
      } catch (error) {
        return failure(t.installFailed, [
          [t.labelPath, source],
          [t.labelError, describeError(error)],
        ]);
      }
    },
  };
}
