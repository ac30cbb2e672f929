/**
 * What the box remembers and counts, built on the one database: the usage ledger, memory recall
 * (and its embedder), skills by meaning, the conversation search with its message index. With
 * embeddings on, vectors are filled in the background once `startBackground` is called.
 */
import type { Database } from 'better-sqlite3';
import type { Config } from '../config/schema.js';
import type { ConversationSearch } from '../conversations/conversation-search.js';
import { createMessageIndex } from '../conversations/message-index.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import { type MemoryRecall, openMemoryRecall } from '../memory/hybrid/open-recall.js';
import { createMemoryStore } from '../memory/store.js';
import type { ResolvedLlmSettings } from '../providers/resolve-settings.js';
import type { SkillMeaning } from '../skills/meaning/skill-vectors.js';
import type { SkillRegistry } from '../skills/types.js';
import type { VectorIndexer } from '../store/vectors/vector-indexer.js';
import { createUsageLedger, type UsageLedger } from '../usage/ledger.js';
import type { PriceTable } from '../usage/prices.js';
import { createUsageStore } from '../usage/usage-store.js';
import type { Clock } from '../util/clock.js';
import { startMessageBackfill } from './message-backfill.js';
import { openConversationSearch } from './open-conversation-search.js';
import { openSkillMeaning } from './open-skill-meaning.js';
import { runClosers } from './run-closers.js';
import { embeddingMeter } from './usage-meter.js';

export interface MemoryServicesOptions {
  db: Database;
  clock: Clock;
  /** The live config (reloads included). */
  config: () => Config;
  /** The chat model's settings: the embedder defaults to its endpoint. */
  chat: ResolvedLlmSettings;
  /** The model requests go to now, and its preset's list prices (for the ledger). */
  model: () => string;
  presetPrices: () => PriceTable | undefined;
  skills: SkillRegistry;
  home: string;
  env: NodeJS.ProcessEnv;
  lang: Lang;
  logger: Logger;
}

export interface MemoryServices {
  usage: UsageLedger;
  recall: MemoryRecall;
  skillMeaning?: SkillMeaning;
  conversations: { search: ConversationSearch; indexer?: VectorIndexer };
  /** Vectors for what was saved while embeddings were off or unreachable; never waited for. */
  startBackground(): void;
  /** Stops the background work (in reverse order of start). */
  close(): Promise<void>;
}

export async function openMemoryServices(options: MemoryServicesOptions): Promise<MemoryServices> {
  const { db, clock, config, logger } = options;
  const closers: (() => Promise<void> | void)[] = [];
  try {
    const usage = createUsageLedger({
      store: createUsageStore({ db, clock, timeZone: () => config().scheduler.timezone }),
      config,
      model: options.model,
      presetPrices: options.presetPrices,
    });
    const recall = openMemoryRecall({
      db,
      memory: createMemoryStore({ db, clock }),
      config,
      chat: options.chat,
      env: options.env,
      lang: options.lang,
      logger,
      meter: embeddingMeter(usage, options.lang),
    });
    const skillMeaning = openSkillMeaning(options.skills, recall.embedder, options.home, logger);
    if (skillMeaning) closers.push(() => skillMeaning.close());
    if (recall.indexer) closers.push(() => recall.indexer?.close());
    const messageIndex = createMessageIndex(db);
    closers.push(startMessageBackfill(messageIndex, logger));
    const conversations = openConversationSearch(db, messageIndex, recall, logger);
    if (conversations.indexer) closers.push(() => conversations.indexer?.close());
    return {
      usage,
      recall,
      ...(skillMeaning ? { skillMeaning } : {}),
      conversations,
      startBackground() {
        recall.indexer?.wake();
        conversations.indexer?.wake();
        void skillMeaning?.refresh();
      },
      close: () => runClosers(closers, logger),
    };
  } catch (error) {
    await runClosers(closers, logger);
    throw error;
  }
}
