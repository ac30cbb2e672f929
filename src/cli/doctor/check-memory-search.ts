/**
 * How memories are searched: by keyword and meaning (embeddings on, with how many memories still
 * wait for a vector) or by keyword only, and why. Reads memories.db read-only; no network.
 */
import { statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { resolveEmbeddings } from '../../providers/embeddings/resolve-embeddings.js';
import { resolveLlmSettings } from '../../providers/resolve-settings.js';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

/** Memories without a vector of `model` (any size: the doctor does not know the model's own). */
function backlog(path: string, model: string): number | undefined {
  if (!statSync(path, { throwIfNoEntry: false })) return 0;
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const row = db
      .prepare(
        `SELECT count(*) AS n FROM memories m LEFT JOIN memory_vectors v ON v.memory_id = m.id AND v.model LIKE ? || '/%'
         WHERE v.memory_id IS NULL`,
      )
      .get(model) as { n: number };
    return row.n;
  } catch {
    return undefined; // an older database without the table: the box migrates it at start
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
  const left = backlog(ctx.paths.database, status.model);
  return {
    id: 'memory_search',
    status: 'ok',
    summary: t.memoryHybrid(status.provider, status.model),
    lines: left === undefined ? [] : [t.memoryBacklog(left)],
  };
}
