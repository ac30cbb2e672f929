// Runs every benchmark in this directory (or the ones named on the command line), one after
// another so they do not compete for the two cores, and fails if any of them fails.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.mjs') && name !== 'run.mjs' && !name.startsWith('_'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.startsWith(w)))
  .sort();

let failed = 0;
for (const name of benches) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(process.execPath, ['--expose-gc', join(here, name)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed++;
    console.log(`!!! ${name} exited with ${result.status ?? result.signal}`);
  }
}
console.log(`\n${benches.length - failed} of ${benches.length} benchmarks finished`);
process.exitCode = failed > 0 ? 1 : 0;
