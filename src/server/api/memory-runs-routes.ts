/**
 * /api/memory-runs: the consolidation runs, newest first; `GET /:id` one run with every change it
 * made (each memory before and after); `POST /:id/undo` reverts that run (409 with the reason
 * when a memory it touched changed since); `POST /` starts one (`{day?, dry_run?}`). The list
 * comes with the daily job's state: on or off, its next run and the days it owes.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppServices } from '../../app/services.js';
import { ConsolidationRefused } from '../../consolidation/consolidate.js';
import type { MemoryRunDto, MemoryRunsDto } from './dto.js';
import { apiError } from './errors.js';
import type { ApiMessages } from './messages.js';

const ListQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(30) });
const StartBody = z.strictObject({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  dry_run: z.boolean().optional(),
});

export function createMemoryRunsRoutes(services: AppServices, t: ApiMessages): Hono {
  const app = new Hono();
  const { consolidator } = services;
  const runOf = (raw: string) => {
    const id = Number(raw);
    const run = Number.isSafeInteger(id) && id > 0 ? consolidator.runs.get(id) : undefined;
    if (!run) throw apiError('not_found', t.noRun(raw.slice(0, 40)));
    return run;
  };
  app.get('/', (c) => {
    const { limit } = ListQuery.parse(c.req.query());
    const daily = services.dailyConsolidation;
    const enabled = daily !== undefined && services.config.memory.consolidate.enabled;
    return c.json<MemoryRunsDto>({
      runs: consolidator.runs.list(limit),
      daily: {
        enabled,
        nextAt: (enabled && daily.nextAt()?.toISOString()) || null,
        owed: enabled ? daily.owed() : [],
      },
    });
  });
  app.get('/:id', (c) => {
    const run = runOf(c.req.param('id'));
    return c.json<MemoryRunDto>({ run, changes: consolidator.runs.changes(run.id) });
  });
  app.post('/:id/undo', (c) => {
    const run = runOf(c.req.param('id'));
    const result = consolidator.undo(run.id);
    if (!result.ok) throw apiError(result.code, result.message);
    return c.json({ undone: run.id, reverted: result.lines });
  });
  app.post('/', async (c) => {
    const body = StartBody.parse(await c.req.json().catch(() => ({ invalid: true })));
    try {
      const { run, changes } = await consolidator.run({
        startedBy: 'api',
        ...(body.day ? { day: body.day } : {}),
        dryRun: body.dry_run === true,
      });
      return c.json<MemoryRunDto>({ run, changes });
    } catch (error) {
      if (error instanceof ConsolidationRefused) throw apiError(error.code, error.message);
      throw error;
    }
  });
  return app;
}
