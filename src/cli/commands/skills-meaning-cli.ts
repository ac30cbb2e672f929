/** `aibox skills search` by meaning too, as search_skills ranks, when the config turns embeddings on. */
import type { CliContext } from '../../config/context.js';
import type { SkillRegistry, SkillSearchResult } from '../../skills/types.js';

/**
 * Opens the skill vectors kept beside the probe cache (the running box keeps them fresh), embeds
 * only skills that are new or changed since, then fuses keyword and meaning. Its embedding
 * requests count against the budgets like the box's (cli-usage.ts). Undefined when
 * embeddings are off: the caller ranks by keyword (and loads nothing more).
 */
export async function searchSkillsByMeaning(
  ctx: CliContext,
  registry: SkillRegistry,
  keyword: string,
  limit: number,
): Promise<(SkillSearchResult & { byMeaning: boolean }) | undefined> {
  const [{ resolveEmbeddings }, { resolveLlmSettings }] = await Promise.all([
    import('../../providers/embeddings/resolve-embeddings.js'),
    import('../../providers/resolve-settings.js'),
  ]);
  const config = ctx.loaded.config;
  const chat = resolveLlmSettings(config.llm, { env: process.env, lang: ctx.lang });
  const status = resolveEmbeddings(config, chat, process.env, ctx.lang);
  if (!status.enabled) return undefined;
  const [
    { openSkillMeaning },
    { createEmbedder },
    { silentLogger },
    { cliEmbeddingMeter },
    { openCliDatabase },
  ] = await Promise.all([
    import('../../app/open-skill-meaning.js'),
    import('../../providers/embeddings/embedder.js'),
    import('../../log/logger.js'),
    import('./cli-usage.js'),
    import('../command-helpers.js'),
  ]);
  // The requests are counted in the data dir's usage ledger, and refused once a budget is used up
  // (then the search ranks by keyword alone, as search_skills does).
  const db = await openCliDatabase(ctx);
  try {
    const embedder = createEmbedder(status, {
      timeoutMs: Math.min(chat.timeoutMs, 30_000),
      lang: ctx.lang,
      meter: await cliEmbeddingMeter(ctx, db, chat),
    });
    const meaning = openSkillMeaning(registry, embedder, ctx.paths.home, silentLogger());
    if (!meaning) return undefined;
    try {
      await meaning.refresh();
      return await meaning.search(keyword, limit);
    } finally {
      meaning.close();
    }
  } finally {
    db.close();
  }
}
