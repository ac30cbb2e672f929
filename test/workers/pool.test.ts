import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { workerScript } from '../../src/workers/entry.js';
import { WorkerJobError } from '../../src/workers/job-error.js';
import { describeJobError } from '../../src/workers/messages.js';
import { createWorkerPool, type WorkerPool, type WorkerPoolOptions } from '../../src/workers/pool.js';
import { answeredDuring, type HealthServer, startHealthServer } from '../helpers/health-server.js';

const JOBS = new URL('./fixtures/jobs-worker.mjs', import.meta.url);
const pools: WorkerPool[] = [];

function makePool(overrides: Partial<WorkerPoolOptions> = {}): WorkerPool {
  const pool = createWorkerPool({ entry: JOBS, name: 'test-pool', maxMemoryMb: 64, ...overrides });
  pools.push(pool);
  return pool;
}

async function failure(promise: Promise<unknown>): Promise<WorkerJobError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkerJobError);
  return error as WorkerJobError;
}

let health: HealthServer;
beforeAll(async () => {
  health = await startHealthServer();
});
afterAll(() => health.close());
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

describe('worker pool', () => {
  it('starts a worker on first use, runs jobs in it without the server environment', async () => {
    const pool = makePool();
    expect(pool.stats.workers).toBe(0);
    const output = await pool.run<{ echoed: unknown; env: number }>(
      'echo',
      { text: '你好' },
      { timeoutMs: 10_000 },
    );
    expect(output).toEqual({ echoed: { text: '你好' }, env: 0 });
    expect(pool.stats).toEqual({ workers: 1, busy: 0, queued: 0 });
  });

  it('terminates a job at its time limit; the main thread answers meanwhile; a new worker takes the next job', async () => {
    const pool = makePool();
    await pool.run('echo', 1, { timeoutMs: 10_000 }); // the worker is ready, so the limit is the job's alone
    // Short, yet long enough for a local HTTP round trip on a loaded machine.
    const spinning = failure(pool.run('block', null, { timeoutMs: 2000 }));
    expect(await answeredDuring(health, spinning)).toBe(true);
    const error = await spinning;
    expect(error.code).toBe('timeout');
    expect(describeJobError(error, 'en')).toBe('Stopped: it ran past the time limit (2 s)');
    expect(pool.stats.workers).toBe(0);
    expect(await pool.run('echo', 2, { timeoutMs: 10_000 })).toMatchObject({ echoed: 2 });
  });

  it('stops a job at the heap limit with a memory error, and recovers', async () => {
    const pool = makePool({ maxMemoryMb: 32 });
    const error = await failure(pool.run('allocate', null, { timeoutMs: 60_000 }));
    expect(error.code).toBe('memory');
    expect(describeJobError(error, 'zh')).toBe('需要的内存超过上限（32 MB），已停止');
    expect(await pool.run('echo', 3, { timeoutMs: 10_000 })).toMatchObject({ echoed: 3 });
  });

  it('aborts a running job (terminating its worker) and a queued one (never started)', async () => {
    const pool = makePool();
    const running = new AbortController();
    const queued = new AbortController();
    const first = failure(pool.run('spin', null, { timeoutMs: 600_000, signal: running.signal }));
    const second = failure(pool.run('echo', 'late', { timeoutMs: 600_000, signal: queued.signal }));
    await expect.poll(() => pool.stats.busy, { timeout: 20_000 }).toBe(1);
    expect(pool.stats.queued).toBe(1);
    queued.abort();
    expect((await second).code).toBe('aborted');
    expect(pool.stats).toEqual({ workers: 1, busy: 1, queued: 0 });
    running.abort();
    expect((await first).code).toBe('aborted');
    expect(pool.stats.workers).toBe(0);
    const already = new AbortController();
    already.abort();
    expect((await failure(pool.run('echo', 1, { timeoutMs: 1000, signal: already.signal }))).code).toBe(
      'aborted',
    );
  });

  it('refuses jobs beyond the queue bound', async () => {
    const pool = makePool({ maxQueued: 2 });
    const stop = new AbortController();
    const spin = () => pool.run('block', null, { timeoutMs: 600_000, signal: stop.signal }).catch((e) => e);
    const jobs = [spin()];
    await expect.poll(() => pool.stats.busy, { timeout: 20_000 }).toBe(1);
    jobs.push(spin(), spin());
    expect(pool.stats.queued).toBe(2);
    const refused = await failure(pool.run('echo', 4, { timeoutMs: 1000 }));
    expect(refused.code).toBe('busy');
    expect(describeJobError(refused, 'en')).toBe('Too many such jobs are waiting (2); try again later');
    stop.abort();
    for (const job of await Promise.all(jobs)) expect((job as WorkerJobError).code).toBe('aborted');
  });

  it('runs jobs in parallel up to maxWorkers', async () => {
    const pool = makePool({ maxWorkers: 2 });
    const stop = new AbortController();
    const jobs = [1, 2, 3].map((n) =>
      pool.run('block', n, { timeoutMs: 600_000, signal: stop.signal }).catch(() => {}),
    );
    await expect.poll(() => pool.stats.busy, { timeout: 20_000 }).toBe(2);
    expect(pool.stats).toEqual({ workers: 2, busy: 2, queued: 1 });
    stop.abort();
    await Promise.all(jobs);
  });

  it('reports what a job threw and keeps the worker', async () => {
    const pool = makePool();
    const error = await failure(pool.run('throw', 'x', { timeoutMs: 10_000 }));
    expect(error.code).toBe('failed');
    expect(error.message).toBe('test-pool: bad input: x');
    expect((await failure(pool.run('no-such-job', null, { timeoutMs: 10_000 }))).message).toContain(
      'unknown job: no-such-job',
    );
    expect((await failure(pool.run('unclonable', null, { timeoutMs: 10_000 }))).code).toBe('failed');
    expect((await failure(pool.run('echo', () => 1, { timeoutMs: 10_000 }))).message).toContain(
      'input cannot be sent',
    );
    expect(await pool.run('echo', 5, { timeoutMs: 10_000 })).toMatchObject({ echoed: 5 });
  });

  it('lets an idle worker exit', async () => {
    const pool = makePool({ idleExitMs: 50 });
    await pool.run('echo', 1, { timeoutMs: 10_000 });
    await expect.poll(() => pool.stats.workers).toBe(0);
    expect(await pool.run('echo', 2, { timeoutMs: 10_000 })).toMatchObject({ echoed: 2 });
  });

  it('fails waiting jobs clearly when the worker cannot start', async () => {
    const pool = makePool({ entry: new URL('./fixtures/broken-worker.mjs', import.meta.url) });
    const jobs = [1, 2].map((n) => failure(pool.run('echo', n, { timeoutMs: 10_000 })));
    for (const error of await Promise.all(jobs)) {
      expect(error.code).toBe('crashed');
      expect(error.message).toContain('cannot load my modules');
    }
  });

  it('fails waiting and running jobs when closed', async () => {
    const pool = makePool();
    const running = failure(pool.run('block', null, { timeoutMs: 600_000 }));
    const waiting = failure(pool.run('echo', 1, { timeoutMs: 600_000 }));
    await expect.poll(() => pool.stats.busy, { timeout: 20_000 }).toBe(1);
    await pool.close();
    expect((await running).code).toBe('closed');
    expect((await waiting).code).toBe('closed');
    expect((await failure(pool.run('echo', 1, { timeoutMs: 1000 }))).code).toBe('closed');
  });
});

describe('workerScript', () => {
  // [caller's import.meta.url, the URL it names, where the worker bundle is]
  const cases: [string, string, string][] = [
    [
      '/opt/aibox/dist/chunks/calculator-X1.js',
      '../tools/calculator.worker.js',
      '/opt/aibox/dist/tools/calculator.worker.js',
    ],
    [
      '/home/me/src/aibox/src/tools/calculator/calculator.ts',
      './calculator.worker.js',
      '/home/me/src/aibox/dist/tools/calculator.worker.js',
    ],
    [
      '/opt/aibox/dist/tools/calculator/calculator.js',
      './calculator.worker.js',
      '/opt/aibox/dist/tools/calculator.worker.js',
    ],
    [
      '/home/me/src/aibox/src/skills/index.ts',
      './index.worker.js',
      '/home/me/src/aibox/dist/skills/index.worker.js',
    ],
  ];
  it.each(cases)('from %s, %s is the bundle at %s', (caller, named, bundle) => {
    const callerUrl = `file://${caller}`;
    expect(workerScript(new URL(named, callerUrl), callerUrl).href).toBe(`file://${bundle}`);
  });
});
