/** memory: save / search / recent / get / delete over the MemoryStore, paged. */
import { z } from 'zod';
import type { Lang } from '../../i18n/lang.js';
import type { DedupingSave } from '../../memory/hybrid/dedupe-save.js';
import type { HybridSearch } from '../../memory/hybrid/hybrid-search.js';
import { inScope } from '../../memory/scope.js';
import {
  MEMORY_KINDS,
  type Memory,
  type MemoryKind,
  type MemoryScope,
  type MemoryStore,
  type Page,
  type ScopeOfSession,
} from '../../memory/types.js';
import { untrustedOfSave } from '../../memory/untrusted.js';
import { failure, success } from '../format.js';
import { commonMessages } from '../messages.js';
import type { Tool } from '../tool.js';
import { memoryToolMessages } from './messages.js';

function schema(lang: Lang) {
  const m = memoryToolMessages(lang);
  return z.object({
    action: z.enum(['save', 'search', 'recent', 'get', 'delete']).describe(m.action),
    summary: z.string().optional().describe(m.summary),
    topic: z.string().optional().describe(m.topic),
    content: z.string().optional().describe(m.content),
    keywords: z.array(z.string()).optional().describe(m.keywords),
    query: z.string().optional().describe(m.query),
    match_all: z.boolean().optional().describe(m.matchAll),
    memory_id: z.int().optional().describe(m.memoryId),
    memory_ids: z.array(z.int()).optional().describe(m.memoryIds),
    importance: z.int().min(1).max(5).optional().describe(m.importance),
    kind: z.enum(MEMORY_KINDS).optional().describe(m.kind),
    limit: z.int().optional().describe(m.limit),
    page: z.int().min(1).optional().describe(m.page),
    confirm: z.boolean().optional().describe(commonMessages(lang).deleteConfirm),
  });
}

type MemoryArgs = z.infer<ReturnType<typeof schema>>;

function listing(
  page: Page<Memory & { snippet?: string }>,
  header: string,
  t: ReturnType<typeof memoryToolMessages>,
): string {
  const lines = [header, t.pageLine(page.page, page.pages, page.pageSize)];
  page.items.forEach((item, i) => {
    const n = (page.page - 1) * page.pageSize + i + 1;
    const outdated = item.outdatedAt ? ` (${t.labelOutdated})` : '';
    const untrusted = item.untrusted.length > 0 ? ` (${t.labelUntrusted}: ${item.untrusted.join(', ')})` : '';
    lines.push(
      '',
      `${n}. [ID: ${item.id}] [${item.kind}] [${item.endTime}] ${item.topic}${outdated}${untrusted}`,
    );
    lines.push(`   ${t.labelSummary}: ${item.snippet ?? item.summary.slice(0, 200)}`);
  });
  if (page.page < page.pages) lines.push('', t.nextPage(page.page + 1));
  return lines.join('\n');
}

/** Page 1 of an any-keyword search by keywords and meaning, when embeddings are on. */
async function searchByMeaning(
  search: HybridSearch,
  query: string,
  options: { limit: number | undefined; scope: MemoryScope; kind: MemoryKind | undefined },
  t: ReturnType<typeof memoryToolMessages>,
  signal: AbortSignal,
): Promise<string | undefined> {
  const result = await search.search(query, {
    mode: 'hybrid',
    limit: options.limit ?? 10,
    signal,
    scope: options.scope,
    ...(options.kind ? { kind: options.kind } : {}),
  });
  if (result.mode !== 'hybrid') return undefined;
  const header = t.searchTitle(t.modeHybrid, query, result.hits.length);
  if (result.hits.length === 0) return `${header}\n${t.none}`;
  const page = {
    total: result.hits.length,
    page: 1,
    pageSize: result.hits.length,
    pages: 1,
    items: result.hits,
  };
  return listing(page, header, t);
}

export function createMemoryTool(options: {
  memory: MemoryStore;
  lang: Lang;
  /** Hybrid search; without it (or with embeddings off) search is by keyword only. */
  search?: HybridSearch;
  /** Save that updates a duplicate instead of adding a copy; default a plain save. */
  save?: DedupingSave;
  /** Whose memories a session sees (absent: every session is the owner's). */
  scopeOf?: ScopeOfSession;
}): Tool<MemoryArgs> {
  const { memory } = options;
  return {
    name: 'memory',
    description: memoryToolMessages(options.lang).memoryDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = memoryToolMessages(ctx.lang);
      const scope = options.scopeOf?.(ctx.sessionId);
      const paging = {
        page: args.page,
        pageSize: args.limit,
        scope,
        ...(args.kind ? { kind: args.kind } : {}),
      };
      switch (args.action) {
        case 'save': {
          if (!args.summary?.trim()) return failure(t.needSummary);
          // A chat's memories are `chat`; the owner's sessions save `user` or `work`.
          const kind = scope === undefined ? (args.kind ?? 'user') : 'chat';
          if (kind === 'journal' || (scope === undefined && kind === 'chat'))
            return failure(t.kindNotSaved(kind));
          const input = {
            kind,
            summary: args.summary,
            topic: args.topic,
            content: args.content,
            tags: args.keywords,
            importance: args.importance,
            chat: scope ?? null,
            source: ctx.sessionId,
            untrusted: untrustedOfSave(ctx.untrustedRead, scope),
          };
          const result = options.save
            ? await options.save(input, ctx.signal)
            : { memory: memory.save(input) };
          const saved = result.memory;
          const title = result.duplicateOf === undefined ? t.saved : t.updatedDuplicate(result.duplicateOf);
          return success(title, [
            [t.labelId, saved.id],
            [t.labelKind, saved.kind],
            [t.labelTopic, saved.topic],
            [t.labelImportance, saved.importance],
          ]);
        }
        case 'search': {
          const query = args.query?.trim() || (args.keywords ?? []).join(' ').trim();
          if (!query) return failure(t.needQuery);
          if (options.search?.vectors && (args.page ?? 1) === 1 && !args.match_all) {
            const content = await searchByMeaning(
              options.search,
              query,
              { limit: args.limit, scope, kind: args.kind },
              t,
              ctx.signal,
            );
            if (content !== undefined) return { ok: true, content };
          }
          const page = memory.search(query, { ...paging, matchAll: args.match_all });
          const mode = args.match_all ? t.modeAll : t.modeAny;
          const header = t.searchTitle(mode, query.split(/\s+/).join(', '), page.total);
          return {
            ok: true,
            content: page.total === 0 ? `${header}\n${t.none}` : listing(page, header, t),
          };
        }
        case 'recent': {
          const page = memory.recent(paging);
          if (page.total === 0) return { ok: true, content: t.none };
          return { ok: true, content: listing(page, t.recentTitle(page.total), t) };
        }
        case 'get': {
          if (args.memory_id === undefined) return failure(t.needId);
          const item = memory.get(args.memory_id);
          if (!item || !inScope(item, scope)) return failure(t.notFound(args.memory_id));
          return success(item.topic, [
            [t.labelId, item.id],
            [t.labelKind, item.kind],
            [t.labelOutdated, item.outdatedAt],
            [t.labelUntrusted, item.untrusted.join(', ') || null],
            [t.labelTime, `${item.startTime} – ${item.endTime}`],
            [t.labelImportance, item.importance],
            [t.labelTags, item.tags.join(', ') || null],
            [t.labelSummary, item.summary],
            [t.labelContent, item.content || null],
          ]);
        }
        case 'delete': {
          const ids = [...(args.memory_ids ?? []), ...(args.memory_id === undefined ? [] : [args.memory_id])];
          if (ids.length === 0) return failure(t.needId);
          if (args.confirm !== true) return failure(t.needConfirm);
          const visible = ids.filter((id) => {
            const item = memory.get(id);
            return item !== undefined && inScope(item, scope);
          });
          const n = memory.delete(visible);
          if (n === 0) return failure(t.notFound(ids[0] ?? 0));
          return success(t.deleted(n));
        }
      }
    },
  };
}
