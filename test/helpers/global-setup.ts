import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildInputsHash } from './build-inputs.js';
import { neutralizeEnv } from './neutral-env.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** Written after a successful build; the build itself starts by deleting dist/, stamp included. */
const STAMP = join(ROOT, 'dist/.build-inputs');

function readStamp(): string | undefined {
  try {
    return readFileSync(STAMP, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Removes the developer's Aibox settings from the environment (`neutral-env.ts`).
 * CLI and server tests run the built program (dist/), exactly as users do: build it once, unless
 * dist/ was built from exactly the current sources (`AIBOX_TEST_SKIP_BUILD=1` skips the check too).
 */
export default function setup(): void {
  // Before the workers start: they inherit this process's environment.
  neutralizeEnv(process.env);
  if (process.env.AIBOX_TEST_SKIP_BUILD === '1') return;
  const inputs = buildInputsHash(ROOT);
  if (readStamp() === inputs) return;
  execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' });
  writeFileSync(STAMP, inputs);
}
