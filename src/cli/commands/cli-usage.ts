/**
 * The usage ledger of the data dir's database for one CLI command: what the command's model and
 * embedding requests use is recorded where a running box records its own, and the same budgets
 * refuse them (docs/usage-and-budgets.md).
 */
import type { CliContext } from '../../config/context.js';
import type { EmbeddingMeter } from '../../providers/embeddings/embedder.js';
import type { ResolvedLlmSettings } from '../../providers/resolve-settings.js';
import type { Database } from '../../store/database.js';
import type { UsageLedger } from '../../usage/ledger.js';
import type { PriceTable } from '../../usage/prices.js';

export async function openCliLedger(
  ctx: CliContext,
  db: Database,
  /** The chat model requests go to, and its preset's list prices (the ledger's currency). */
  chat: { model: () => string; presetPrices: () => PriceTable | undefined },
): Promise<UsageLedger> {
  const [{ createUsageLedger }, { createUsageStore }] = await Promise.all([
    import('../../usage/ledger.js'),
    import('../../usage/usage-store.js'),
  ]);
  const config = ctx.loaded.config;
  return createUsageLedger({
    store: createUsageStore({
      db,
      clock: { now: () => new Date() },
      timeZone: () => config.scheduler.timezone,
    }),
    config: () => config,
    ...chat,
  });
}

/** Embedding requests of a CLI command, counted and refused as the running box's are. */
export async function cliEmbeddingMeter(
  ctx: CliContext,
  db: Database,
  chat: Pick<ResolvedLlmSettings, 'model' | 'preset'>,
): Promise<EmbeddingMeter> {
  const { embeddingMeter } = await import('../../app/usage-meter.js');
  const ledger = await openCliLedger(ctx, db, {
    model: () => chat.model,
    presetPrices: () => chat.preset.prices,
  });
  return embeddingMeter(ledger, ctx.lang);
}
