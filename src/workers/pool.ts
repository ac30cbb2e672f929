/**
 * A small pool of worker threads for CPU-heavy steps on untrusted input (mathjs expressions, HTML
 * parsing), so the server's event loop keeps answering while they run.
 *
 * - A job runs alone in one worker with a heap limit (`resourceLimits`) and the job's time limit.
 *   On timeout or abort the worker is terminated (the only way to stop running JavaScript); a
 *   worker that crashed, ran out of memory or was terminated is replaced when the next job comes.
 * - Workers start on first use and exit after `idleExitMs` without work: an idle server holds none.
 *   An idle worker is unref'd, so it never keeps the process alive; a busy one is ref'd, so a
 *   one-shot command waits for its job.
 * - At most `maxQueued` jobs wait; more are refused (`busy`). The time limit starts when the job
 *   reaches a worker that has loaded its modules, so a cold start does not eat into it.
 * - The heap limit covers JavaScript objects, not ArrayBuffers; jobs that allocate big buffers need
 *   their own size checks.
 */
import { Worker } from 'node:worker_threads';
import { WorkerJobError } from './job-error.js';
import type { JobRequest, WorkerMessage } from './protocol.js';

export interface WorkerPoolOptions {
  /** The worker script; see entry.ts. */
  entry: URL;
  /** Thread name (diagnostics) and the prefix of error messages. */
  name: string;
  /** Heap limit of one worker (V8 old generation), in MB. */
  maxMemoryMb: number;
  /** Workers running at once (default 1). */
  maxWorkers?: number;
  /** Jobs waiting for a worker at most (default 8). */
  maxQueued?: number;
  /** An idle worker exits after this long (default 30 s). */
  idleExitMs?: number;
  /** A worker that has not loaded its modules after this long is given up (default 60 s). */
  startTimeoutMs?: number;
}

interface RunOptions {
  /** Time limit of the job itself, from the moment a ready worker takes it. */
  timeoutMs: number;
  /** Aborting it ends the job at once (removed from the queue, or its worker terminated). */
  signal?: AbortSignal;
}

interface WorkerPoolStats {
  workers: number;
  busy: number;
  queued: number;
}

export interface WorkerPool {
  /** Runs `job` with `input` (structured-cloned) in a worker; rejects only with `WorkerJobError`. */
  run<Output>(job: string, input: unknown, options: RunOptions): Promise<Output>;
  readonly stats: WorkerPoolStats;
  /** Ends every worker; waiting and running jobs fail with `closed`. */
  close(): Promise<void>;
}

interface Pending {
  id: number;
  job: string;
  input: unknown;
  options: RunOptions;
  resolve(output: unknown): void;
  reject(error: WorkerJobError): void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  dead: boolean;
  current?: { pending: Pending; timer: NodeJS.Timeout };
  timer?: NodeJS.Timeout;
}

export function createWorkerPool(options: WorkerPoolOptions): WorkerPool {
  const maxWorkers = options.maxWorkers ?? 1;
  const maxQueued = options.maxQueued ?? 8;
  const idleExitMs = options.idleExitMs ?? 30_000;
  const startTimeoutMs = options.startTimeoutMs ?? 60_000;
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  const jobError = (code: WorkerJobError['code'], detail: string, limit?: number) =>
    new WorkerJobError(code, `${options.name}: ${detail}`, limit);

  const abortListeners = new Map<Pending, () => void>();

  /** Settles a job: removes its abort listener, then resolves or rejects. */
  function settle(pending: Pending, outcome: { output: unknown } | { error: WorkerJobError }): void {
    pending.options.signal?.removeEventListener('abort', abortListeners.get(pending) as () => void);
    abortListeners.delete(pending);
    if ('error' in outcome) pending.reject(outcome.error);
    else pending.resolve(outcome.output);
  }

  /** Takes a slot out of the pool and terminates its worker (its job, if any, is left to the caller). */
  function kill(slot: Slot): Promise<unknown> {
    if (slot.dead) return Promise.resolve();
    slot.dead = true;
    clearTimeout(slot.timer);
    if (slot.current) clearTimeout(slot.current.timer);
    slots.splice(slots.indexOf(slot), 1);
    return slot.worker.terminate().catch(() => {});
  }

  /** Stops a slot's running job with `error`, terminating its worker. */
  function stopRunning(slot: Slot, error: WorkerJobError): void {
    const running = slot.current;
    void kill(slot);
    if (running) settle(running.pending, { error });
    pump();
  }

  function becomeIdle(slot: Slot): void {
    slot.worker.unref();
    clearTimeout(slot.timer);
    slot.timer = setTimeout(() => void kill(slot), idleExitMs);
    slot.timer.unref();
  }

  function dispatch(slot: Slot, pending: Pending): void {
    clearTimeout(slot.timer);
    slot.worker.ref();
    const { timeoutMs } = pending.options;
    const timer = setTimeout(
      () => stopRunning(slot, jobError('timeout', `time limit of ${timeoutMs} ms reached`, timeoutMs)),
      timeoutMs,
    );
    slot.current = { pending, timer };
    const request: JobRequest = { id: pending.id, job: pending.job, input: pending.input };
    try {
      slot.worker.postMessage(request);
    } catch (error) {
      stopRunning(slot, jobError('failed', `input cannot be sent to a worker: ${String(error)}`));
    }
  }

  function onMessage(slot: Slot, message: WorkerMessage): void {
    if (slot.dead) return;
    if (message.type === 'ready') {
      slot.ready = true;
      clearTimeout(slot.timer);
      pump();
      if (!slot.current) becomeIdle(slot);
      return;
    }
    const running = slot.current;
    if (!running || running.pending.id !== message.id) return;
    clearTimeout(running.timer);
    slot.current = undefined;
    if (message.ok) settle(running.pending, { output: message.output });
    else settle(running.pending, { error: jobError('failed', message.message) });
    pump();
    if (!slot.current) becomeIdle(slot);
  }

  /** The worker died by itself (out of memory, an uncaught error, exit). */
  function onDeath(slot: Slot, error: WorkerJobError): void {
    if (slot.dead) return;
    const wasReady = slot.ready;
    const running = slot.current;
    void kill(slot);
    if (running) settle(running.pending, { error });
    else if (!wasReady) {
      // It never got ready: a broken install, not the input. Waiting jobs would only fail the same way.
      for (const pending of queue.splice(0)) settle(pending, { error });
    }
    pump();
  }

  function spawn(): void {
    const worker = new Worker(options.entry, {
      name: options.name,
      resourceLimits: { maxOldGenerationSizeMb: options.maxMemoryMb },
      // Jobs need no environment, and must never see the server's secrets.
      env: {},
      stdin: false,
    });
    const slot: Slot = { worker, ready: false, dead: false };
    slots.push(slot);
    slot.timer = setTimeout(
      () => onDeath(slot, jobError('crashed', `worker did not start within ${startTimeoutMs} ms`)),
      startTimeoutMs,
    );
    worker.on('message', (message: WorkerMessage) => onMessage(slot, message));
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY')
        onDeath(
          slot,
          jobError('memory', `heap limit of ${options.maxMemoryMb} MB reached`, options.maxMemoryMb),
        );
      else onDeath(slot, jobError('crashed', error.message));
    });
    worker.on('exit', (code) => onDeath(slot, jobError('crashed', `worker exited with code ${code}`)));
  }

  /** Hands waiting jobs to ready workers, starting workers (up to the maximum) when none is free. */
  function pump(): void {
    while (queue.length > 0 && !closed) {
      const free = slots.find((slot) => slot.ready && !slot.current);
      if (free) {
        dispatch(free, queue.shift() as Pending);
        continue;
      }
      const starting = slots.filter((slot) => !slot.ready).length;
      if (slots.length >= maxWorkers || starting >= queue.length) return;
      spawn();
    }
  }

  return {
    run<Output>(job: string, input: unknown, runOptions: RunOptions): Promise<Output> {
      return new Promise<Output>((resolve, reject) => {
        if (closed) return reject(jobError('closed', 'closed'));
        if (runOptions.signal?.aborted) return reject(jobError('aborted', 'aborted'));
        if (queue.length >= maxQueued)
          return reject(jobError('busy', `${queue.length} jobs already waiting`, maxQueued));
        const pending: Pending = {
          id: nextId++,
          job,
          input,
          options: runOptions,
          resolve: resolve as (output: unknown) => void,
          reject,
        };
        const onAbort = () => {
          const error = jobError('aborted', 'aborted');
          const at = queue.indexOf(pending);
          if (at >= 0) {
            queue.splice(at, 1);
            settle(pending, { error });
            return;
          }
          const slot = slots.find((candidate) => candidate.current?.pending === pending);
          if (slot) stopRunning(slot, error);
        };
        abortListeners.set(pending, onAbort);
        runOptions.signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(pending);
        pump();
      });
    },
    get stats(): WorkerPoolStats {
      return {
        workers: slots.length,
        busy: slots.filter((slot) => slot.current).length,
        queued: queue.length,
      };
    },
    async close(): Promise<void> {
      closed = true;
      const error = jobError('closed', 'closed');
      for (const pending of queue.splice(0)) settle(pending, { error });
      const terminations: Promise<unknown>[] = [];
      for (const slot of [...slots]) {
        const running = slot.current;
        terminations.push(kill(slot));
        if (running) settle(running.pending, { error });
      }
      await Promise.all(terminations);
    },
  };
}
