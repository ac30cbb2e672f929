import { randomUUID } from 'node:crypto';

/** Injectable id source; tests pass a counter for deterministic ids. */
export type IdGenerator = (prefix: string) => string;

export const randomId: IdGenerator = (prefix) => `${prefix}_${randomUUID().replaceAll('-', '').slice(0, 16)}`;

export function counterIds(): IdGenerator {
  let n = 0;
  return (prefix) => `${prefix}_${++n}`;
}
