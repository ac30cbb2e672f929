/**
 * The intelligent robot's long connection, written to its wire format (docs/channels.md,
 * "WeCom"): one WebSocket to WeCom, JSON text frames `{ cmd, headers: { req_id }, body }`.
 *
 * - On open the box sends `aibot_subscribe` with the bot id and secret; WeCom answers with a
 *   frame carrying the same `req_id` and `errcode` (0: subscribed). Until then nothing is sent.
 * - Every frame the box sends is answered the same way (an ack: `req_id`, `errcode`, `errmsg`);
 *   frames that share a `req_id` (the updates of one stream reply) go one at a time, each after the
 *   previous one's ack, so an ack always names one frame.
 * - `ping` every 30 s; two in a row unanswered and the socket is dropped and opened again.
 * - WeCom pushes `aibot_msg_callback` (messages) and `aibot_event_callback` (events); an event
 *   `disconnected_event` says another connection with the same bot took over.
 * - A dropped socket, a refused subscription or a silent one is retried with back-off; one
 *   connection at a time. The secret is only ever in the subscribe frame, never in a log line.
 */
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { z } from 'zod';
import type { Logger } from '../../log/logger.js';
import type { Backoff } from '../../util/backoff.js';
import { sleep } from '../../util/sleep.js';
import { WeComApiError } from './wecom-error.js';

export const CMD = {
  subscribe: 'aibot_subscribe',
  ping: 'ping',
  respond: 'aibot_respond_msg',
  update: 'aibot_respond_update_msg',
  send: 'aibot_send_msg',
  uploadInit: 'aibot_upload_media_init',
  uploadChunk: 'aibot_upload_media_chunk',
  uploadFinish: 'aibot_upload_media_finish',
  message: 'aibot_msg_callback',
  event: 'aibot_event_callback',
} as const;

/** A frame from WeCom; `body` is checked by whoever reads it. */
const FrameSchema = z.object({
  cmd: z.string().max(64).optional(),
  headers: z.object({ req_id: z.string().min(1).max(256) }),
  body: z.unknown().optional(),
  errcode: z.number().optional(),
  errmsg: z.string().max(4000).optional(),
});
export type WeComFrame = z.infer<typeof FrameSchema>;

/** Largest frame taken from WeCom (a bigger one closes the socket, which is then reopened). */
export const MAX_FRAME_BYTES = 4 * 1024 * 1024;
const ANSWER_TIMEOUT_MS = 10_000;
const MISSED_PINGS = 2;

export interface SocketTimings {
  heartbeatMs?: number;
  /** How long a subscribe or a sent frame waits for its ack. */
  answerTimeoutMs?: number;
  /** Wait before reconnecting after another connection took over. */
  replacedDelayMs?: number;
}

interface SocketOptions extends SocketTimings {
  url: string;
  botId: string;
  secret: string;
  logger: Logger;
  backoff: Backoff;
  signal: AbortSignal;
  /** A message or event callback (cmd and headers checked, body not). */
  onCallback: (frame: WeComFrame) => void;
  /** Each time a connection is subscribed. */
  onConnected?: () => void;
}

/** A req_id: WeCom matches acks by it; `prefix` makes a log line readable. */
export const newReqId = (prefix: string) => `${prefix}_${Date.now()}_${randomBytes(6).toString('hex')}`;

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

interface Pending {
  resolve: (frame: WeComFrame) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  what: string;
}

/** How one connection ended, for the reconnect loop. */
interface Ending {
  error?: Error;
  replaced?: boolean;
  subscribed?: boolean;
}

export class WeComSocket {
  private ws: WebSocket | undefined;
  private subscribed = false;
  private readonly pending = new Map<string, Pending>();
  /** Per req_id: the previous frame's exchange, which the next one waits for. */
  private readonly lanes = new Map<string, Promise<unknown>>();
  private running = false;

  constructor(private readonly options: SocketOptions) {}

  /** Whether a subscribed connection is open now. */
  get open(): boolean {
    return this.subscribed && this.ws?.readyState === WebSocket.OPEN;
  }

  /** Connects and keeps reconnecting until the signal aborts. */
  start(): void {
    if (this.running) return;
    this.running = true;
    void this.run();
  }

  /**
   * Sends a frame and resolves with WeCom's ack; an ack with a non-zero errcode rejects with a
   * WeComApiError, no open connection or no ack in time with a plain Error (downtime).
   */
  request(cmd: string, body: unknown, reqId = newReqId(cmd)): Promise<WeComFrame> {
    const before = this.lanes.get(reqId) ?? Promise.resolve();
    const exchange = before.catch(() => undefined).then(() => this.exchange(cmd, reqId, body));
    const lane = exchange.catch(() => undefined);
    this.lanes.set(reqId, lane);
    void lane.then(() => {
      if (this.lanes.get(reqId) === lane) this.lanes.delete(reqId);
    });
    return exchange;
  }

  private exchange(cmd: string, reqId: string, body: unknown): Promise<WeComFrame> {
    const ws = this.ws;
    if (!this.open || !ws) return Promise.reject(new Error('the WeCom long connection is not open'));
    return this.sendAndWait(ws, { cmd, headers: { req_id: reqId }, body }, cmd);
  }

  private sendAndWait(ws: WebSocket, frame: object, what: string): Promise<WeComFrame> {
    const reqId = (frame as { headers: { req_id: string } }).headers.req_id;
    const timeoutMs = this.options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS;
    return new Promise<WeComFrame>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(reqId);
        reject(new Error(`WeCom ${what}: no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      this.pending.set(reqId, { resolve, reject, timer, what });
      ws.send(JSON.stringify(frame), (error) => {
        if (!error) return;
        clearTimeout(timer);
        this.pending.delete(reqId);
        reject(new Error(`WeCom ${what}: ${error.message}`));
      });
    });
  }

  private async run(): Promise<void> {
    const { signal, backoff, logger } = this.options;
    while (!signal.aborted) {
      const ending = await this.connectOnce().catch(
        (error: unknown): Ending => ({
          error: error instanceof Error ? error : new Error(String(error)),
        }),
      );
      if (signal.aborted) break;
      const rejected = ending.error instanceof WeComApiError;
      const delay = ending.replaced ? (this.options.replacedDelayMs ?? 30_000) : backoff.next();
      if (ending.replaced)
        logger.warn(
          { retryInMs: delay },
          'another connection with this WeCom bot id took over; reconnecting later',
        );
      else
        logger[rejected ? 'error' : 'warn'](
          { error: ending.error ? describe(ending.error) : 'closed', retryInMs: delay },
          rejected ? 'WeCom refused the bot id or secret' : 'WeCom long connection lost; retrying',
        );
      await sleep(delay, signal);
    }
    this.ws?.terminate();
  }

  /**
   * `aibox channels check`: one connection that subscribes and closes. Resolves when WeCom took
   * the subscription; rejects with a WeComApiError when it refused it, else an Error.
   */
  async probe(): Promise<void> {
    const ending = await this.connectOnce(true);
    if (ending.subscribed) return;
    const silent = this.options.signal.aborted
      ? 'no answer in time'
      : 'the connection closed before subscribing';
    throw ending.error ?? new Error(silent);
  }

  /** One connection: open, subscribe, serve until it closes (a probe closes once subscribed). */
  private connectOnce(probe = false): Promise<Ending> {
    const { signal, logger } = this.options;
    return new Promise<Ending>((resolve) => {
      const ws = new WebSocket(this.options.url, {
        maxPayload: MAX_FRAME_BYTES,
        handshakeTimeout: this.options.answerTimeoutMs ?? ANSWER_TIMEOUT_MS,
      });
      this.ws = ws;
      const ending: Ending = {};
      let heartbeat: NodeJS.Timeout | undefined;
      let missed = 0;
      const onAbort = () => ws.terminate();
      signal.addEventListener('abort', onAbort, { once: true });

      const fail = (error: Error) => {
        ending.error ??= error;
        ws.terminate();
      };

      ws.on('open', () => {
        const frame = {
          cmd: CMD.subscribe,
          headers: { req_id: newReqId(CMD.subscribe) },
          body: { bot_id: this.options.botId, secret: this.options.secret },
        };
        this.sendAndWait(ws, frame, CMD.subscribe).then(
          (answer) => {
            if (answer.errcode !== undefined && answer.errcode !== 0)
              return fail(new WeComApiError(CMD.subscribe, answer.errcode, answer.errmsg ?? ''));
            ending.subscribed = true;
            if (probe) return ws.close();
            this.subscribed = true;
            this.options.backoff.reset();
            logger.info('WeCom long connection subscribed');
            heartbeat = setInterval(() => {
              if (missed >= MISSED_PINGS) return fail(new Error(`${MISSED_PINGS} pings unanswered`));
              missed += 1;
              const ping = { cmd: CMD.ping, headers: { req_id: newReqId(CMD.ping) } };
              this.sendAndWait(ws, ping, CMD.ping).then(
                () => {
                  missed = 0;
                },
                () => undefined,
              );
            }, this.options.heartbeatMs ?? 30_000);
            this.options.onConnected?.();
          },
          (error: Error) => fail(error),
        );
      });
      ws.on('message', (data, isBinary) => {
        if (isBinary) return logger.warn('binary WeCom frame ignored');
        const frame = this.parse(data.toString());
        if (frame && this.isReplaced(frame)) {
          ending.replaced = true;
          ws.terminate();
        } else if (frame) this.dispatch(frame);
      });
      ws.on('error', (error) => {
        ending.error ??= error;
      });
      ws.on('close', () => {
        clearInterval(heartbeat);
        signal.removeEventListener('abort', onAbort);
        this.subscribed = false;
        if (this.ws === ws) this.ws = undefined;
        for (const [reqId, waiting] of this.pending) {
          clearTimeout(waiting.timer);
          waiting.reject(new Error(`WeCom ${waiting.what}: the long connection closed`));
          this.pending.delete(reqId);
        }
        resolve(ending);
      });
    });
  }

  private parse(text: string): WeComFrame | undefined {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.options.logger.warn({ bytes: text.length }, 'malformed WeCom frame ignored (not JSON)');
      return undefined;
    }
    const frame = FrameSchema.safeParse(raw);
    if (frame.success) return frame.data;
    const issue = frame.error.issues[0];
    this.options.logger.warn(
      { field: issue?.path.join('.') || '(root)', why: issue?.message },
      'malformed WeCom frame ignored',
    );
    return undefined;
  }

  private isReplaced(frame: WeComFrame): boolean {
    if (frame.cmd !== CMD.event) return false;
    const body = frame.body as { event?: { eventtype?: unknown } } | undefined;
    return body?.event?.eventtype === 'disconnected_event';
  }

  private dispatch(frame: WeComFrame): void {
    if (frame.cmd === CMD.message || frame.cmd === CMD.event) {
      this.options.onCallback(frame);
      return;
    }
    const waiting = this.pending.get(frame.headers.req_id);
    if (!frame.cmd && waiting) {
      clearTimeout(waiting.timer);
      this.pending.delete(frame.headers.req_id);
      if (frame.errcode !== undefined && frame.errcode !== 0 && waiting.what !== CMD.subscribe)
        waiting.reject(new WeComApiError(waiting.what, frame.errcode, frame.errmsg ?? ''));
      else waiting.resolve(frame);
      return;
    }
    this.options.logger.debug({ cmd: frame.cmd ?? '(none)' }, 'unknown WeCom frame ignored');
  }
}
