/**
 * A real Aibox for server tests: temp AIBOX_HOME, config pointing at the fake LLM,
 * `createApp` + `startServer` on a free loopback port. The WebSocket test client is
 * `test/helpers/ws-client.ts` (re-exported here).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type StartServerOptions, startServer } from '../../src/server/start-server.js';
import { fakeLlmSection, homeEnv, type RunningBox } from '../helpers/box.js';
import { tempHome } from '../helpers/cli.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { createQuietApp } from '../helpers/quiet-app.js';
import type { WsClient } from '../helpers/ws-client.js';
import { rememberClientKey } from '../helpers/ws-client.js';

export const KEY_ENV = 'AIBOX_SERVER_TEST_KEY';
export const FAKE_KEY = 'sk-server-test-secret-key';

export type Box = RunningBox;

export interface BoxOptions {
  config?: Record<string, unknown>;
  server?: Partial<StartServerOptions>;
  lang?: 'zh' | 'en';
  /** Runs the scheduler (off by default: most tests want no background runs). */
  scheduler?: boolean;
  /** The data dir (AIBOX_HOME) to use, an empty temp dir; default: a new one under the system temp dir. */
  home?: string;
  /** Prepares the data dir before the box starts (e.g. what an earlier crash left). */
  seed?: (home: string) => void;
  /** Watches the skills dir (off by default; `skills.watch` must be on in the config too). */
  watchSkills?: boolean;
}

export function boxConfig(
  llm: FakeLlm,
  extra: Record<string, unknown> = {},
  lang = 'en',
): Record<string, unknown> {
  const base: Record<string, Record<string, unknown> | string> = {
    lang,
    llm: fakeLlmSection(llm, KEY_ENV),
    skills: { watch: false, install_examples: false },
    scheduler: { enabled: false },
  };
  for (const [key, value] of Object.entries(extra)) {
    const current = base[key];
    base[key] =
      typeof current === 'object' && typeof value === 'object'
        ? { ...current, ...(value as object) }
        : (value as string);
  }
  return base;
}

export function testEnv(home: string): NodeJS.ProcessEnv {
  return homeEnv(home, { [KEY_ENV]: FAKE_KEY });
}

export async function startBox(options: BoxOptions = {}): Promise<Box> {
  const home = options.home ?? tempHome('aibox-server-');
  const llm = await startFakeLlm();
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify(
      boxConfig(
        llm,
        { ...(options.scheduler ? { scheduler: { enabled: true } } : {}), ...options.config },
        options.lang ?? 'en',
      ),
      null,
      2,
    ),
  );
  options.seed?.(home);
  const app = await createQuietApp({
    home,
    env: testEnv(home),
    watchSkills: options.watchSkills === true,
    scheduler: options.scheduler === true,
  });
  const server = await startServer(app, { host: '127.0.0.1', port: 0, heartbeatMs: 0, ...options.server });
  rememberClientKey(server.url, home);
  return {
    home,
    llm,
    app,
    server,
    wsUrl: server.url.replace(/^http/, 'ws'),
    async close() {
      await server.close();
      await app.close();
      await llm.close();
    },
  };
}

export type { Frame } from '../helpers/ws-client.js';
export { connect, connectReady, personCookie, wrap } from '../helpers/ws-client.js';
export type TestClient = WsClient;
