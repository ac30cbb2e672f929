/**
 * A real local OpenAI-compatible chat-completions server for tests and benchmarks:
 * the only fake in Aibox's tests is the LLM vendor, faked at the HTTP level.
 *
 *   const llm = await startFakeLlm();
 *   llm.script({ text: 'Hello world' }, { toolCalls: [{ name: 'echo', arguments: { text: 'hi' } }] });
 *   // point a provider at llm.baseUrl; then assert llm.requests[0].body.messages …
 *   await llm.close();
 *
 * Each request consumes the next scripted step; with an empty script the server answers
 * `fallback` (default: the text "ok"). A step may be a function of the recorded request.
 * `{ recorded: bytes }` replays a recorded response body unchanged (the `.sse` fixtures of
 * test/providers/streams/).
 * These files import only node built-ins: `bench/` loads them by transpiling them on the fly.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import {
  type FakeStaticStep,
  split,
  writeChunk,
  writeEndless,
  writeFailure,
  writeRecorded,
  writeReply,
  writeUnterminated,
} from './fake-llm-steps.js';

export type {
  FakeCut,
  FakeEndless,
  FakeFailure,
  FakeRecorded,
  FakeReply,
  FakeStall,
  FakeStaticStep,
  FakeToolCall,
  FakeUnterminated,
  FakeUsage,
} from './fake-llm-steps.js';

export type FakeStep =
  | FakeStaticStep
  | ((request: RecordedRequest) => FakeStaticStep | Promise<FakeStaticStep>);

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (or the raw text when it was not JSON). */
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary fields of what was sent
  body: any;
}

export interface FakeLlm {
  /** Ends in `/v1`, ready for an OpenAI client's `baseURL`. */
  baseUrl: string;
  readonly requests: RecordedRequest[];
  /** Appends steps; each request to the completions endpoint consumes one. */
  script(...steps: FakeStep[]): void;
  /** Steps not consumed yet. */
  pending(): number;
  /** Resolves with the `n`-th request (1-based) once it has arrived. */
  waitForRequest(n: number): Promise<RecordedRequest>;
  /** Resolves when the `n`-th request's connection has closed (served, cut, or abandoned by the client). */
  waitForClosed(n: number): Promise<void>;
  close(): Promise<void>;
}

export interface FakeLlmOptions {
  /** Answer when the script is empty (default `{ text: 'ok' }`). */
  fallback?: FakeStep;
}

const COMPLETION_PATHS = new Set(['/v1/chat/completions', '/chat/completions']);

/** The whole request body as UTF-8 (shared by the other fake vendors). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

interface Waiter {
  n: number;
  resolve: () => void;
}

export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const fallback: FakeStep = options.fallback ?? { text: 'ok' };
  const queue: FakeStep[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const closed = new Set<number>();
  let arrivalWaiters: Waiter[] = [];
  let closedWaiters: Waiter[] = [];
  let callCounter = 0;
  let completionCounter = 0;

  /** Resolves the waiters whose condition now holds; returns the others. */
  const notify = (waiters: Waiter[], ready: (n: number) => boolean) =>
    waiters.filter((waiter) => {
      if (!ready(waiter.n)) return true;
      waiter.resolve();
      return false;
    });

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function serve(record: RecordedRequest, res: ServerResponse): Promise<void> {
    const next = queue.shift() ?? fallback;
    const step = typeof next === 'function' ? await next(record) : next;
    const model = typeof record.body?.model === 'string' ? record.body.model : 'fake-model';
    const streaming = record.body?.stream === true;
    const includeUsage = record.body?.stream_options?.include_usage === true;

    if ('stall' in step) {
      if (step.stall === 'before-headers') return;
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.flushHeaders();
      if (step.stall === 'mid-stream') writeChunk(res, model, { role: 'assistant', content: 'thinking' });
      return; // never ends by itself
    }
    if ('status' in step) {
      writeFailure(res, step);
      return;
    }
    if ('recorded' in step) {
      writeRecorded(res, step);
      return;
    }
    if ('cut' in step) {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      for (const piece of split(step.cut.text ?? '', 4)) writeChunk(res, model, { content: piece });
      // Let the written chunks reach the client before the connection dies.
      await sleep(20);
      res.socket?.destroy();
      return;
    }
    if ('endless' in step) {
      writeEndless(res, step, model);
      return;
    }
    const context = {
      model,
      streaming,
      includeUsage,
      nextCallId: () => `call_${++callCounter}`,
      nextCompletionId: () => `chatcmpl-${++completionCounter}`,
    };
    if ('unterminated' in step) {
      writeUnterminated(res, step, context);
      return;
    }

    if (step.delayMs) await sleep(step.delayMs);
    if (res.destroyed) return;
    writeReply(res, step, context);
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    let n = 0; // this request's number, once recorded
    res.on('close', () => {
      if (n === 0) return;
      closed.add(n);
      closedWaiters = notify(closedWaiters, (k) => closed.has(k));
    });
    readBody(req)
      .then(async (text) => {
        const record: RecordedRequest = {
          method: req.method ?? '',
          path,
          headers: req.headers,
          body: parseJson(text),
        };
        n = requests.push(record);
        arrivalWaiters = notify(arrivalWaiters, (k) => k <= requests.length);
        if (req.method !== 'POST' || !COMPLETION_PATHS.has(path)) {
          res.writeHead(404, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
          return;
        }
        await serve(record, res);
      })
      .catch(() => res.destroy());
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...steps) => {
      queue.push(...steps);
    },
    pending: () => queue.length,
    waitForRequest: (n) =>
      new Promise((resolve) => {
        const done = () => resolve(requests[n - 1] as RecordedRequest);
        if (requests.length >= n) done();
        else arrivalWaiters.push({ n, resolve: done });
      }),
    waitForClosed: (n) =>
      new Promise((resolve) => {
        if (closed.has(n)) resolve();
        else closedWaiters.push({ n, resolve });
      }),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
