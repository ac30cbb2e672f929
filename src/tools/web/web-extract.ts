/**
 * What the web tool takes out of a page: title, readable Markdown (Readability on a
 * linkedom document, then Turndown; plain cheerio text when Readability finds no article),
 * links in page order, plain text, and keyword snippets. Parsing a hostile page can take
 * minutes, so this runs in the web tool's worker (web.worker.ts), never on the main thread.
 */
import { Readability } from '@mozilla/readability';
import * as cheerio from 'cheerio';
import { parseHTML } from 'linkedom';
import TurndownService from 'turndown';
import { collapse, findKeyword, type KeywordMatches } from './web-text.js';

/** What to take out of one HTML page (each part only when asked for). */
export interface ReadPageRequest {
  html: string;
  /** The page's URL, to resolve relative links. */
  url: string;
  title?: boolean;
  links?: boolean;
  markdown?: boolean;
  text?: boolean;
  /** Search the visible text for this (the text itself is then not returned unless asked). */
  keyword?: string;
}

export interface PageReading {
  title?: string;
  links?: PageLink[];
  markdown?: string;
  text?: string;
  matches?: KeywordMatches;
}

/** The asked-for parts of a page; cheerio parses it once for title, links and text. */
export function readPage(request: ReadPageRequest): PageReading {
  const { html, url } = request;
  const reading: PageReading = {};
  const wantsText = request.text || request.keyword !== undefined;
  if (request.title || request.links || wantsText) {
    const $ = cheerio.load(html);
    if (request.title) reading.title = titleOf($);
    if (request.links) reading.links = linksOf($, url);
    if (wantsText) {
      // Last: taking the text out changes the document.
      const text = textOf($);
      if (request.text) reading.text = text;
      if (request.keyword !== undefined) reading.matches = findKeyword(text, request.keyword);
    }
  }
  if (request.markdown) reading.markdown = extractMarkdown(html, url);
  return reading;
}

interface PageLink {
  url: string;
  text: string;
}

function titleOf($: cheerio.CheerioAPI): string {
  const title =
    $('title').first().text() ||
    $('meta[property="og:title"]').attr('content') ||
    $('h1').first().text() ||
    '';
  return collapse(title);
}

/** Readable text of the main content as Markdown. */
function extractMarkdown(html: string, url: string): string {
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
  return textOf(cheerio.load(html));
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

/** The visible text of a page, one block per line (changes the document). */
function textOf($: cheerio.CheerioAPI): string {
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
function linksOf($: cheerio.CheerioAPI, pageUrl: string): PageLink[] {
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
