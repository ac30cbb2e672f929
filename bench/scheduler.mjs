// Idle CPU of the scheduler: `node bench/scheduler.mjs [tasks] [seconds]` (after `npm run build`).
// 10,000 tasks scheduled over the next 30 days in a temp memories.db; the real scheduler (real timers,
// real clock) sleeps until the earliest one. Baseline in the same run: the original Aibox's loop, which
// queried due tasks every second (immediate ones, then due ones, over a `memos` table of the same size).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScheduler } from '../dist/scheduler/scheduler.js';
import { openDatabase } from '../dist/store/database.js';
import { createTaskStore } from '../dist/tasks/store.js';

const TASKS = Number(process.argv[2] ?? 10_000);
const SECONDS = Number(process.argv[3] ?? 5);
const dir = mkdtempSync(join(tmpdir(), 'aibox-bench-sched-'));
const db = await openDatabase(join(dir, 'memories.db'));
const store = createTaskStore({ db });
const now = Date.now();
db.transaction(() => {
  for (let i = 0; i < TASKS; i++) {
    const start = new Date(now + 3_600_000 + Math.floor((i / TASKS) * 30 * 86_400_000)).toISOString();
    const kind = i % 3 === 0 ? 'daily' : i % 3 === 1 ? 'once' : 'interval';
    store.add({ title: `task ${i}`, schedule: { kind, start, timezone: 'UTC', every: 2, unit: 'hours' } });
  }
})();

// The original's schema and query, same number of rows, local-time strings.
db.exec(`CREATE TABLE memos (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, content TEXT, created_at TEXT NOT NULL,
  reminder_time TEXT, is_completed INTEGER DEFAULT 0, priority INTEGER DEFAULT 1, repeat_end_time TEXT, is_immediate INTEGER DEFAULT 0);
  CREATE INDEX idx_memos_reminder ON memos(reminder_time) WHERE is_completed = 0;
  CREATE INDEX idx_memos_immediate ON memos(is_immediate) WHERE is_immediate = 1 AND is_completed = 0;`);
const insertMemo = db.prepare('INSERT INTO memos (title, created_at, reminder_time) VALUES (?, ?, ?)');
const local = (ms) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
db.transaction(() => {
  for (let i = 0; i < TASKS; i++)
    insertMemo.run(`task ${i}`, local(now), local(now + 3_600_000 + i * 259_200));
})();
const immediate = db.prepare(
  'SELECT * FROM memos WHERE is_completed = 0 AND is_immediate = 1 ORDER BY created_at LIMIT 10',
);
const dueQuery = db.prepare(`SELECT * FROM memos WHERE is_completed = 0 AND reminder_time <= ?
  AND (repeat_end_time IS NULL OR repeat_end_time >= ?) AND is_immediate = 0 ORDER BY reminder_time, priority DESC LIMIT 10`);

async function measure(label, begin, end) {
  // Let the set-up's garbage be collected and its pending work settle before the window opens.
  globalThis.gc?.();
  await new Promise((resolve) => setTimeout(resolve, 500));
  return new Promise((resolve) => {
    begin();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    setTimeout(() => {
      const cpu = process.cpuUsage(cpu0);
      const wall = performance.now() - t0;
      end();
      resolve({ label, cpuMs: (cpu.user + cpu.system) / 1000, wallMs: wall });
    }, SECONDS * 1000);
  });
}

// A discarded warm-up window: background GC/compiler threads finish the set-up's work first
// (process.cpuUsage counts them too).
await measure(
  'warm-up',
  () => {},
  () => {},
);
let runs = 0;
const scheduler = createScheduler({ store, runJob: async () => ({ ok: true, answer: String(++runs) }) });
// start() (recovery, one due query, arming the timer) happens before the window: idle cost only.
const startCpu = process.cpuUsage();
scheduler.start();
const startMs = (process.cpuUsage(startCpu).user + process.cpuUsage(startCpu).system) / 1000;
const wakeIn = scheduler.nextWakeAt();
const ours = await measure(
  'aibox scheduler (one timer)',
  () => {},
  () => void scheduler.stop(),
);

let poll;
let polls = 0;
const baseline = await measure(
  'original: poll every 1 s',
  () => {
    poll = setInterval(() => {
      const stamp = local(Date.now());
      immediate.all();
      dueQuery.all(stamp, stamp);
      polls++;
    }, 1000);
  },
  () => clearInterval(poll),
);

// An idle process doing nothing, to show the floor (timer slack, GC).
const idle = await measure(
  'idle process (floor)',
  () => {},
  () => {},
);
console.log(
  `${TASKS.toLocaleString()} tasks, ${SECONDS} s each, runs fired: ${runs}, baseline polls: ${polls}`,
);
console.log(
  `scheduler start() took ${startMs.toFixed(1)} ms CPU; it then slept with one timer until ${wakeIn?.toISOString()} (sleep capped at 60 s)`,
);
console.log('| measured | CPU over the window | CPU per second |');
console.log('| --- | --- | --- |');
for (const r of [ours, baseline, idle]) {
  console.log(`| ${r.label} | ${r.cpuMs.toFixed(2)} ms | ${(r.cpuMs / (r.wallMs / 1000)).toFixed(3)} ms/s |`);
}
console.log(`ratio baseline / scheduler: ${(baseline.cpuMs / Math.max(ours.cpuMs, 0.001)).toFixed(1)}×`);
db.close();
rmSync(dir, { recursive: true, force: true });
