/** search_skills: the skill engine's ranked search, formatted for the model by the engine's formatter. */
import { z } from 'zod';
import type { Lang } from '../../i18n/lang.js';
import type { SkillMeaning } from '../../skills/meaning/skill-vectors.js';
import { DEFAULT_CONTENT_BUDGET, formatSearchResult } from '../../skills/search/format-search.js';
import type { SkillRegistry } from '../../skills/types.js';
import type { Tool } from '../tool.js';
import { skillToolMessages } from './messages.js';

/** Without show_content the best match's --help/text is still given, up to this many chars. */
const BRIEF_CONTENT_BUDGET = 2000;

function schema(lang: Lang) {
  const m = skillToolMessages(lang);
  return z.object({
    keyword: z.string().default('').describe(m.searchKeyword),
    show_content: z.boolean().default(false).describe(m.searchShowContent),
    limit: z.int().min(1).max(100).default(10).describe(m.searchLimit),
  });
}

type SearchSkillsArgs = z.infer<ReturnType<typeof schema>>;

export function createSearchSkillsTool(options: {
  lang: Lang;
  skills: SkillRegistry;
  /** Fuses keyword ranking with skills nearest by meaning; absent: keyword only. */
  meaning?: SkillMeaning;
}): Tool<SearchSkillsArgs> {
  return {
    name: 'search_skills',
    description: skillToolMessages(options.lang).searchDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const keyword = args.keyword.trim();
      const result = options.meaning
        ? await options.meaning.search(keyword, args.limit, ctx.signal)
        : options.skills.search(keyword, { limit: args.limit });
      const content = formatSearchResult(result, ctx.lang, {
        keyword,
        contentBudget: args.show_content ? DEFAULT_CONTENT_BUDGET : BRIEF_CONTENT_BUDGET,
        ...(ctx.audience ? { audience: ctx.audience } : {}),
      });
      // No match is an answer, not a failure: the model should try another keyword.
      return { ok: true, content };
    },
  };
}
