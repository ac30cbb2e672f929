import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    experimental: {
      // Transformed src/ and test/ modules are kept in node_modules/.experimental-vitest-cache
      // (keyed by content) between runs: a rerun skips most of the ~10 s of TypeScript transforms.
      // `npx vitest --clearCache` drops it.
      fsModuleCache: true,
    },
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/helpers/global-setup.ts'],
    setupFiles: [
      // Fails a file that leaves env, cwd, listeners, servers, child processes or fake timers behind.
      'test/helpers/leak-guard.ts',
      // AIBOX_TEST_CPU_LOG=<file>: one JSON line per test file with its CPU and wall seconds.
      ...(process.env.AIBOX_TEST_CPU_LOG ? ['test/helpers/cpu-per-file.ts'] : []),
    ],
    pool: 'forks',
    // Four files at once on two cores: many files wait on children, sockets and limits rather
    // than compute, so the extra workers fill those waits (figures in docs/testing.md). Tests
    // wait on events, never on time, so the extra load moves no margin (a test that fails only
    // under load has a race to fix).
    maxWorkers: 4,
    // A worker process runs file after file with its module cache kept: each file does not pay
    // again for loading vitest, zod, the SDKs and src/ (about half the suite's CPU time). So test
    // files must leave no global state behind: restore process.env, close servers, pools and
    // databases in afterAll/afterEach.
    isolate: false,
    testTimeout: 30_000,
    // expect.poll waits for a state to arrive, and on a loaded machine a reconnect's back-off or
    // a child's start takes longer than vitest's 1 s default: the cap is not a time the test asserts.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 60_000,
  },
});
