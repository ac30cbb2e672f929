/**
 * /api/memories: newest first, or full-text search (`q`), one page at a time, of every kind or
 * one (`kind`); `DELETE /:id` forgets one (the page's "forget" on a recalled memory).
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppServices } from '../../app/services.js';
import { MEMORY_KINDS, type Memory, type Page } from '../../memory/types.js';
import type { MemoryPageDto } from './dto.js';
import { apiError } from './errors.js';
import type { ApiMessages } from './messages.js';

const Query = z.object({
  q: z.string().max(500).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(50).default(10),
  kind: z.enum(MEMORY_KINDS).optional(),
});

export function createMemoriesRoutes(services: AppServices, t: ApiMessages): Hono {
  const app = new Hono();
  app.get('/', (c) => {
    const { q, page, size, kind } = Query.parse(c.req.query());
    const query = q.trim();
    const paging = { page, pageSize: size, ...(kind ? { kind } : {}) };
    const result: Page<Memory & { snippet?: string }> = query
      ? services.memory.search(query, paging)
      : services.memory.recent(paging);
    return c.json<MemoryPageDto>({
      query,
      total: result.total,
      page: result.page,
      pages: result.pages,
      pageSize: result.pageSize,
      ...(kind ? { kind } : {}),
      items: result.items.map((m) => ({
        id: m.id,
        kind: m.kind,
        topic: m.topic,
        summary: m.summary,
        content: m.content,
        tags: m.tags,
        importance: m.importance,
        startTime: m.startTime,
        endTime: m.endTime,
        createdAt: m.createdAt,
        chat: m.chat,
        source: m.source,
        recallCount: m.recallCount,
        recalledAt: m.recalledAt,
        day: m.day,
        outdatedAt: m.outdatedAt,
        untrusted: m.untrusted,
        ...(m.snippet === undefined ? {} : { snippet: m.snippet }),
      })),
    });
  });
  app.delete('/:id', (c) => {
    const raw = c.req.param('id');
    const id = Number(raw);
    if (!Number.isSafeInteger(id) || id < 1 || services.memory.delete(id) === 0) {
      throw apiError('not_found', t.noMemory(raw.slice(0, 40)));
    }
    return c.json({ deleted: id });
  });
  return app;
}
