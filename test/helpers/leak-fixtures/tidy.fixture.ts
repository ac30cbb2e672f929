// Run by leak-guard.test.ts in a child vitest: cleans up in its own afterAll (the server's close
// not even awaited), which the guard runs after, so the file passes.
import { createServer } from 'node:net';
import { afterAll, beforeAll, it } from 'vitest';

const server = createServer();
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => {
  server.close();
  delete process.env.AIBOX_TIDY_FIXTURE;
});

it('sets state and its hooks undo it', () => {
  process.env.AIBOX_TIDY_FIXTURE = 'undone in afterAll';
});
