/** Injected clock and timers for scheduler tests (no waiting on wall time). */

import { join } from 'node:path';
import { openDatabase } from '../../src/store/database.js';
import { createTaskStore } from '../../src/tasks/store.js';
import type { RunJobResult, Task, TaskRun } from '../../src/tasks/types.js';
import { tempHome } from '../helpers/cli.js';
import { openDatabaseForTest } from '../helpers/test-database.js';

export class FakeClock {
  constructor(public current: Date) {}
  now = () => new Date(this.current.getTime());
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export class FakeTimers {
  pending: { callback: () => void; ms: number; handle: number }[] = [];
  delays: number[] = [];
  private seq = 0;
  setTimeout = (callback: () => void, ms: number) => {
    const handle = ++this.seq;
    this.pending.push({ callback, ms, handle });
    this.delays.push(ms);
    return handle;
  };
  clearTimeout = (handle: unknown) => {
    this.pending = this.pending.filter((p) => p.handle !== handle);
  };
  get lastDelay() {
    return this.pending.at(-1)?.ms;
  }
  /** Fires the armed timer (as if its delay had passed). */
  fire() {
    const next = this.pending.shift();
    next?.callback();
  }
}

export async function dbFile(): Promise<string> {
  const path = join(tempHome('aibox-sched-'), 'memories.db');
  (await openDatabase(path)).close();
  return path;
}

export async function storeOn(path: string, clock: FakeClock) {
  const db = await openDatabaseForTest(path);
  return { db, store: createTaskStore({ db, clock, lang: 'en' }) };
}

/** A runJob whose runs finish when the test says so. */
export function controllableJob() {
  const calls: { task: Task; run: TaskRun; finish: (r: RunJobResult) => void }[] = [];
  const waiters: (() => void)[] = [];
  const runJob = (task: Task, run: TaskRun) =>
    new Promise<RunJobResult>((resolve) => {
      calls.push({ task, run, finish: resolve });
      for (const w of waiters.splice(0)) w();
    });
  const nextCall = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (calls.length >= count ? resolve() : waiters.push(check));
      check();
    });
  return { calls, runJob, nextCall };
}
