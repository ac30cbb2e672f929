/**
 * Setup file, on only with `AIBOX_TEST_CPU_LOG=<file>` (vitest.config.ts): appends one JSON line
 * per test file with the CPU seconds it cost (the test process, its worker threads and every
 * child process it waited for, e.g. each `aibox` run) and its wall seconds. Wall time swings with
 * the machine's load; CPU time says which files are expensive.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { afterAll } from 'vitest';

/** utime + stime + cutime + cstime of this process, in seconds (Linux /proc, USER_HZ = 100). */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) / 100;
}

const log = process.env.AIBOX_TEST_CPU_LOG;
// Runs before the test file is imported (with isolate: false, once per file all the same).
const cpuAtStart = cpuSeconds();
const wallAtStart = performance.now();

// biome-ignore lint/correctness/noEmptyPattern: vitest demands an object pattern before the suite argument.
afterAll(({}, suite) => {
  if (!log) return;
  const file = 'filepath' in suite ? suite.filepath : suite.file.filepath;
  const line = {
    file,
    cpu: Number((cpuSeconds() - cpuAtStart).toFixed(2)),
    wall: Number(((performance.now() - wallAtStart) / 1000).toFixed(2)),
  };
  appendFileSync(log, `${JSON.stringify(line)}\n`);
});
