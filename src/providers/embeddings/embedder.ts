/**
 * Embeddings over the `openai` SDK's `embeddings.create`, in batches of the provider's size.
 * Every answer is checked (one vector per text, all of the size asked for or of one size, finite
 * numbers) and bounded: a body over MAX_ANSWER_BYTES is cut off, texts are cut to MAX_TEXT_CHARS.
 */
import OpenAI from 'openai';
import { AppError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { cappedFetch } from '../../util/capped-fetch.js';
import { createDeadline } from '../../util/deadline.js';
import { estimateTextTokens } from '../../util/text-tokens.js';
import type { Usage } from '../types.js';
import { embeddingMessages } from './messages.js';
import type { EmbeddingSettings } from './resolve-embeddings.js';

export interface Embedder {
  /** `model` with its size, e.g. `text-embedding-v4/512`: vectors of another key are not compared. */
  readonly key: string;
  /** One unit-free vector per text, in order. */
  embed(texts: string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

/** About 2,000 tokens of Chinese, well under every preset model's input limit. */
export const MAX_TEXT_CHARS = 4000;
const MAX_ANSWER_BYTES = 64 * 1024 * 1024;
const MAX_DIMENSIONS = 8192;

function checked(
  data: { index?: number; embedding?: unknown }[] | undefined,
  count: number,
  lang: Lang,
  /** The size asked for (0: the model's own). */
  dimensions: number,
): Float32Array[] {
  const bad = (detail: string) =>
    new AppError('llm_error', embeddingMessages(lang).badEmbeddingAnswer(detail));
  if (!Array.isArray(data) || data.length !== count)
    throw bad(`${data?.length ?? 0} vectors for ${count} texts`);
  const ordered = [...data].sort((a, b) => (a.index ?? 0) - (b.index ?? 0));
  let size = -1;
  return ordered.map((item) => {
    const values = item.embedding;
    if (!Array.isArray(values) || values.length === 0 || values.length > MAX_DIMENSIONS)
      throw bad('no vector');
    if (size >= 0 && values.length !== size) throw bad('vectors of different sizes');
    if (dimensions > 0 && values.length !== dimensions)
      throw bad(`${values.length} dimensions, ${dimensions} asked for`);
    size = values.length;
    const vector = Float32Array.from(values as number[]);
    if (!vector.every(Number.isFinite)) throw bad('a value that is not a number');
    return vector;
  });
}

/**
 * What embedding requests cost, for the usage ledger: asked before each request (a used-up budget
 * refuses it with `budget_exceeded`), told after each what it used (the provider's `usage`, else
 * estimated from the texts).
 */
export interface EmbeddingMeter {
  refusal(): string | undefined;
  record(usage: Usage, model: string): void;
}

function usageOf(
  answer: { usage?: { prompt_tokens?: number; total_tokens?: number } },
  texts: string[],
): Usage {
  const reported = answer.usage?.total_tokens ?? answer.usage?.prompt_tokens;
  if (typeof reported === 'number' && Number.isFinite(reported) && reported >= 0)
    return { promptTokens: reported, completionTokens: 0, totalTokens: reported };
  const estimate = texts.reduce((sum, text) => sum + estimateTextTokens(text), 0);
  return { promptTokens: estimate, completionTokens: 0, totalTokens: estimate, estimated: true };
}

export function createEmbedder(
  settings: EmbeddingSettings,
  options: { timeoutMs: number; lang: Lang; meter?: EmbeddingMeter },
): Embedder {
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey || 'none',
    organization: null,
    project: null,
    maxRetries: 1,
    timeout: options.timeoutMs,
    logLevel: 'off',
    fetch: cappedFetch(MAX_ANSWER_BYTES),
  });
  const embedBatch = async (texts: string[], signal?: AbortSignal): Promise<Float32Array[]> => {
    const refused = options.meter?.refusal();
    if (refused) throw new AppError('budget_exceeded', refused);
    // A signal of this request alone: the SDK never removes the listener it adds to the one it is
    // given, and the indexers pass one signal for their whole life (thousands of requests).
    const deadline = signal ? createDeadline(options.timeoutMs * 2, signal) : undefined;
    try {
      const answer = await client.embeddings.create(
        {
          model: settings.model,
          input: texts.map((text) => text.slice(0, MAX_TEXT_CHARS) || ' '),
          encoding_format: 'float',
          ...(settings.dimensions > 0 ? { dimensions: settings.dimensions } : {}),
        },
        deadline ? { signal: deadline.signal } : {},
      );
      options.meter?.record(usageOf(answer, texts), settings.model);
      return checked(answer.data, texts.length, options.lang, settings.dimensions);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const detail = error instanceof Error ? error.message : String(error);
      throw new AppError('llm_error', embeddingMessages(options.lang).embeddingFailed(detail.slice(0, 300)));
    } finally {
      deadline?.dispose();
    }
  };
  return {
    key: `${settings.model}/${settings.dimensions || 'native'}`,
    async embed(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let at = 0; at < texts.length; at += settings.batchSize) {
        vectors.push(...(await embedBatch(texts.slice(at, at + settings.batchSize), signal)));
      }
      return vectors;
    },
  };
}
