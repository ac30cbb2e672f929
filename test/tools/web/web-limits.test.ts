/**
 * A page built to be slow to parse (2,000 nested <div>s, 24 KB) is read in the web tool's worker:
 * the extraction time limit ends it with a clear error, an abort ends it at once, and the main
 * thread keeps answering HTTP meanwhile.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolsConfigSchema } from '../../../src/config/schema.js';
import { createWebPool, createWebTool } from '../../../src/tools/web/web.js';
import { answeredDuring, type HealthServer, startHealthServer } from '../../helpers/health-server.js';
import { makeContext } from '../../helpers/tool-context.js';

const DEPTH = 2000;
const NESTED = `<!doctype html><html><head><title>deep</title></head><body>${'<div>x'.repeat(DEPTH)}${'</div>'.repeat(DEPTH)}</body></html>`;

let server: Server;
let url: string;
let health: HealthServer;
const pool = createWebPool();

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(NESTED);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/nested`;
  health = await startHealthServer();
});

afterAll(async () => {
  await pool.close();
  await health.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function webTool(extractSeconds: number) {
  return createWebTool({
    lang: 'en',
    config: ToolsConfigSchema.parse({ web_extract_timeout_s: extractSeconds }),
    allowHosts: () => ['127.0.0.1'],
    pool,
  });
}

describe('web extraction limits', () => {
  it('stops reading the nested page at the extraction time limit; the server answers meanwhile', async () => {
    const tool = webTool(2);
    const pending = tool.execute(tool.parameters.parse({ action: 'text', url }), makeContext());
    await expect.poll(() => pool.stats.busy, { timeout: 20_000 }).toBe(1);
    expect(await answeredDuring(health, pending)).toBe(true);
    const result = await pending;
    expect(result.ok).toBe(false);
    expect(result.content).toContain('Reading the page failed');
    expect(result.content).toContain('ran past the time limit (2 s)');
  });

  it('an abort ends the extraction while it runs', async () => {
    const tool = webTool(600);
    const ctx = makeContext({ lang: 'zh' });
    const pending = tool.execute(tool.parameters.parse({ action: 'text', url }), ctx);
    await expect.poll(() => pool.stats.busy, { timeout: 20_000 }).toBe(1);
    ctx.controller.abort();
    const result = await pending;
    expect(result.ok).toBe(false);
    expect(result.content).toContain('网页内容读取失败');
    expect(result.content).toContain('已被中止');
    expect(pool.stats.busy).toBe(0);
  });
});
