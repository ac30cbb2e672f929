/**
 * End-to-end harness: the REAL composition root (`createApp`) and the REAL server
 * (`startServer`) on a free loopback port, real `ws` clients, a temp AIBOX_HOME,
 * and the fake LLM reached through the documented env overrides
 * (`AIBOX_LLM_BASE_URL`, `AIBOX_LLM_API_KEY`). Waits are on frames and requests,
 * never on fixed sleeps.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { CreateAppOptions } from '../../src/app/create-app.js';
import { type RunningServer, startServer } from '../../src/server/start-server.js';
import type { RunningBox } from '../helpers/box.js';
import { tempHome } from '../helpers/cli.js';
import { type FakeLlm, type RecordedRequest, startFakeLlm } from '../helpers/fake-llm.js';
import { createQuietApp } from '../helpers/quiet-app.js';
import { connectReady, rememberClientKey, type WsClient } from '../helpers/ws-client.js';

export const TEST_KEY = 'test-key';

/** The process env without anything that could point the app at a real model or key. */
export function cleanEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name.startsWith('AIBOX_') || name.endsWith('_API_KEY')) delete env[name];
  }
  // HOME too: the deepseek preset falls back to ~/.cert/deepseek.key.
  return { ...env, HOME: home, ...extra };
}

export function llmEnv(home: string, llm: FakeLlm): NodeJS.ProcessEnv {
  return cleanEnv(home, { AIBOX_LLM_BASE_URL: llm.baseUrl, AIBOX_LLM_API_KEY: TEST_KEY });
}

export interface Box extends RunningBox {
  httpUrl: string;
  /** Closes the server and the app (not the fake LLM, not the home). */
  stop(): Promise<void>;
  /** stop(), the fake LLM (also one passed in), and the home if the harness made it. */
  close(): Promise<void>;
}

export interface BoxOptions {
  home?: string;
  llm?: FakeLlm;
  /** Default false: only the scheduler tests run it. */
  scheduler?: boolean;
  /** Default false (no file watcher) unless a test wants the real one. */
  watchSkills?: boolean;
  /** Default: the fake LLM's env. */
  env?: NodeJS.ProcessEnv;
  lang?: CreateAppOptions['lang'];
  /**
   * Default true: a first run installs the example skills (each is probed, ~1 s on a busy
   * machine). Tests that need no skill say false: a config.json turning it off is written first.
   */
  examples?: boolean;
}

export async function startBox(options: BoxOptions = {}): Promise<Box> {
  const home = options.home ?? tempHome('aibox-e2e-');
  const llm = options.llm ?? (await startFakeLlm());
  if (options.examples === false)
    writeFileSync(join(home, 'config.json'), JSON.stringify({ skills: { install_examples: false } }));
  const app = await createQuietApp({
    home,
    env: options.env ?? llmEnv(home, llm),
    lang: options.lang ?? 'zh',
    scheduler: options.scheduler ?? false,
    watchSkills: options.watchSkills ?? false,
  });
  let server: RunningServer;
  try {
    server = await startServer(app, { host: '127.0.0.1', port: 0, heartbeatMs: 0 });
  } catch (error) {
    await app.close();
    throw error;
  }
  // Its test clients are a person's clients (they may answer approvals), as the page is.
  rememberClientKey(server.url, home);
  const stop = async () => {
    await server.close();
    await app.close();
  };
  return {
    home,
    llm,
    app,
    server,
    httpUrl: server.url,
    wsUrl: server.url.replace(/^http/, 'ws'),
    stop,
    async close() {
      await stop();
      await llm.close();
      // A home this harness made is removed; one the test passed in is the test's.
      if (!options.home) rmSync(home, { recursive: true, force: true });
    },
  };
}

export type { Frame } from '../helpers/ws-client.js';
export type Client = WsClient;

/** The longest any single wait of the flows may take before it fails (test timeout is longer). */
const WAIT_BOUND_MS = 25_000;

/**
 * Connects and waits for the welcome through `history`. New clients offer the subprotocol
 * `aibox.v1` (structured frames); `legacy: true` connects as the original clients do.
 */
export function connectClient(url: string, options: { legacy?: boolean } = {}): Promise<Client> {
  // Waits end on frames; this bound only turns a hang into a named failure. A 7-round turn on a
  // loaded 2-core machine once took longer than 8 s, so the bound sits just under the test timeout.
  return connectReady(url, { protocols: options.legacy ? [] : ['aibox.v1'], timeoutMs: WAIT_BOUND_MS });
}

/** The tool results a recorded request carried, by tool_call_id. */
export function toolResults(request: RecordedRequest): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of request.body.messages as { role: string; tool_call_id?: string; content?: unknown }[])
    if (m.role === 'tool' && m.tool_call_id) out.set(m.tool_call_id, String(m.content ?? ''));
  return out;
}

/** Text of the last tool message of a request (what the model sees from the tool it called last). */
export function lastToolResult(request: RecordedRequest): string {
  const messages = request.body.messages as { role: string; content?: unknown }[];
  const last = messages.findLast((m) => m.role === 'tool');
  return String(last?.content ?? '');
}

export function systemText(request: RecordedRequest): string {
  return (request.body.messages as { role: string; content?: unknown }[])
    .filter((m) => m.role === 'system')
    .map((m) => String(m.content ?? ''))
    .join('\n');
}

/**
 * Problems a strict OpenAI-compatible server would reject: an assistant tool call
 * without its tool result right after it, or a tool message answering no call.
 * Returns [] for a valid history.
 */
export function historyProblems(request: RecordedRequest): string[] {
  const messages = request.body.messages as {
    role: string;
    tool_calls?: { id: string }[];
    tool_call_id?: string;
  }[];
  const problems: string[] = [];
  let open = new Set<string>();
  messages.forEach((m, i) => {
    if (m.role === 'tool') {
      if (!m.tool_call_id || !open.has(m.tool_call_id))
        problems.push(`#${i} tool message answers no open call (${m.tool_call_id})`);
      else open.delete(m.tool_call_id);
      return;
    }
    if (open.size > 0) problems.push(`#${i} ${m.role} before the results of ${[...open].join(', ')}`);
    open = new Set((m.role === 'assistant' ? (m.tool_calls ?? []) : []).map((c) => c.id));
  });
  if (open.size > 0) problems.push(`unanswered at the end: ${[...open].join(', ')}`);
  return problems;
}

export interface SharedBox {
  /** The running box (set by the enclosing describe's beforeAll). */
  readonly box: Box;
  /** A client whose default session is `session` (closed after the describe). */
  clientFor(session?: string, options?: { legacy?: boolean }): Promise<Client>;
  /** Requests the fake LLM received from index `start` on (the box is shared by several tests). */
  requestsSince(start: number): RecordedRequest[];
}

/** One box for the enclosing describe: started in beforeAll, closed (with its clients) in afterAll. */
export function useBox(options: BoxOptions | (() => Promise<BoxOptions>) = {}): SharedBox {
  let box: Box | undefined;
  const clients: Client[] = [];
  beforeAll(async () => {
    box = await startBox(typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => {
    for (const c of clients) c.close();
    await box?.close();
  });
  const current = () => {
    if (!box) throw new Error('the box is not started (useBox outside a describe?)');
    return box;
  };
  return {
    get box() {
      return current();
    },
    async clientFor(session = 'main', options: { legacy?: boolean } = {}) {
      const c = await connectClient(`${current().wsUrl}/?session=${session}`, options);
      clients.push(c);
      return c;
    },
    requestsSince: (start) => current().llm.requests.slice(start),
  };
}
