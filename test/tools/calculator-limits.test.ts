/**
 * The calculator runs expressions in a worker: the freezing expressions end in a clear tool
 * error while the main thread keeps answering HTTP, and an abort stops a running evaluation.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalculatorPool, createCalculatorTool } from '../../src/tools/calculator.js';
import { makeContext } from './tool-context.js';

let health: Server;
let healthUrl: string;

beforeAll(async () => {
  health = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
  healthUrl = `http://127.0.0.1:${(health.address() as AddressInfo).port}/healthz`;
});

afterAll(async () => {
  health.closeAllConnections();
  await new Promise((resolve) => health.close(resolve));
});

/** Runs the calculator on `expression`; once its worker is busy, asks /healthz, which must answer first. */
async function runWhileProbing(
  tool: ReturnType<typeof createCalculatorTool>,
  pool: ReturnType<typeof createCalculatorPool>,
  expression: string,
  lang: 'en' | 'zh' = 'en',
) {
  let finished = false;
  const pending = tool.execute(tool.parameters.parse({ expression }), makeContext({ lang })).finally(() => {
    finished = true;
  });
  await expect.poll(() => pool.stats.busy, { timeout: 20_000 }).toBe(1);
  const answer = await (await fetch(healthUrl)).text();
  expect(answer).toBe('ok');
  expect(finished).toBe(false); // answered while the expression was still running
  return pending;
}

describe('calculator limits', () => {
  it('kron(ones(200,200), ones(200,200)) hits the heap limit; the server keeps answering', async () => {
    const pool = createCalculatorPool(96);
    const tool = createCalculatorTool({ lang: 'en', timeoutMs: 60_000, pool });
    const result = await runWhileProbing(tool, pool, 'kron(ones(200,200), ones(200,200))');
    expect(result.ok).toBe(false);
    expect(result.content).toContain('The calculation did not finish');
    expect(result.content).toContain('it needed more memory than the limit (96 MB)');
    // A fresh worker takes the next expression.
    expect((await tool.execute({ expression: '2^10' }, makeContext())).content).toContain('result: 1024');
    await pool.close();
  });

  it('ones(1000,1000)*ones(1000,1000) hits the time limit; the server keeps answering', async () => {
    const pool = createCalculatorPool();
    const tool = createCalculatorTool({ lang: 'zh', timeoutMs: 300, pool });
    const result = await runWhileProbing(tool, pool, 'ones(1000,1000)*ones(1000,1000)', 'zh');
    expect(result.ok).toBe(false);
    expect(result.content).toContain('计算未完成');
    expect(result.content).toContain('运行超过时间上限（0.3 秒），已停止');
    expect((await tool.execute({ expression: 'sqrt(16)' }, makeContext())).content).toContain('4');
    await pool.close();
  });

  it('an abort stops a running evaluation at once', async () => {
    const pool = createCalculatorPool();
    const tool = createCalculatorTool({ lang: 'en', timeoutMs: 600_000, pool });
    const ctx = makeContext();
    const pending = tool.execute({ expression: 'ones(1000,1000)*ones(1000,1000)' }, ctx);
    await expect.poll(() => pool.stats.busy, { timeout: 20_000 }).toBe(1);
    ctx.controller.abort();
    const result = await pending;
    expect(result.ok).toBe(false);
    expect(result.content).toContain('reason: Aborted');
    expect(pool.stats).toEqual({ workers: 0, busy: 0, queued: 0 });
    await pool.close();
  });
});
