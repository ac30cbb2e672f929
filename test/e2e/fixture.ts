/**
 * A real Aibox for the page's end-to-end tests: a temp AIBOX_HOME with a config pointing at the
 * fake LLM, `createApp` + `startServer` on a free loopback port, and a few skills of our own.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { App } from '../../src/app/create-app.js';
import { type RunningServer, startServer } from '../../src/server/start-server.js';
import { fakeLlmSection, homeEnv } from '../helpers/box.js';
import { tempHome } from '../helpers/cli.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { createQuietApp } from '../helpers/quiet-app.js';

export const KEY_ENV = 'AIBOX_E2E_KEY';

export interface Box {
  home: string;
  llm: FakeLlm;
  app: App;
  server: RunningServer;
  /** Closes the port (clients see the connection drop); the app keeps its state. */
  stopServer(): Promise<void>;
  /** Listens again on the same port (after `stopServer`, or closing first). */
  restartServer(): Promise<void>;
  close(): Promise<void>;
}

export interface BoxOptions {
  token?: string;
  /** false: the key variable is not set (the page must say what to set). */
  withKey?: boolean;
  lang?: 'zh' | 'en';
  /** false: no scheduler (API tests that must not run tasks). */
  scheduler?: boolean;
  /** More top-level config sections (e.g. `mcp`, `safety`); the box waits for its MCP servers. */
  config?: Record<string, unknown>;
}

/** Skills the tests search and open (Chinese and English text, one broken program). */
function writeSkills(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'weather-report.md'),
    '# 查询城市天气预报\n\n用 `curl wttr.in/北京` 获取天气预报，然后用一句话总结温度和降水。\n\n```bash\ncurl -s "wttr.in/Beijing?format=3"\n```\n',
  );
  writeFileSync(
    join(dir, 'git-helper.md'),
    '# Tidy up git history\n\nExplains how to squash and reword commits before a review.\n',
  );
  const broken = join(dir, 'broken-tool');
  writeFileSync(broken, '#!/bin/sh\n# prints no help at all\nexit 3\n');
  chmodSync(broken, 0o755);
}

export interface BoxApp {
  home: string;
  llm: FakeLlm;
  app: App;
}

/** A real app (temp home, fake LLM, our skills) without a server: for the API tests. */
export async function createBoxApp(options: BoxOptions = {}): Promise<BoxApp> {
  const home = tempHome('aibox-e2e-');
  const llm = await startFakeLlm();
  const config = {
    lang: options.lang ?? 'zh',
    llm: fakeLlmSection(llm, KEY_ENV),
    skills: { watch: false, install_examples: true },
    server: { token: options.token ?? '' },
    ...options.config,
  };
  writeFileSync(join(home, 'config.json'), JSON.stringify(config, null, 2));
  const env = homeEnv(home);
  if (options.withKey !== false) env[KEY_ENV] = 'sk-e2e-not-a-real-key';
  else delete env[KEY_ENV];
  const app = await createQuietApp({ home, env, scheduler: options.scheduler });
  // After createApp, so that the example skills are installed into the empty dir first.
  writeSkills(app.paths.skills);
  await app.skills.reload();
  await app.mcp.settled();
  return { home, llm, app };
}

export async function startBox(options: BoxOptions = {}): Promise<Box> {
  const { home, llm, app } = await createBoxApp(options);
  const box: Box = {
    home,
    llm,
    app,
    server: await startServer(app, { host: '127.0.0.1', port: 0 }),
    async restartServer() {
      await box.server.close();
      box.server = await startServer(app, { host: '127.0.0.1', port: box.server.port });
    },
    async stopServer() {
      await box.server.close();
    },
    async close() {
      await box.server.close();
      await app.close();
      await llm.close();
    },
  };
  return box;
}
