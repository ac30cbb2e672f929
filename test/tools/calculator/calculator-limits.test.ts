/**
 * The calculator runs expressions in a worker: the freezing expressions end in a clear tool
 * error while the main thread keeps answering HTTP, and an abort stops a running evaluation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCalculatorPool, createCalculatorTool } from '../../../src/tools/calculator/calculator.js';
import { answeredDuring, type HealthServer, startHealthServer } from '../../helpers/health-server.js';
import { makeContext } from '../../helpers/tool-context.js';

// One pool at the production heap limit (256 MB) for the whole file: each worker loads mathjs
// (~0.4 s of CPU), and a worker the pool replaced after a limit takes the next test's first job.
// So the tests run one after the other; each tool has the time limit its test needs.
const pool = createCalculatorPool();
let health: HealthServer;
beforeAll(async () => {
  health = await startHealthServer();
});
afterAll(async () => {
  await pool.close();
  await health.close();
});

// A cold worker loads mathjs first: seconds on a loaded machine.
const SLOW = 120_000;

function calculator(lang: 'en' | 'zh', timeoutSeconds?: number) {
  const config = timeoutSeconds ? { calculator_timeout_s: timeoutSeconds } : undefined;
  return createCalculatorTool({ lang, pool, ...(config ? { config } : {}) });
}

/** Runs the calculator on `expression`; once its worker is busy, /healthz must still answer. */
async function runWhileProbing(
  tool: ReturnType<typeof createCalculatorTool>,
  expression: string,
  lang: 'en' | 'zh' = 'en',
) {
  const pending = tool.execute(tool.parameters.parse({ expression }), makeContext({ lang }));
  await expect.poll(() => pool.stats.busy, { timeout: SLOW }).toBe(1);
  expect(await answeredDuring(health, pending)).toBe(true);
  return pending;
}

describe('calculator limits', () => {
  it(
    'an expression past the production heap limit (256 MB) ends in a clear error; the server keeps answering',
    async () => {
      const tool = calculator('en'); // production limits: 5 s, 256 MB
      // 64 arrays of 1,000,000 numbers (each within the size guard), ~512 MB in all: the heap
      // limit comes long before the time limit.
      const result = await runWhileProbing(tool, 'map(1:64, f(x) = ones(1000000))');
      expect(result.ok).toBe(false);
      expect(result.content).toContain('The calculation did not finish');
      expect(result.content).toContain('it needed more memory than the limit (256 MB)');
      // A fresh worker takes the next expression.
      expect((await tool.execute({ expression: '2^10' }, makeContext())).content).toContain('result: 1024');
    },
    SLOW,
  );

  it(
    "the issue's kron(ones(200,200), ones(200,200)) and ones(1000,1000)*ones(1000,1000) hit the time limit; the server keeps answering",
    async () => {
      // Short, yet long enough for a local HTTP round trip on a loaded machine. Each would run
      // into the 256 MB or the 5 s limit otherwise: seconds of CPU.
      const kron = await runWhileProbing(calculator('en', 1), 'kron(ones(200,200), ones(200,200))');
      expect(kron.ok).toBe(false);
      expect(kron.content).toContain('The calculation did not finish');
      expect(kron.content).toContain('it ran past the time limit (1 s)');
      const tool = calculator('zh', 1);
      const result = await runWhileProbing(tool, 'ones(1000,1000)*ones(1000,1000)', 'zh');
      expect(result.ok).toBe(false);
      expect(result.content).toContain('计算未完成');
      expect(result.content).toContain('运行超过时间上限（1 秒），已停止');
      expect((await tool.execute({ expression: 'sqrt(16)' }, makeContext())).content).toContain('4');
    },
    SLOW,
  );

  it(
    'an abort stops a running evaluation at once',
    async () => {
      const tool = calculator('en', 600);
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
