import type { Command } from 'commander';
import { AppError } from '../../errors.js';
import { readSkillDocument } from '../../skills/markdown/skill-document.js';
import { skillMessages } from '../../skills/messages.js';
import { printJson, printLine } from '../command-helpers.js';
import { skillsCliMessages } from './messages.js';
import { openSkills, skillJson } from './skills-context.js';
import { registerSkillsSearch } from './skills-search.js';

type Messages = ReturnType<typeof skillsCliMessages>;

/** list, search, show, check. */
export function registerSkillsQuery(skills: Command, help: Messages): void {
  skills
    .command('list')
    .description(help.list)
    .option('--json', help.json)
    .action(async (opts: { json?: boolean }, command: Command) => {
      const { ctx, registry } = await openSkills(command);
      const m = skillsCliMessages(ctx.lang);
      const list = registry.list();
      if (opts.json) return printJson(list.map(skillJson));
      if (list.length === 0) return printLine(m.noSkills(registry.dir));
      const width = Math.max(...list.map((s) => s.name.length));
      for (const s of list) {
        const text = s.status === 'broken' ? m.broken(s.error ?? '') : s.summary;
        process.stdout.write(
          `${s.name.padEnd(width)}  ${s.type === 'executable' ? 'exe' : 'md '}  ${text}\n`,
        );
      }
    });

  registerSkillsSearch(skills, help);

  skills
    .command('show')
    .description(help.show)
    .argument('<name>')
    .action(async (name: string, _opts: unknown, command: Command) => {
      const { ctx, registry } = await openSkills(command);
      const skill = registry.get(name);
      if (!skill) throw new AppError('skill_not_found', skillMessages(ctx.lang).notFound(name));
      printLine(readSkillDocument(skill, skillMessages(ctx.lang)).trimEnd());
      // A skill placed by hand has no record: its content alone, as always.
      const origin = registry.provenance(name);
      if (!origin) return;
      const m = skillsCliMessages(ctx.lang);
      printLine('');
      printLine(m.provenance(origin.by === 'person' ? m.byPerson : m.byModel, origin.source, origin.at));
      if (origin.sha256) printLine(m.sha256(origin.sha256));
      const state = { approved: m.stateApproved, pending: m.statePending, changed: m.stateChanged };
      printLine(state[origin.state]);
    });

  skills
    .command('check')
    .description(help.check)
    .option('--json', help.json)
    .action(async (opts: { json?: boolean }, command: Command) => {
      // A person's check: skills held back without a sandbox (the model's) are probed on the host now.
      const { ctx, registry } = await openSkills(command, { personProbes: true });
      const m = skillsCliMessages(ctx.lang);
      const diagnostics = registry.diagnostics();
      if (opts.json) return printJson(diagnostics);
      if (diagnostics.length === 0) return printLine(m.noSkills(registry.dir));
      const label = { ok: m.statusOk, broken: m.statusBroken, ignored: m.statusIgnored };
      for (const d of diagnostics) {
        process.stdout.write(`${label[d.status].padEnd(8)} ${d.file}${d.reason ? `: ${d.reason}` : ''}\n`);
      }
    });
}
