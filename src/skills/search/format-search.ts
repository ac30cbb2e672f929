import type { Lang } from '../../i18n/lang.js';
import { searchResultMessages } from '../messages.js';
import type { SkillSearchResult } from '../types.js';
import { hasCjk } from './search-terms.js';

interface FormatSearchOptions {
  /** The keyword searched (shown in the header); empty or absent = a listing. */
  keyword?: string;
  /** Characters of full content (help text / Markdown body) included for the best matches. */
  contentBudget?: number;
  /** `mcp`: how-to-use lines name the MCP server's tools (run_skill, show_skill). */
  audience?: 'mcp';
}

export const DEFAULT_CONTENT_BUDGET = 8000;

/**
 * The text `search_skills` returns to the model: per hit name, type, summary, how to use it and the
 * matched snippet; then the full content of the best matches while it fits the budget (the first
 * match is always given, cut to the budget if needed). Pure.
 */
export function formatSearchResult(
  result: SkillSearchResult,
  lang: Lang,
  options: FormatSearchOptions = {},
): string {
  const t = searchResultMessages(lang);
  const keyword = options.keyword?.trim() ?? '';
  if (result.hits.length === 0) return keyword ? t.notFound(keyword, hasCjk(keyword)) : t.noSkills;
  const lines: string[] = [
    keyword
      ? t.headerFound(keyword, result.total, result.hits.length)
      : t.headerAll(result.total, result.hits.length),
  ];
  result.hits.forEach(({ skill, snippet }, i) => {
    const type = skill.folder ? t.agentSkill : skill.type === 'executable' ? t.executable : t.markdown;
    lines.push('', `${i + 1}. [${type}] ${skill.name} — ${skill.summary || '-'}`);
    if (skill.status === 'broken') {
      lines.push(`   ${t.broken(skill.error ?? '')}`, `   ${t.path(skill.path)}`);
      return;
    }
    const served = options.audience === 'mcp';
    const use = skill.folder
      ? served
        ? t.useAgentServed(skill.name)
        : t.useAgent(skill.name)
      : skill.type === 'executable'
        ? served
          ? t.useExecutableServed(skill.name)
          : t.useExecutable(skill.name)
        : t.useMarkdown;
    lines.push(`   ${use}`);
    if (keyword && snippet && snippet !== skill.summary) lines.push(`   ${t.match(snippet)}`);
  });

  let budget = options.contentBudget ?? DEFAULT_CONTENT_BUDGET;
  let skipped = false;
  result.hits.forEach(({ skill }, i) => {
    if (skill.status !== 'ok' || !skill.content) return;
    if (skill.content.length > budget && i > 0) {
      skipped = true;
      return;
    }
    const cut = skill.content.length > budget;
    const body = cut
      ? `${skill.content.slice(0, Math.max(0, budget))}\n${t.truncated(skill.path)}`
      : skill.content;
    lines.push('', skill.type === 'executable' ? t.fullHelp(skill.name) : t.fullMarkdown(skill.name), body);
    budget -= Math.min(budget, skill.content.length);
  });
  if (skipped) lines.push('', t.moreContent);
  return lines.join('\n');
}
