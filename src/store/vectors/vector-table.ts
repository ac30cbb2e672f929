/**
 * Which table keeps the vectors of which rows: `memory_vectors` for memories (migration 6),
 * `message_vectors` for past conversations' messages (migration 17). Each vectors table has the
 * same columns: the row's id (primary key), `model`, `dims`, `vector`, `code`; a trigger drops a
 * vector with its row. The vector store, the space and the indexer work on any of them.
 */
import type { Database } from 'better-sqlite3';

export interface VectorTable {
  /** The vectors' table. */
  table: string;
  /** Its id column (the embedded row's id). */
  key: string;
  /** The rows that are embedded: a table with an integer `id`… */
  source: string;
  /** …and which of them (SQL over `s.`, the source row), absent: all. */
  where?: string;
  /** Embed the newest rows first (recent conversations are searched most); default oldest first. */
  newestFirst?: boolean;
}

export const MEMORY_VECTORS: VectorTable = { table: 'memory_vectors', key: 'memory_id', source: 'memories' };

/** `SELECT … FROM source s LEFT JOIN table v … WHERE <no vector of model/dims>` over the rows to embed. */
export function missingSql(t: VectorTable, select: string, model: 'exact' | 'like'): string {
  const sameModel = model === 'exact' ? 'v.model = ? AND v.dims = ?' : "v.model LIKE ? || '/%'";
  return `SELECT ${select} FROM ${t.source} s LEFT JOIN ${t.table} v ON v.${t.key} = s.id AND ${sameModel}
    WHERE v.${t.key} IS NULL${t.where ? ` AND (${t.where})` : ''}`;
}

export const orderSql = (t: VectorTable) => `ORDER BY s.id${t.newestFirst ? ' DESC' : ''}`;

/** The first rows to embed while no vector told the model's size yet. */
export function firstRows(db: Database, t: VectorTable, limit: number): number[] {
  return db
    .prepare(`SELECT s.id FROM ${t.source} s${t.where ? ` WHERE ${t.where}` : ''} ${orderSql(t)} LIMIT ?`)
    .pluck()
    .all(limit) as number[];
}

/**
 * Rows still without a vector of `model` at any size (for `aibox doctor`, which does not know the
 * model's own size); undefined when the tables are not there (an older database, migrated at start).
 */
export function backlogOfModel(db: Database, t: VectorTable, model: string): number | undefined {
  try {
    return db
      .prepare(missingSql(t, 'count(*)', 'like'))
      .pluck()
      .get(model) as number;
  } catch {
    return undefined;
  }
}
