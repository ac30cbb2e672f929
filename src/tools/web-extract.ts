/**
 * What the web tool takes out of a page: title, readable Markdown (Readability on a
 * linkedom document, then Turndown; plain cheerio text when Readability finds no article),
 * links in page order, plain text, and keyword snippets.
 */
import { Readability } from '@mozilla/readability';
import * as cheerio from 'cheerio';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';

export interface PageLink {
  url: string;
  text: string;
}

export function isHtml(contentType: string, text: string): boolean {
  if (/html|xml/i.test(contentType)) return true;
  return contentType === '' && /^\s*(<!doctype html|<html|<head|<body)/i.test(text);
}

export function extractTitle(html: string): string {
  const $ = cheerio.load(html);
  const title =
    $('title').first().text() ||
    $('meta[property="og:title"]').attr('content') ||
    $('h1').first().text() ||
    '';
  return collapse(title);
}

/** Readable text of the main content as Markdown. */
export function extractMarkdown(html: string, url: string): string {
  try {
    const { document } = parseHTML(html);
    // Readability resolves relative links against the document URL; linkedom has none, so give a <base>.
    if (!document.querySelector('base')) {
      const base = document.createElement('base');
      base.setAttribute('href', url);
      document.head?.appendChild(base);
    }
    const article = new Readability(document as never, { charThreshold: 100 }).parse();
    if (article?.content) {
      const markdown = createTurndown().turndown(article.content).trim();
      if (markdown) return article.title ? `# ${collapse(article.title)}\n\n${markdown}` : markdown;
    }
  } catch {
    // Readability or linkedom choked on the page: fall back to plain text below.
  }
  return extractText(html);
}

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
  });
  service.remove(['script', 'style', 'noscript', 'iframe']);
  return service;
}

/** The visible text of a page, one block per line. */
export function extractText(html: string): string {
  const $ = cheerio.load(html);
  $('script, style, noscript, template, svg, head').remove();
  $('br').replaceWith('\n');
  $('p, div, li, h1, h2, h3, h4, h5, h6, tr, section, article, header, footer, pre, blockquote').each(
    (_, el) => {
      $(el).append('\n');
    },
  );
  const text = $.root().text();
  return text
    .split('\n')
    .map((line) => collapse(line))
    .filter((line) => line.length > 0)
    .join('\n');
}

/** http(s) links, absolute, in page order, without duplicates (fragments ignored), honouring <base href>. */
export function extractLinks(html: string, pageUrl: string): PageLink[] {
  const $ = cheerio.load(html);
  let base = pageUrl;
  const baseHref = $('base[href]').attr('href');
  if (baseHref) {
    try {
      base = new URL(baseHref, pageUrl).href;
    } catch {
      // A broken <base>: keep the page URL.
    }
  }
  const seen = new Set<string>();
  const links: PageLink[] = [];
  $('a[href]').each((_, el) => {
    const href = $(el).attr('href') ?? '';
    let url: URL;
    try {
      url = new URL(href, base);
    } catch {
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    url.hash = '';
    if (seen.has(url.href)) return;
    seen.add(url.href);
    links.push({ url: url.href, text: collapse($(el).text()) });
  });
  return links;
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

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
