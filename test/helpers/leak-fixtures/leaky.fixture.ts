// Run by leak-guard.test.ts in a child vitest: leaves an env variable, a SIGTERM listener and a
// listening server behind, which the guard must name.
import { createServer } from 'node:net';
import { it } from 'vitest';

it('passes, but leaves state behind', async () => {
  process.env.AIBOX_LEAK_FIXTURE = 'left';
  process.on('SIGTERM', () => {});
  await new Promise<void>((resolve) => createServer().listen(0, '127.0.0.1', resolve));
});
