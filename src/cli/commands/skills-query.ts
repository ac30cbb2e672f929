import type { Command } from 'commander';
import { AppError } from '../../errors.js';
import { skillMessages } from '../../skills/messages.js';
import { readSkillDocument } from '../../skills/skill-document.js';
import { parsePositiveInt, printJson, printLine } from '../command-helpers.js';
import { skillsCliMessages } from './messages.js';
import { openSkills, skillJson } from './skills-context.js';

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

  skills
    .command('search')
    .description(help.search)
    .argument('<keyword...>')
    .option('--limit <n>', help.limit)
    .option('--json', help.json)
    .action(async (words: string[], opts: { limit?: string; json?: boolean }, command: Command) => {
      const { ctx, registry } = await openSkills(command);
      const m = skillsCliMessages(ctx.lang);
      const keyword = words.join(' ');
      const result = registry.search(keyword, { limit: parsePositiveInt(opts.limit, m.badLimit) });
      if (opts.json) {
        return printJson(
          result.hits.map((h) => ({ ...skillJson(h.skill), score: h.score, snippet: h.snippet })),
        );
      }
      if (result.hits.length === 0) return printLine(m.notFound(keyword));
      for (const h of result.hits) {
        const text = h.skill.status === 'broken' ? m.broken(h.skill.error ?? '') : h.skill.summary;
        printLine(`${h.skill.name} (${h.score}) — ${text}`);
        if (h.snippet && h.snippet !== h.skill.summary) printLine(`    ${h.snippet}`);
      }
    });

  skills
    .command('show')
    .description(help.show)
    .argument('<name>')
    .action(async (name: string, _opts: unknown, command: Command) => {
      const { ctx, registry } = await openSkills(command);
      const skill = registry.get(name);
      if (!skill) throw new AppError('skill_not_found', skillMessages(ctx.lang).notFound(name));
      printLine(readSkillDocument(skill, skillMessages(ctx.lang)).trimEnd());
    });

  skills
    .command('check')
    .description(help.check)
    .option('--json', help.json)
    .action(async (opts: { json?: boolean }, command: Command) => {
      const { ctx, registry } = await openSkills(command);
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
