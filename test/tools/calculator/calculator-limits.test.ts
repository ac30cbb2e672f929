/**
 * The calculator runs expressions in a worker: the freezing expressions end in a clear tool
 * error while the main thread keeps answering HTTP, and an abort stops a running evaluation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalculatorPool, createCalculatorTool } from '../../../src/tools/calculator/calculator.js';
import type { WorkerPool } from '../../../src/workers/pool.js';
import { answeredDuring, type HealthServer, startHealthServer } from '../../helpers/health-server.js';
import { makeContext } from '../../helpers/tool-context.js';

let health: HealthServer;
beforeAll(async () => {
  health = await startHealthServer();
});
afterAll(() => health.close());

/** Runs the calculator on `expression`; once its worker is busy, /healthz must still answer. */
async function runWhileProbing(
  tool: ReturnType<typeof createCalculatorTool>,
  pool: ReturnType<typeof createCalculatorPool>,
  expression: string,
  lang: 'en' | 'zh' = 'en',
) {
  const pending = tool.execute(tool.parameters.parse({ expression }), makeContext({ lang }));
  await expect.poll(() => pool.stats.busy, { timeout: SLOW }).toBe(1);
  expect(await answeredDuring(health, pending)).toBe(true);
  return pending;
}

// Each test starts a worker that loads mathjs: seconds on a loaded machine.
const SLOW = 120_000;
const pools: WorkerPool[] = [];
// After all, not after each: the tests run concurrently, each with a pool of its own.
afterAll(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function calculator(lang: 'en' | 'zh', timeoutSeconds?: number) {
  const pool = createCalculatorPool();
  pools.push(pool);
  const config = timeoutSeconds ? { calculator_timeout_s: timeoutSeconds } : undefined;
  return { pool, tool: createCalculatorTool({ lang, pool, ...(config ? { config } : {}) }) };
}

// Each test has its own worker pool and waits mostly on a limit: they run side by side.
describe.concurrent('calculator limits', () => {
  it(
    'kron(ones(200,200), ones(200,200)) ends in a clear error at the production limits; the server keeps answering',
    async () => {
      const { pool, tool } = calculator('en'); // 5 s, 256 MB: whichever comes first
      const result = await runWhileProbing(tool, pool, 'kron(ones(200,200), ones(200,200))');
      expect(result.ok).toBe(false);
      expect(result.content).toContain('The calculation did not finish');
      expect(result.content).toMatch(
        /it needed more memory than the limit \(256 MB\)|it ran past the time limit \(5 s\)/,
      );
      // A fresh worker takes the next expression.
      expect((await tool.execute({ expression: '2^10' }, makeContext())).content).toContain('result: 1024');
    },
    SLOW,
  );

  it(
    'ones(1000,1000)*ones(1000,1000) hits the time limit; the server keeps answering',
    async () => {
      // Short, yet long enough for a local HTTP round trip on a loaded machine.
      const { pool, tool } = calculator('zh', 2);
      const result = await runWhileProbing(tool, pool, 'ones(1000,1000)*ones(1000,1000)', 'zh');
      expect(result.ok).toBe(false);
      expect(result.content).toContain('计算未完成');
      expect(result.content).toContain('运行超过时间上限（2 秒），已停止');
      expect((await tool.execute({ expression: 'sqrt(16)' }, makeContext())).content).toContain('4');
    },
    SLOW,
  );

  it(
    'an abort stops a running evaluation at once',
    async () => {
      const { pool, tool } = calculator('en', 600);
      const ctx = makeContext();
      const pending = tool.execute({ expression: 'ones(1000,1000)*ones(1000,1000)' }, ctx);
      await expect.poll(() => pool.stats.busy, { timeout: SLOW }).toBe(1);
      ctx.controller.abort();
      const result = await pending;
      expect(result.ok).toBe(false);
      expect(result.content).toContain('reason: Aborted');
      expect(pool.stats).toEqual({ workers: 0, busy: 0, queued: 0 });
    },
    SLOW,
  );
});
