/**
 * web: fetch a page (http/https, public addresses only unless allow-listed, timeout, size cap) and
 * return its title, text, links or keyword matches. HTML is read in a worker with its own time
 * and heap limit, so a hostile page cannot stall the server; an abort stops it there too.
 */
import { z } from 'zod';
import type { Config } from '../../config/schema.js';
import { isAppError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { workerScript } from '../../workers/entry.js';
import { WorkerJobError } from '../../workers/job-error.js';
import { describeJobError } from '../../workers/messages.js';
import { createWorkerPool, type WorkerPool } from '../../workers/pool.js';
import { type Field, failure, formatBytes, success } from '../format.js';
import type { Tool, ToolResult } from '../tool.js';
import { webMessages } from './messages.js';
import type { PageReading, ReadPageRequest } from './web-extract.js';
import type * as WebFetch from './web-fetch.js';
import type { FetchedPage } from './web-fetch.js';
import type { BlockedDetails, ResolveHost } from './web-resolve.js';
import { findKeyword, isHtml } from './web-text.js';

const PREVIEW_CHARS = 300;
const MAX_REDIRECTS = 5;

/** Heap limit of a web worker: a 5 MiB page's DOM, Readability's copy and the Markdown fit well. */
const WEB_MEMORY_MB = 256;

interface WebToolOptions {
  lang: Lang;
  config: Config['tools'];
  /** `safety.web_allow_hosts`, read at each fetch (so `/reload` applies a change). */
  allowHosts?: () => readonly string[];
  /** The workers pages are read in; default: `createWebPool()`. */
  pool?: WorkerPool;
  /** DNS, replaceable in tests. */
  resolve?: ResolveHost;
}

/** One worker (the HTML libraries are loaded there, on first use). */
export function createWebPool(maxMemoryMb = WEB_MEMORY_MB): WorkerPool {
  return createWorkerPool({
    entry: workerScript(new URL('./web.worker.js', import.meta.url), import.meta.url),
    name: 'aibox-web',
    maxMemoryMb,
  });
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

type WebArgs = z.infer<ReturnType<typeof schema>>;

type ReadParts = Omit<ReadPageRequest, 'html' | 'url'>;

/** What a plain-text page gives (nothing to parse: cheap enough for the main thread). */
function readPlain(text: string, parts: ReadParts): PageReading {
  return {
    title: '',
    links: [],
    markdown: text,
    text,
    ...(parts.keyword === undefined ? {} : { matches: findKeyword(text, parts.keyword) }),
  };
}

export function createWebTool(options: WebToolOptions): Tool<WebArgs> {
  const { config } = options;
  const pool = options.pool ?? createWebPool();
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
        // node:https (and with it TLS) and zlib are loaded when a page is first fetched, not at startup.
        const { fetchPage }: typeof WebFetch = await import('./web-fetch.js');
        page = await fetchPage(args.url, {
          timeoutMs: config.web_timeout_s * 1000,
          maxBytes: config.web_max_bytes,
          userAgent: config.web_user_agent,
          signal: ctx.signal,
          maxRedirects: MAX_REDIRECTS,
          allowHosts: options.allowHosts?.() ?? [],
          ...(options.resolve ? { resolve: options.resolve } : {}),
        });
      } catch (error) {
        return failure(t.failed, [
          [t.labelUrl, args.url],
          [t.labelNote, describeFetchError(error, ctx.lang, config.web_timeout_s)],
        ]);
      }
      const html = isHtml(page.contentType, page.text);
      const base: Field[] = [[t.labelUrl, page.url]];
      const read = (parts: ReadParts): Promise<PageReading> =>
        html
          ? pool.run<PageReading>(
              'read',
              { ...parts, html: page.text, url: page.url } satisfies ReadPageRequest,
              { timeoutMs: config.web_extract_timeout_s * 1000, signal: ctx.signal },
            )
          : Promise.resolve(readPlain(page.text, parts));
      try {
        // Whatever the page said reaches the model from here on: outside text.
        return {
          ...(await present(args, page, html, read, ctx.lang, config.web_max_bytes)),
          untrusted: 'web',
        };
      } catch (error) {
        if (!(error instanceof WorkerJobError)) throw error;
        return failure(t.readFailed, [...base, [t.labelNote, describeJobError(error, ctx.lang)]]);
      }
    },
  };
}

/** The result for one action, from the parts of the page it needs. */
async function present(
  args: WebArgs,
  page: FetchedPage,
  html: boolean,
  read: (parts: ReadParts) => Promise<PageReading>,
  lang: Lang,
  maxBytes: number,
): Promise<ToolResult> {
  const t = webMessages(lang);
  const base: Field[] = [[t.labelUrl, page.url]];
  const note: Field = [t.labelNote, page.truncated ? t.truncated(formatBytes(maxBytes)) : undefined];
  if (page.status >= 400) {
    const { text = '' } = await read({ text: true });
    return failure(t.httpStatus(page.status), [
      ...base,
      [t.labelPreview, text.slice(0, PREVIEW_CHARS) || undefined],
    ]);
  }
  switch (args.action) {
    case 'get': {
      const { title, links = [], markdown = '' } = await read({ title: true, links: true, markdown: true });
      return success(t.getOk, [
        ...base,
        [t.labelStatus, page.status],
        [t.labelType, page.contentType || undefined],
        [t.labelCharset, page.charset],
        [t.labelSize, formatBytes(page.bytes)],
        [t.labelTitle, title || t.noTitle],
        [t.labelLinks, html ? links.length : undefined],
        [t.labelPreview, preview(markdown) || t.empty],
        note,
      ]);
    }
    case 'title': {
      const { title } = await read({ title: true });
      return success(t.titleOk, [...base, [t.labelTitle, title || t.noTitle], note]);
    }
    case 'text': {
      const { markdown = '' } = await read({ markdown: true });
      return success(t.textOk, [...base, note, [t.labelContent, markdown.trim() || t.empty]]);
    }
    case 'links': {
      const { links = [] } = await read({ links: true });
      const shown = links
        .slice(0, args.limit)
        .map((link) => (link.text ? `${link.url}  ${link.text}` : link.url));
      if (links.length > args.limit) shown.push(t.moreLinks(links.length - args.limit));
      return success(t.linksOk(links.length), [...base, note, [t.labelLinks, shown.join('\n') || t.noLinks]]);
    }
    case 'search': {
      const keyword = args.keyword?.trim() ?? '';
      const { matches = { count: 0, snippets: [] } } = await read({ keyword });
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
    case 'dns':
      return t.dns(String(error.details?.host), String(error.details?.code));
    case 'blocked_address': {
      const { host, address, kind } = error.details as unknown as BlockedDetails;
      return t.blocked(host, address, kind);
    }
    default:
      return t.network(error.message);
  }
}
