/**
 * Light text helpers of the web tool, used on the main thread (plain-text pages) and in its worker:
 * they must stay linear in the page size and load no HTML library.
 */

export function isHtml(contentType: string, text: string): boolean {
  if (/html|xml/i.test(contentType)) return true;
  return contentType === '' && /^\s*(<!doctype html|<html|<head|<body)/i.test(text);
}

export interface KeywordMatches {
  count: number;
  snippets: string[];
}

/** Case-insensitive substring search (works for Chinese), with up to `maxSnippets` snippets of ±`context` chars. */
export function findKeyword(text: string, keyword: string, context = 60, maxSnippets = 10): KeywordMatches {
  const haystack = text.toLowerCase();
  const needle = keyword.toLowerCase();
  const snippets: string[] = [];
  let count = 0;
  let lastEnd = -1;
  for (
    let at = haystack.indexOf(needle);
    at !== -1 && needle;
    at = haystack.indexOf(needle, at + needle.length)
  ) {
    count += 1;
    if (snippets.length >= maxSnippets || at < lastEnd) continue;
    const start = Math.max(0, at - context);
    const end = Math.min(text.length, at + needle.length + context);
    lastEnd = end;
    const snippet = collapse(text.slice(start, end));
    snippets.push(`${start > 0 ? '…' : ''}${snippet}${end < text.length ? '…' : ''}`);
  }
  return { count, snippets };
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
