import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../../errors.js';
import { describeFindings } from '../../skills/install/install-report.js';
import { installScanMessages, skillMessages } from '../../skills/messages.js';
import { assertNewSkillName } from '../../skills/name-rules.js';
import { type ScaffoldKind, scaffoldSource } from '../../skills/scaffold.js';
import { commandContext, printJson, printLine, userCwd } from '../command-helpers.js';
import { selfCommand } from '../self-command.js';
import { skillsCliMessages } from './messages.js';
import { confirmFindingsAtTerminal } from './skills-confirm.js';
import { openSkills, skillJson } from './skills-context.js';

type Messages = ReturnType<typeof skillsCliMessages>;

/** install, remove, new. */
export function registerSkillsManage(skills: Command, help: Messages): void {
  skills
    .command('install')
    .description(help.install)
    .argument('<path>')
    .option('--force', help.force)
    .option('--json', help.json)
    .action(async (path: string, opts: { force?: boolean; json?: boolean }, command: Command) => {
      const { ctx, registry } = await openSkills(command);
      const force = opts.force ?? false;
      const skill = await registry.install(resolve(userCwd(), path), {
        force,
        refusalHint: installScanMessages(ctx.lang).refusedCli,
        confirmRisk: (findings) => confirmFindingsAtTerminal(findings, { force, lang: ctx.lang }),
      });
      if (opts.json) return printJson({ ...skillJson(skill), findings: skill.scanFindings });
      const m = skillsCliMessages(ctx.lang);
      printLine(`${m.installed(skill.name, skill.path)}\n  ${skill.summary}`);
      if (skill.scanFindings.length > 0)
        printLine(
          `${installScanMessages(ctx.lang).header(skill.scanFindings.length)}\n${describeFindings(skill.scanFindings, ctx.lang)}`,
        );
    });

  skills
    .command('remove')
    .description(help.remove)
    .argument('<name>')
    .action(async (name: string, _opts: unknown, command: Command) => {
      const { ctx, registry } = await openSkills(command);
      await registry.remove(name);
      printLine(skillsCliMessages(ctx.lang).removed(name));
    });

  skills
    .command('new')
    .description(help.newSkill)
    .argument('<name>')
    .option('--python', help.python)
    .option('--bash', help.bash)
    .option('--markdown', help.markdown)
    .action(
      async (
        name: string,
        opts: { python?: boolean; bash?: boolean; markdown?: boolean },
        command: Command,
      ) => {
        const ctx = await commandContext(command);
        const m = skillsCliMessages(ctx.lang);
        const kinds = (['python', 'bash', 'markdown'] as const).filter((k) => opts[k]);
        if (kinds.length > 1) throw new AppError('bad_argument', m.oneKind);
        assertNewSkillName(name, skillMessages(ctx.lang), {
          value: process.env.PATH,
          skillsDir: ctx.paths.skills,
        });
        const kind: ScaffoldKind = kinds[0] ?? 'python';
        const source = scaffoldSource(name, kind);
        const path = resolve(userCwd(), source.file);
        try {
          await writeFile(path, source.text, { flag: 'wx', mode: source.mode });
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST')
            throw new AppError('file_exists', m.fileExists(path));
          throw error;
        }
        const next = kind === 'markdown' ? m.nextStepsMarkdown : m.nextSteps;
        printLine(`${m.created(path)}\n${next(path, selfCommand())}`);
      },
    );
}
