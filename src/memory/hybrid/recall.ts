/**
 * Automatic recall: before a turn, the few memories most related to the new message, as a marked
 * block of notes for the model. By meaning when embeddings are on (cosine ≥
 * `memory.recall_min_similarity`); by keyword otherwise, where a memory must share at least half
 * of the message's search terms. Capped at `memory.recall_k` memories and `memory.recall_tokens`.
 */
import type { Config } from '../../config/schema.js';
import type { Lang } from '../../i18n/lang.js';
import { searchTerms } from '../../store/fts-terms.js';
import { estimateTextTokens } from '../../util/text-tokens.js';
import { cleanName, cleanText } from '../../util/untrusted-text.js';
import { memoryMessages } from '../messages.js';
import type { MemoryScope } from '../types.js';
import type { HybridHit, HybridSearch } from './hybrid-search.js';
import { memoryText } from './memory-text.js';

export interface RecalledMemory {
  id: number;
  topic: string;
  summary: string;
  similarity?: number;
  /** The outside text it came with (../untrusted.ts); absent: none. */
  untrusted?: string[];
}

export interface Recall {
  memories: RecalledMemory[];
  /** The block put before the user's message in the request (never stored in the conversation). */
  block: string;
}

const MIN_KEYWORD_SHARE = 0.5;

/** A memory cannot close the block or open one of its own. */
export const noTags = (text: string) => text.replaceAll('<', '‹').replaceAll('>', '›');
const SUMMARY_CHARS = 400;

function keywordShare(hit: HybridHit, terms: string[]): number {
  if (terms.length === 0) return 0;
  const text = memoryText(hit).toLowerCase();
  return terms.filter((term) => text.includes(term)).length / terms.length;
}

export function createRecall(search: HybridSearch, settings: () => Config['memory'], lang: Lang) {
  return async (message: string, signal?: AbortSignal, scope?: MemoryScope): Promise<Recall | undefined> => {
    const { recall_k: k, recall_tokens: maxTokens, recall_min_similarity: minSimilarity } = settings();
    if (k === 0 || !message.trim()) return undefined;
    // The message as separate keywords (any may match; keyword hits need a share of its terms),
    // and the message itself, as written, for the vector search.
    const terms = searchTerms(message);
    const result = await search.search(terms.join(' '), {
      mode: 'hybrid',
      limit: k * 3,
      signal,
      meaning: message,
      scope,
    });
    const chosen: RecalledMemory[] = [];
    let tokens = 0;
    for (const hit of result.hits) {
      // Consolidation marked it outdated: kept for the record, not brought back.
      if (hit.outdatedAt) continue;
      const relevant =
        result.mode === 'keyword'
          ? keywordShare(hit, terms) >= MIN_KEYWORD_SHARE
          : (hit.similarity ?? -1) >= minSimilarity;
      if (!relevant) continue;
      const summary = noTags(cleanText(hit.summary)).slice(0, SUMMARY_CHARS);
      const cost = estimateTextTokens(summary) + estimateTextTokens(hit.topic) + 8;
      if (tokens + cost > maxTokens) break;
      tokens += cost;
      chosen.push({
        id: hit.id,
        topic: hit.topic,
        summary,
        ...(hit.similarity === undefined ? {} : { similarity: hit.similarity }),
        ...(hit.untrusted.length > 0 ? { untrusted: hit.untrusted } : {}),
      });
      if (chosen.length >= k) break;
    }
    if (chosen.length === 0) return undefined;
    const t = memoryMessages(lang);
    // Kinds are names the box gave (tools, `stranger`), yet a server's name came from config.
    const origin = (m: RecalledMemory) =>
      m.untrusted ? ` ${t.recallUntrusted(noTags(cleanName(m.untrusted.join(', '))))}` : '';
    const lines = chosen.map(
      (m) => `- [#${m.id}] ${noTags(cleanName(m.topic))}: ${m.summary.replace(/\s+/g, ' ')}${origin(m)}`,
    );
    const block = `<recalled_memories>\n${t.recallHeader}\n${lines.join('\n')}\n</recalled_memories>`;
    return { memories: chosen, block };
  };
}
