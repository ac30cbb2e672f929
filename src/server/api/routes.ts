/**
 * The page's JSON API, mounted by the server at `/api` behind its auth check
 * (`Authorization: Bearer TOKEN` when a token is configured). Every error is
 * `{error:{code,message}}` with a 4xx (or 500 for a bug, logged).
 */

import { Hono } from 'hono';
import type { AppServices } from '../../app/services.js';
import type { McpExtraKind } from '../../mcp/types.js';
import { createChannelsRoutes } from './channels-routes.js';
import { errorResponse } from './error-response.js';
import { apiErrorResponse } from './errors.js';
import { createMediaRoutes } from './media-routes.js';
import { createMemoriesRoutes } from './memories-routes.js';
import { createMemoryRunsRoutes } from './memory-runs-routes.js';
import { apiMessages } from './messages.js';
import { createSettingsRoutes } from './settings-routes.js';
import { createSkillsRoutes } from './skills-routes.js';
import { statusHandler } from './status-route.js';
import { createTasksRoutes } from './tasks-routes.js';

export function createApiRoutes(services: AppServices): Hono {
  const t = apiMessages(services.lang);
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.header('cache-control', 'no-store');
  });
  app.get('/status', statusHandler(services));
  app.route('/skills', createSkillsRoutes(services, t));
  app.route('/tasks', createTasksRoutes(services, t));
  app.route('/memories', createMemoriesRoutes(services, t));
  app.route('/memory-runs', createMemoryRunsRoutes(services, t));
  app.route('/channels', createChannelsRoutes(services, t));
  app.route('/settings', createSettingsRoutes(services, t));
  app.route('/', createMediaRoutes(services, t));
  app.get('/mcp', (c) => c.json({ servers: services.mcp.status() }));
  // A server's resources or prompts (first page, as the model lists them), for the page's MCP tab.
  app.get('/mcp/:name/:kind{resources|prompts}', async (c) => {
    const { name, kind } = c.req.param();
    const text = await services.mcp.browse(name, kind as McpExtraKind);
    if (text === undefined) return apiErrorResponse(c, 'not_found', t.noMcpList(name, kind));
    return c.json({ text });
  });
  app.notFound((c) => apiErrorResponse(c, 'not_found', t.notFound(c.req.path)));
  app.onError((error, c) => errorResponse(c, error, t, services.logger));
  return app;
}
