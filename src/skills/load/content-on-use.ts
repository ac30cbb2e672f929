import type { Skill } from '../types.js';

/**
 * `skill` with a `content` that `read` produces on first use and that is kept from then on: a
 * Markdown skill loaded from the cache file (loader.ts) costs no file read until something needs
 * its body (a search hit's snippet, `skills show`, the skill tools). An enumerable property, so a
 * spread or `JSON.stringify` sees it like any other.
 */
export function withContentOnUse(skill: Omit<Skill, 'content'>, read: () => string): Skill {
  let content: string | undefined;
  return Object.defineProperty(skill, 'content', {
    enumerable: true,
    get: () => {
      content ??= read();
      return content;
    },
  }) as Skill;
}
