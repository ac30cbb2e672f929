/** web: fetch a page (http/https, timeout, size cap) and return its title, text, links or keyword matches. */
import { z } from 'zod';
import type { Config } from '../config/schema.js';
import { isAppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { type Field, failure, formatBytes, success } from './format.js';
import type { Tool, ToolResult } from './tool.js';
import type * as WebExtract from './web-extract.js';
import { type FetchedPage, fetchPage } from './web-fetch.js';
import { webMessages } from './web-messages.js';

const PREVIEW_CHARS = 300;
const MAX_REDIRECTS = 5;

export interface WebToolOptions {
  lang: Lang;
  config: Config['tools'];
}

function schema(lang: Lang) {
  const m = webMessages(lang);
  return z.object({
    action: z.enum(['get', 'text', 'title', 'links', 'search']).describe(m.action),
    url: z.string().min(1).describe(m.url),
    keyword: z.string().optional().describe(m.keyword),
    limit: z.int().min(1).max(500).default(50).describe(m.limit),
  });
}

export type WebArgs = z.infer<ReturnType<typeof schema>>;

export function createWebTool(options: WebToolOptions): Tool<WebArgs> {
  const { config } = options;
  return {
    name: 'web',
    description: webMessages(options.lang).description,
    parameters: schema(options.lang),
    async execute(args, ctx): Promise<ToolResult> {
      const t = webMessages(ctx.lang);
      const keyword = args.keyword?.trim() ?? '';
      if (args.action === 'search' && !keyword) return failure(t.keywordMissing);
      let page: FetchedPage;
      try {
        page = await fetchPage(args.url, {
          timeoutMs: config.web_timeout_s * 1000,
          maxBytes: config.web_max_bytes,
          userAgent: config.web_user_agent,
          signal: ctx.signal,
          maxRedirects: MAX_REDIRECTS,
        });
      } catch (error) {
        return failure(t.failed, [
          [t.labelUrl, args.url],
          [t.labelNote, describeFetchError(error, ctx.lang, config.web_timeout_s)],
        ]);
      }
      // cheerio, linkedom, Readability and Turndown are loaded when a page is first read, not at startup.
      const {
        extractLinks,
        extractMarkdown,
        extractText,
        extractTitle,
        findKeyword,
        isHtml,
      }: typeof WebExtract = await import('./web-extract.js');
      const html = isHtml(page.contentType, page.text);
      const base: Field[] = [[t.labelUrl, page.url]];
      const note: Field = [
        t.labelNote,
        page.truncated ? t.truncated(formatBytes(config.web_max_bytes)) : undefined,
      ];
      if (page.status >= 400) {
        const preview = (html ? extractText(page.text) : page.text).slice(0, PREVIEW_CHARS);
        return failure(t.httpStatus(page.status), [...base, [t.labelPreview, preview || undefined]]);
      }
      const title = () => (html ? extractTitle(page.text) : '') || t.noTitle;
      const plain = () => (html ? extractText(page.text) : page.text);
      switch (args.action) {
        case 'get':
          return success(t.getOk, [
            ...base,
            [t.labelStatus, page.status],
            [t.labelType, page.contentType || undefined],
            [t.labelCharset, page.charset],
            [t.labelSize, formatBytes(page.bytes)],
            [t.labelTitle, title()],
            [t.labelLinks, html ? extractLinks(page.text, page.url).length : undefined],
            [t.labelPreview, preview(html ? extractMarkdown(page.text, page.url) : page.text) || t.empty],
            note,
          ]);
        case 'title':
          return success(t.titleOk, [...base, [t.labelTitle, title()], note]);
        case 'text': {
          const text = html ? extractMarkdown(page.text, page.url) : page.text;
          return success(t.textOk, [...base, note, [t.labelContent, text.trim() || t.empty]]);
        }
        case 'links': {
          const links = html ? extractLinks(page.text, page.url) : [];
          const shown = links
            .slice(0, args.limit)
            .map((link) => (link.text ? `${link.url}  ${link.text}` : link.url));
          if (links.length > args.limit) shown.push(t.moreLinks(links.length - args.limit));
          return success(t.linksOk(links.length), [
            ...base,
            note,
            [t.labelLinks, shown.join('\n') || t.noLinks],
          ]);
        }
        case 'search': {
          const matches = findKeyword(plain(), keyword);
          if (matches.count === 0) return success(t.searchNotFound(keyword), [...base, note]);
          const snippets = matches.snippets.map((s, i) => `${i + 1}. ${s}`);
          if (matches.count > matches.snippets.length)
            snippets.push(t.moreMatches(matches.count - matches.snippets.length));
          return success(t.searchFound(keyword, matches.count), [
            ...base,
            note,
            [t.labelSnippets, snippets.join('\n')],
          ]);
        }
      }
    },
  };
}

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_CHARS ? `${flat.slice(0, PREVIEW_CHARS)}…` : flat;
}

function describeFetchError(error: unknown, lang: Lang, timeoutSeconds: number): string {
  const t = webMessages(lang);
  if (!isAppError(error)) return t.network(String(error));
  switch (error.code) {
    case 'bad_url':
      return t.badUrl(error.message);
    case 'scheme':
      return t.scheme(error.message);
    case 'timeout':
      return t.timeout(timeoutSeconds);
    case 'aborted':
      return t.aborted;
    case 'redirects':
      return t.redirects(MAX_REDIRECTS);
    case 'not_text':
      return t.notText(error.message);
    default:
      return t.network(error.message);
  }
}
