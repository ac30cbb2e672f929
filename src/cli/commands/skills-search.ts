import type { Command } from 'commander';
import { parsePositiveInt, printJson, printLine } from '../command-helpers.js';
import type { GlobalsSource } from '../context.js';
import type { QuickOptionValues } from '../quick-options.js';
import { declareOptions, SKILLS_SEARCH_OPTIONS } from '../quick-options.js';
import { skillsCliMessages } from './messages.js';
import { openSkills, skillJson } from './skills-context.js';

/** The keyword index's default page. */
const DEFAULT_LIMIT = 10;

/** `aibox skills search <keyword...> [--limit n] [--json]`: also run without commander (quick-commands.ts). */
export async function searchSkills(
  words: string[],
  opts: QuickOptionValues,
  command: GlobalsSource,
): Promise<void> {
  const { ctx, registry } = await openSkills(command);
  const m = skillsCliMessages(ctx.lang);
  const keyword = words.join(' ');
  const limit = typeof opts.limit === 'string' ? opts.limit : undefined;
  const wanted = parsePositiveInt(limit, m.badLimit);
  // With embeddings on, the same fused ranking as search_skills (docs/skills.md).
  const { searchSkillsByMeaning } = await import('./skills-meaning-cli.js');
  const result =
    (await searchSkillsByMeaning(ctx, registry, keyword, wanted ?? DEFAULT_LIMIT)) ??
    registry.search(keyword, { limit: wanted });
  if (opts.json) {
    return printJson(result.hits.map((h) => ({ ...skillJson(h.skill), score: h.score, snippet: h.snippet })));
  }
  if (result.hits.length === 0) return printLine(m.notFound(keyword));
  for (const h of result.hits) {
    const text = h.skill.status === 'broken' ? m.broken(h.skill.error ?? '') : h.skill.summary;
    printLine(`${h.skill.name} (${h.score}) — ${text}`);
    if (h.snippet && h.snippet !== h.skill.summary) printLine(`    ${h.snippet}`);
  }
}

export function registerSkillsSearch(skills: Command, help: ReturnType<typeof skillsCliMessages>): void {
  const search = skills.command('search').description(help.search).argument('<keyword...>');
  declareOptions(search, SKILLS_SEARCH_OPTIONS, help).action(searchSkills);
}
