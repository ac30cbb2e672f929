/** `aibox memory search --mode …` and `aibox memory reindex`: hybrid search from the command line. */
import type { CliContext } from '../../config/context.js';
import { AppError } from '../../errors.js';
import { silentLogger } from '../../log/logger.js';
import type { SearchMode } from '../../memory/hybrid/hybrid-search.js';
import type { MemoryRecall } from '../../memory/hybrid/open-recall.js';
import type { MemoryKind } from '../../memory/types.js';
import type { EmbeddingMeter } from '../../providers/embeddings/embedder.js';
import type { Database } from '../../store/database.js';
import type { VectorIndexer } from '../../store/vectors/vector-indexer.js';
import { printJson, printLine } from '../command-helpers.js';
import { memoryLine } from './memory-lines.js';
import { memoryCliMessages } from './messages.js';

const MODES: readonly SearchMode[] = ['keyword', 'vector', 'hybrid'];

export function parseMode(value: string | undefined, ctx: CliContext): SearchMode | undefined {
  if (value === undefined) return undefined;
  if ((MODES as readonly string[]).includes(value)) return value as SearchMode;
  throw new AppError('bad_request', memoryCliMessages(ctx.lang).badMode(value.slice(0, 40)));
}

/** Whether this config gives vectors at all (no network). */
export async function embeddingsEnabled(ctx: CliContext): Promise<boolean> {
  const [{ resolveEmbeddings }, { resolveLlmSettings }] = await Promise.all([
    import('../../providers/embeddings/resolve-embeddings.js'),
    import('../../providers/resolve-settings.js'),
  ]);
  const config = ctx.loaded.config;
  const chat = resolveLlmSettings(config.llm, { env: process.env, lang: ctx.lang });
  return resolveEmbeddings(config, chat, process.env, ctx.lang).enabled;
}

/** Memory search and indexing for a CLI command; its embedding requests count against the budgets. */
async function openCliRecall(
  ctx: CliContext,
  db: Database,
): Promise<MemoryRecall & { meter: EmbeddingMeter }> {
  const [{ openMemoryRecall }, { createMemoryStore }, { resolveLlmSettings }, { cliEmbeddingMeter }] =
    await Promise.all([
      import('../../memory/hybrid/open-recall.js'),
      import('../../memory/store.js'),
      import('../../providers/resolve-settings.js'),
      import('./cli-usage.js'),
    ]);
  const config = ctx.loaded.config;
  const chat = resolveLlmSettings(config.llm, { env: process.env, lang: ctx.lang });
  const meter = await cliEmbeddingMeter(ctx, db, chat);
  const recall = openMemoryRecall({
    db,
    memory: createMemoryStore({ db }),
    config: () => config,
    chat,
    env: process.env,
    lang: ctx.lang,
    logger: silentLogger(),
    meter,
  });
  return { ...recall, meter };
}

/** Search by keyword, meaning or both; prints what actually ran. */
export async function searchByMode(
  ctx: CliContext,
  db: Database,
  query: string,
  mode: SearchMode,
  opts: { json?: boolean; limit?: number; kind?: MemoryKind | undefined },
): Promise<void> {
  const m = memoryCliMessages(ctx.lang);
  const recall = await openCliRecall(ctx, db);
  recall.indexer?.close();
  if (mode === 'vector' && !recall.status.enabled) {
    throw new AppError('bad_request', m.noEmbeddings(recall.status.message));
  }
  const result = await recall.search.search(query, {
    mode,
    limit: opts.limit ?? 10,
    ...(opts.kind ? { kind: opts.kind } : {}),
  });
  const why = recall.status.enabled ? result.note : recall.status.message;
  if (opts.json) {
    printJson({
      mode: result.mode,
      ...(why && result.mode !== mode ? { note: why } : {}),
      items: result.hits,
    });
    return;
  }
  for (const item of result.hits) {
    const similarity = item.similarity === undefined ? '' : `  (${item.similarity.toFixed(2)})`;
    process.stdout.write(memoryLine(item, item.snippet, ctx.lang, similarity));
  }
  if (result.hits.length === 0) printLine(m.noMemories);
  printLine(result.mode !== mode && why ? m.keywordOnly(why) : m.searchedBy(result.mode));
}

/** Embeds what `indexer` is missing now, then closes it; a failure is an error. */
async function drainOrThrow(ctx: CliContext, indexer: VectorIndexer): Promise<void> {
  await indexer.drain();
  const failed = indexer.lastError();
  indexer.close();
  if (failed) throw new AppError('llm_error', memoryCliMessages(ctx.lang).noEmbeddings(failed));
}

/**
 * Drops every vector and embeds all memories again, with the configured model; with
 * `conversations`, then the past conversations' messages too (newest first). A running box's
 * indexer also fills what is missing at its next pass: both write the same rows.
 */
export async function reindexMemories(
  ctx: CliContext,
  db: Database,
  opts: { conversations?: boolean } = {},
): Promise<void> {
  const m = memoryCliMessages(ctx.lang);
  const recall = await openCliRecall(ctx, db);
  if (!recall.status.enabled || !recall.indexer) {
    throw new AppError('bad_request', m.noEmbeddings(recall.status.enabled ? '' : recall.status.message));
  }
  // A used-up budget would leave every vector dropped and none made again.
  const refused = recall.meter.refusal();
  if (refused) throw new AppError('budget_exceeded', refused);
  db.exec('DELETE FROM memory_vectors');
  const total = recall.memory.count();
  printLine(m.reindexing(total));
  await drainOrThrow(ctx, recall.indexer);
  printLine(m.reindexed(total, recall.status.model));
  if (!opts.conversations) return;
  const [{ openConversationSearch }, { createMessageIndex }, { MESSAGE_VECTORS }] = await Promise.all([
    import('../../app/open-conversation-search.js'),
    import('../../conversations/message-index.js'),
    import('../../conversations/message-vectors.js'),
  ]);
  const { indexer } = openConversationSearch(db, createMessageIndex(db), recall, silentLogger());
  if (!indexer) return;
  const dropped = db.prepare(`DELETE FROM ${MESSAGE_VECTORS.table}`).run().changes;
  const queued = db
    .prepare(`SELECT count(*) FROM ${MESSAGE_VECTORS.source} s WHERE ${MESSAGE_VECTORS.where}`)
    .pluck()
    .get() as number;
  printLine(m.reindexingMessages(dropped, queued));
  await drainOrThrow(ctx, indexer);
  printLine(m.reindexedMessages(queued, recall.status.model));
}
