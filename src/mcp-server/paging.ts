/**
 * Cursor paging of the server's lists (prompts, resources): a cursor is the decimal offset of the
 * next page. A cursor the box did not give is an invalid-params error, as the spec asks.
 */
export const PAGE_SIZE = 100;

export interface Paged<T> {
  items: T[];
  nextCursor?: string;
}

export class BadCursorError extends Error {}

export function pageOf<T>(all: readonly T[], cursor: string | undefined): Paged<T> {
  const offset = cursor === undefined ? 0 : /^\d{1,9}$/.test(cursor) ? Number(cursor) : Number.NaN;
  if (!Number.isInteger(offset) || offset > all.length) throw new BadCursorError(String(cursor).slice(0, 40));
  const items = all.slice(offset, offset + PAGE_SIZE);
  const next = offset + items.length;
  return next < all.length ? { items, nextCursor: String(next) } : { items };
}
