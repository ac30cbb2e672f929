/**
 * A real Aibox for server tests: temp AIBOX_HOME, config pointing at the fake LLM,
 * `createApp` + `startServer` on a free loopback port; and a WebSocket test client
 * that records every frame and waits on them (never on fixed sleeps).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import { type App, createApp } from '../../src/app/create-app.js';
import { type RunningServer, type StartServerOptions, startServer } from '../../src/server/start-server.js';
import { tempHome } from '../helpers/cli.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';

export const KEY_ENV = 'AIBOX_SERVER_TEST_KEY';
export const FAKE_KEY = 'sk-server-test-secret-key';

export interface Box {
  home: string;
  llm: FakeLlm;
  app: App;
  server: RunningServer;
  wsUrl: string;
  close(): Promise<void>;
}

export interface BoxOptions {
  config?: Record<string, unknown>;
  server?: Partial<StartServerOptions>;
  lang?: 'zh' | 'en';
}

export function boxConfig(
  llm: FakeLlm,
  extra: Record<string, unknown> = {},
  lang = 'en',
): Record<string, unknown> {
  const base: Record<string, Record<string, unknown> | string> = {
    lang,
    llm: {
      provider: 'custom',
      base_url: llm.baseUrl,
      model: 'fake-model',
      api_key_env: KEY_ENV,
      max_retries: 0,
    },
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
  const env: NodeJS.ProcessEnv = { ...process.env, AIBOX_HOME: home, [KEY_ENV]: FAKE_KEY };
  for (const name of Object.keys(env))
    if (name.startsWith('AIBOX_LLM_') || name === 'AIBOX_LANG') delete env[name];
  return env;
}

export async function startBox(options: BoxOptions = {}): Promise<Box> {
  const home = tempHome('aibox-server-');
  const llm = await startFakeLlm();
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify(boxConfig(llm, options.config, options.lang ?? 'en'), null, 2),
  );
  const app = await createApp({
    home,
    env: testEnv(home),
    consoleLevel: 'silent',
    watchSkills: false,
    scheduler: false,
  });
  const server = await startServer(app, { host: '127.0.0.1', port: 0, heartbeatMs: 0, ...options.server });
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

export type Frame = { type: string } & Record<string, unknown>;

export interface TestClient {
  ws: WebSocket;
  frames: Frame[];
  /** Resolves with the first frame (from index `from`) matching; rejects on close or timeout. */
  waitFor(match: (f: Frame) => boolean, options?: { from?: number; timeoutMs?: number }): Promise<Frame>;
  waitType(type: string, options?: { from?: number; timeoutMs?: number }): Promise<Frame>;
  send(frame: unknown): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export function connect(
  url: string,
  options: WebSocket.ClientOptions & { protocols?: string[] } = {},
): Promise<TestClient> {
  // New clients offer `aibox.v1` to receive the structured frames; pass `protocols: []` to connect as an original client.
  const { protocols = ['aibox.v1'], ...rest } = options;
  const ws = new WebSocket(url, protocols, rest);
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('open', () => resolve(wrap(ws)));
  });
}

function describe(frames: Frame[]): string {
  return `${frames.length} frames, last: ${JSON.stringify(frames.slice(-8).map((f) => f.type))}`;
}

export function wrap(ws: WebSocket): TestClient {
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    for (const w of [...waiters]) w();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      for (const w of [...waiters]) w();
    });
  });
  const waitFor: TestClient['waitFor'] = (match, opts = {}) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`timed out waiting; ${describe(frames)}`));
      }, opts.timeoutMs ?? 10_000);
      const check = () => {
        const found = frames.slice(opts.from ?? 0).find(match);
        if (found) {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        } else if (ws.readyState === WebSocket.CLOSED) {
          clearTimeout(timer);
          waiters.delete(check);
          reject(new Error(`closed while waiting; ${describe(frames)}`));
        }
      };
      waiters.add(check);
      check();
    });
  return {
    ws,
    frames,
    waitFor,
    waitType: (type, opts) => waitFor((f) => f.type === type, opts),
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    closed,
    close: () => ws.close(),
  };
}

/** Connects and waits for the whole welcome (through `history`). */
export async function connectReady(
  url: string,
  options: WebSocket.ClientOptions & { protocols?: string[] } = {},
): Promise<TestClient> {
  const client = await connect(url, options);
  await client.waitType('history');
  return client;
}
