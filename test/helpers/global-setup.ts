import { execFileSync } from 'node:child_process';

/** CLI and server tests run the built program (dist/), exactly as users do: build it once. */
export default function setup(): void {
  if (process.env.AIBOX_TEST_SKIP_BUILD === '1') return;
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
}
