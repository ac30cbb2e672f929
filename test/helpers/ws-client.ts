/**
 * A WebSocket test client for a running Aibox: records every frame and waits on
 * frames (never on fixed sleeps). Shared by the server and the integration tests.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';

export type Frame = { type: string } & Record<string, unknown>;

export interface WaitOptions {
  /** Only frames from this index on count (default 0). */
  from?: number;
  timeoutMs?: number;
}

export interface WsClient {
  ws: WebSocket;
  frames: Frame[];
  /** Resolves with the first frame (from index `from`) matching; rejects on close or timeout. */
  waitFor(match: (f: Frame) => boolean, options?: WaitOptions): Promise<Frame>;
  waitType(type: string, options?: WaitOptions): Promise<Frame>;
  ofType(type: string, from?: number): Frame[];
  send(frame: unknown): void;
  /** Sends a chat message and resolves with the turn's terminal frame (`complete` or `error`). */
  chat(content: string, options?: { timeoutMs?: number }): Promise<Frame>;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export interface WrapOptions {
  /** An original client (no `aibox.v1`): gets no `queued` frame, so `chat` waits for the next terminal frame. */
  legacy?: boolean;
  /** Default wait timeout (default 10 s). */
  timeoutMs?: number;
}

export type ConnectOptions = WebSocket.ClientOptions & {
  /** Default `['aibox.v1']` (structured frames); `[]` connects as an original client. */
  protocols?: string[];
  timeoutMs?: number;
  /**
   * Default true: present the box's client key (as the page's cookie) when the box was registered
   * with `rememberClientKey`, like a person's client; false connects as any other local program.
   */
  person?: boolean;
};

/** Client keys of the boxes tests started, by `host:port`. */
const clientKeys = new Map<string, string>();

/** Registers the client key of the box at `serverUrl` (read from its data dir `home`). */
export function rememberClientKey(serverUrl: string, home: string): void {
  const path = join(home, 'client-key');
  if (existsSync(path)) clientKeys.set(new URL(serverUrl).host, readFileSync(path, 'utf8').trim());
}

/** The Cookie header a person's client of the box at `url` sends (undefined: none registered). */
export function personCookie(url: string): string | undefined {
  const key = clientKeys.get(new URL(url).host);
  return key === undefined ? undefined : `aibox_client=${key}`;
}

function describeFrames(frames: Frame[]): string {
  return `${frames.length} frames, last types: ${JSON.stringify(frames.slice(-10).map((f) => f.type))}`;
}

export function connect(url: string, options: ConnectOptions = {}): Promise<WsClient> {
  const { protocols = ['aibox.v1'], timeoutMs, person = true, ...rest } = options;
  const cookie = person ? personCookie(url) : undefined;
  if (cookie && rest.headers?.cookie === undefined) rest.headers = { ...rest.headers, cookie };
  const ws = new WebSocket(url, protocols, rest);
  const legacy = !protocols.includes('aibox.v1');
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('open', () => resolve(wrap(ws, { legacy, timeoutMs })));
  });
}

/** Connects and waits for the whole welcome (through `history`). */
export async function connectReady(url: string, options: ConnectOptions = {}): Promise<WsClient> {
  const client = await connect(url, options);
  await client.waitType('history');
  return client;
}

/** Records the frames of an open socket. */
export function wrap(ws: WebSocket, options: WrapOptions = {}): WsClient {
  const frames: Frame[] = [];
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const w of [...waiters]) w();
  };
  ws.on('message', (data) => {
    frames.push(JSON.parse(data.toString()) as Frame);
    wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      resolve({ code, reason: reason.toString() });
      wake();
    });
  });
  const waitFor: WsClient['waitFor'] = (match, opts = {}) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => {
          waiters.delete(check);
          reject(new Error(`timed out waiting for a frame; ${describeFrames(frames)}`));
        },
        opts.timeoutMs ?? options.timeoutMs ?? 10_000,
      );
      const check = () => {
        const found = frames.slice(opts.from ?? 0).find(match);
        if (found || ws.readyState === WebSocket.CLOSED) {
          clearTimeout(timer);
          waiters.delete(check);
          if (found) resolve(found);
          else reject(new Error(`connection closed while waiting; ${describeFrames(frames)}`));
        }
      };
      waiters.add(check);
      check();
    });
  const terminal = (f: Frame) => f.type === 'complete' || f.type === 'error';
  const client: WsClient = {
    ws,
    frames,
    waitFor,
    waitType: (type, opts) => waitFor((f) => f.type === type, opts),
    ofType: (type, from = 0) => frames.slice(from).filter((f) => f.type === type),
    send: (frame) => ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame)),
    async chat(content, opts = {}) {
      const from = frames.length;
      client.send({ type: 'message', content });
      const timeoutMs = opts.timeoutMs;
      if (options.legacy) return waitFor(terminal, { from, timeoutMs });
      const queued = await waitFor((f) => f.type === 'queued', { from, timeoutMs });
      return waitFor((f) => terminal(f) && f.turn_id === queued.turn_id, { from, timeoutMs });
    },
    closed,
    close: () => ws.close(),
  };
  return client;
}
