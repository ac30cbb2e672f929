/**
 * bm25 costs a few µs per matching row, so a very common term (matching tens of thousands of
 * rows) would blow the latency budget. Ranking therefore runs over a recent rowid range holding at
 * least RANK_WINDOW matches (recency is a ranking factor anyway). Shared by the memories' and the
 * past conversations' FTS5 indexes (rowid = the row's id).
 */
import type { Database } from 'better-sqlite3';

export const RANK_WINDOW = 500;

/**
 * The lowest rowid of a recent range of `index` holding ≥ RANK_WINDOW matches of an expression
 * (0: rank them all). Probes growing rowid ranges from the newest end (the highest id of
 * `table`); each probe is a cheap FTS5 rowid seek (≈ 0.2 ms for a term in half of 100,000 rows)
 * only because the bound is an INTEGER: `CAST(? AS INTEGER)`, since better-sqlite3 binds a JS
 * number as REAL, and FTS5 only seeks a rowid bound given as INTEGER.
 */
export function rankWindow(db: Database, index: string, table: string): (expression: string) => number {
  const countFrom = db.prepare(
    `SELECT count(*) AS n FROM ${index} WHERE ${index} MATCH ? AND rowid >= CAST(? AS INTEGER)`,
  );
  const maxId = db.prepare(`SELECT max(id) AS id FROM ${table}`);
  return (expression) => {
    const top = (maxId.get() as { id: number | null }).id ?? 0;
    for (let span = RANK_WINDOW * 4; ; span *= 4) {
      const floor = top - span;
      if (floor <= 0) return 0;
      if ((countFrom.get(expression, floor) as { n: number }).n >= RANK_WINDOW) return floor;
    }
  };
}
