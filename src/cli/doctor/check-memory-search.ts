/**
 * How memories are searched: by keyword and meaning (embeddings on, with how many memories and
 * past conversations' messages still wait for a vector) or by keyword only, and why. Reads memories.db read-only; no network.
 */
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { MESSAGE_VECTORS } from '../../conversations/message-vectors.js';
import { resolveEmbeddings } from '../../providers/embeddings/resolve-embeddings.js';
import { resolveLlmSettings } from '../../providers/resolve-settings.js';
import { backlogOfModel, MEMORY_VECTORS } from '../../store/vectors/vector-table.js';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

/** Rows of memories and of past conversations without a vector of `model` (any size). */
function backlogs(path: string, model: string): { memories?: number; messages?: number } {
  if (!statSync(path, { throwIfNoEntry: false })) return { memories: 0, messages: 0 };
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const memories = backlogOfModel(db, MEMORY_VECTORS, model);
    const messages = backlogOfModel(db, MESSAGE_VECTORS, model);
    return {
      ...(memories === undefined ? {} : { memories }),
      ...(messages === undefined ? {} : { messages }),
    };
  } catch {
    return {};
  } finally {
    db?.close();
  }
}

export function checkMemorySearch({ ctx, env, t }: DoctorInput): DoctorCheck {
  const config = ctx.loaded.config;
  const chat = resolveLlmSettings(config.llm, { env, lang: ctx.lang });
  const status = resolveEmbeddings(config, chat, env, ctx.lang);
  if (!status.enabled) {
    return {
      id: 'memory_search',
      // Only a provider set up without its key is something to fix; the rest is a choice.
      status: status.reason === 'no_key' ? 'warn' : 'ok',
      summary: t.memoryKeywordOnly,
      lines: [status.message],
      ...(status.reason === 'no_key' ? { fix: t.memoryEmbeddingsFix } : {}),
    };
  }
  const left = backlogs(ctx.paths.database, status.model);
  return {
    id: 'memory_search',
    status: 'ok',
    summary: t.memoryHybrid(status.provider, status.model),
    lines: [
      ...(left.memories === undefined ? [] : [t.memoryBacklog(left.memories)]),
      ...(left.messages === undefined ? [] : [t.conversationBacklog(left.messages)]),
    ],
  };
}
