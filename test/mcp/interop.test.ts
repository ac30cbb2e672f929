/**
 * The MCP client against servers written with the official SDK, as child processes
 * (test/mcp/fixtures): tool names with `.` and `/` offered under valid names that call the
 * server's own, a changed tool list picked up, a flood of progress notifications held to a few
 * lines a second, a crash loop backed off, the first turn waiting for servers still connecting,
 * and a Streamable HTTP session the server ended reconnected without losing the call.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig, type McpServerConfig } from '../../src/config/schema.js';
import { type Logger, silentLogger } from '../../src/log/logger.js';
import { createMcpManager } from '../../src/mcp/manager.js';
import type { ReconnectBackoff } from '../../src/mcp/server-connection.js';
import type { McpManager } from '../../src/mcp/types.js';
import { createResultLimiter } from '../../src/tools/result-limit.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { systemClock } from '../../src/util/clock.js';
import { tempHome } from '../helpers/cli.js';
import { until } from '../helpers/until.js';

const FIXTURES = resolve(import.meta.dirname, 'fixtures');
const INTEROP = join(FIXTURES, 'interop-mcp-server.mjs');
const SESSIONS = join(FIXTURES, 'session-http-mcp-server.mjs');

const managers: McpManager[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill();
        }),
    ),
  );
});

interface ManagerOptions {
  backoff?: ReconnectBackoff;
  connectTimeoutS?: number;
  /** Told each retry delay the connection logs ("mcp server unavailable"). */
  onRetry?: (ms: number) => void;
}

/** A logger that passes each logged retry delay on and writes nothing. */
function retryLogger(onRetry: (ms: number) => void): Logger {
  const fn = ((fields: unknown) => {
    const ms = (fields as { retryInMs?: unknown } | undefined)?.retryInMs;
    if (typeof ms === 'number') onRetry(ms);
  }) as Logger['warn'];
  const logger: Logger = {
    level: 'info',
    debug: () => {},
    info: () => {},
    warn: fn,
    error: () => {},
    child: () => logger,
  };
  return logger;
}

function manager(servers: Record<string, Partial<McpServerConfig>>, options: ManagerOptions = {}) {
  const home = tempHome('aibox-mcp-interop-');
  const base = defaultConfig();
  const entries = Object.entries(servers).map(([name, server]) => [
    name,
    { enabled: true, timeout_s: 60, args: [], env: {}, ...server } as McpServerConfig,
  ]);
  const config = {
    ...base,
    mcp: {
      ...base.mcp,
      servers: Object.fromEntries(entries),
      connect_timeout_s: options.connectTimeoutS ?? 15,
    },
    safety: { ...base.safety, mode: 'off' as const },
  };
  const m = createMcpManager({
    config,
    safety: () => config.safety,
    home,
    trustPath: join(home, 'mcp-trust.json'),
    lang: 'en',
    logger: options.onRetry ? retryLogger(options.onRetry) : silentLogger(),
    limiter: createResultLimiter({ maxChars: 10_000, dir: join(home, 'tool_results'), clock: systemClock }),
    version: 'test',
    backoff: options.backoff ?? { initialMs: 30, maxMs: 200 },
  });
  managers.push(m);
  m.start();
  return m;
}

const interop = (env: Record<string, string> = {}) => ({ command: process.execPath, args: [INTEROP], env });

function context(output: (text: string) => void = () => undefined): ToolContext {
  return {
    signal: new AbortController().signal,
    output: (_stream, text) => output(text),
    sessionId: 's',
    turnId: 't',
    callId: 'c',
    lang: 'en',
  };
}

async function call(m: McpManager, name: string, args: unknown = {}, ctx = context()) {
  const tool = m.tools().find((t) => t.name === name);
  if (!tool) throw new Error(`no tool ${name}: ${m.tools().map((t) => t.name)}`);
  return tool.execute(args as never, ctx);
}

/** One interop server for the tests that only call it (one process, not one per test). */
let shared: Promise<McpManager> | undefined;
function sharedInterop(): Promise<McpManager> {
  shared ??= (async () => {
    const m = manager({ interop: interop() });
    await m.settled();
    return m;
  })();
  return shared;
}

describe('MCP client interop', () => {
  it('offers tools named with . and / under valid names that call the server by its own names', async () => {
    const m = await sharedInterop();
    const names = m.tools().map((t) => t.name);
    expect(names).toContain('interop__repo_get');
    expect(names).toContain('interop__files-read');
    const dotted = names.find((n) => /^interop__repo_get_[0-9a-f]{6}$/.test(n));
    expect(dotted).toBeDefined();
    for (const name of names) expect(name).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(m.status()[0]?.disabledTools).toEqual([]);
    expect((await call(m, 'interop__repo_get')).content).toBe('called repo_get');
    expect((await call(m, dotted ?? '')).content).toBe('called repo.get');
    expect((await call(m, 'interop__files-read')).content).toBe('called files/read');
  });

  it('lists the tools again when the server says they changed', async () => {
    const m = await sharedInterop();
    expect(m.tools().map((t) => t.name)).not.toContain('interop__late_tool');
    expect((await call(m, 'interop__add_tool')).content).toBe('added');
    await until(() => m.tools().some((t) => t.name === 'interop__late_tool'), 'the new tool');
    expect((await call(m, 'interop__late_tool')).content).toBe('called late.tool');
  });

  it('holds a flood of progress notifications to a few lines a second, ending with the last', async () => {
    const m = await sharedInterop();
    const lines: string[] = [];
    // Hundreds of times the lines allowed for the time it takes: unthrottled, every one would be a line.
    const count = 5_000;
    const started = Date.now();
    const result = await call(
      m,
      'interop__flood',
      { count },
      context((text) => lines.push(text)),
    );
    const seconds = (Date.now() - started) / 1000;
    expect(result.content).toBe(`flooded ${count}`);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines.length).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 2);
    // Notices the SDK hands on after the result are not shown: the call's lines end with it.
    expect(lines.at(-1)).toMatch(new RegExp(`^progress \\d+/${count}\n$`));
    console.log(`progress: ${count} notices in ${seconds.toFixed(2)} s became ${lines.length} lines`);
  });

  it('backs off a server that connects and then exits, every time, instead of restarting it at once', async () => {
    const log = join(tempHome('aibox-mcp-spawns-'), 'spawns.log');
    const retries: number[] = [];
    const m = manager(
      { loop: interop({ EXIT_AFTER_LIST: '1', SPAWN_LOG: log }) },
      // Short delays: the doubling and the cap are what is checked, not their size.
      { backoff: { initialMs: 25, maxMs: 100, stableMs: 30_000 }, onRetry: (ms) => retries.push(ms) },
    );
    await until(() => retries.length >= 5, 'five losses', 30_000);
    // Every loss of the connection made just before waits longer, up to the most.
    expect(retries.slice(0, 5)).toEqual([25, 50, 100, 100, 100]);
    const times = readFileSync(log, 'utf8').trim().split('\n').map(Number);
    const gaps = times.slice(1).map((t, i) => t - (times[i] ?? 0));
    gaps.slice(0, 4).forEach((gap, i) => {
      expect(gap).toBeGreaterThanOrEqual(retries[i] ?? 0);
    });
    expect(m.status()[0]?.error).toBeDefined();
    // Stopped now: left to loop, it would start the server again every 100 ms until the file ends.
    await m.close();
  });

  it('the first turn after start waits for a server still connecting; the timeout bounds the wait', async () => {
    const slow = manager({ slow: interop({ START_DELAY_MS: '600' }) });
    expect(slow.tools()).toEqual([]);
    await slow.ready();
    expect(slow.tools().map((t) => t.name)).toContain('slow__repo_get');

    const stuck = manager({ stuck: interop({ START_DELAY_MS: '60000' }) }, { connectTimeoutS: 1 });
    const started = Date.now();
    await stuck.ready();
    const waited = Date.now() - started;
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(5000);
    expect(stuck.tools()).toEqual([]);
    // Later turns do not wait again; after /reload (holdNextTurn) one does.
    const again = Date.now();
    await stuck.ready();
    expect(Date.now() - again).toBeLessThan(200);
    stuck.holdNextTurn();
    const held = Date.now();
    await stuck.ready();
    expect(Date.now() - held).toBeGreaterThanOrEqual(900);
  });

  it('a stopped turn stops waiting for servers at once', async () => {
    const stuck = manager({ stuck: interop({ START_DELAY_MS: '60000' }) }, { connectTimeoutS: 30 });
    const turn = new AbortController();
    const started = Date.now();
    const waiting = stuck.ready(turn.signal);
    turn.abort();
    await waiting;
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('reconnects a Streamable HTTP session the server ended, and the call still goes through', async () => {
    const child = spawn(process.execPath, [SESSIONS], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const port = await new Promise<number>((done, fail) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        const match = /listening (\d+)/.exec(chunk.toString());
        if (match) done(Number(match[1]));
      });
      child.once('exit', (code) => fail(new Error(`session server exited (${code})`)));
    });
    const m = manager({ remote: { url: `http://127.0.0.1:${port}/mcp` } });
    await m.settled();
    expect(m.status()[0]).toMatchObject({ state: 'connected', transport: 'streamable-http' });
    expect((await call(m, 'remote__echo')).content).toBe('echo ok');
    expect((await call(m, 'remote__forget_sessions')).content).toBe('forget_sessions ok');
    const after = await call(m, 'remote__echo');
    expect(after).toMatchObject({ ok: true, content: 'echo ok' });
    expect((await call(m, 'remote__initializes')).content).toBe('2');
    expect(m.status()[0]?.state).toBe('connected');
  });
});
