/**
 * The QQ bot platform's WebSocket gateway, written to its documented wire format (no SDK):
 *
 * - `GET /gateway` names the socket; the first frame on it is Hello (op 10) with
 *   `heartbeat_interval` (ms). The client then sends Identify (op 2: `token: "QQBot <token>"`,
 *   `intents`, `shard: [0, 1]`), or Resume (op 6: token, `session_id`, `seq`) when it holds a
 *   session from an earlier socket. READY (op 0, `t: READY`) carries the `session_id`; RESUMED
 *   follows the events replayed after a resume.
 * - Heartbeat (op 1, `d`: the last `s` seen, or null) every interval; the platform answers op 11.
 *   A heartbeat left unanswered until the next one means the socket is dead: it is closed and
 *   resumed. An op 1 from the platform is answered with a heartbeat at once.
 * - Reconnect (op 7): close and resume. Invalid Session (op 9): the session is dropped and the
 *   next socket identifies afresh. Close codes: 4009 and 4008 resume; 4914 (bot taken down,
 *   sandbox only) and 4915 (banned) are logged as errors and retried at the longest back-off;
 *   4004 (authentication failed) drops the token; any other identifies afresh.
 *
 * Frames are hostile: one that is not JSON, has an unknown op, or is over `maxFrameBytes` is
 * logged and skipped (an oversized frame closes the socket, so the next identifies afresh rather
 * than having the platform replay it). Reconnects back off (1 s doubling to 60 s, jitter) and
 * run one at a time.
 */
import WebSocket from 'ws';
import type { Logger } from '../../log/logger.js';
import type { Backoff } from '../../util/backoff.js';
import { sleep } from '../../util/sleep.js';
import type { QqOpenApi } from './qq-http.js';

/** GROUP_AND_C2C_EVENT (1 << 25): C2C_MESSAGE_CREATE, GROUP_AT_MESSAGE_CREATE and friends. */
export const INTENT_GROUP_AND_C2C = 1 << 25;
/** INTERACTION (1 << 26): INTERACTION_CREATE, a press on a callback button. */
export const INTENT_INTERACTION = 1 << 26;

const OP = {
  dispatch: 0,
  heartbeat: 1,
  identify: 2,
  resume: 6,
  reconnect: 7,
  invalidSession: 9,
  hello: 10,
  heartbeatAck: 11,
} as const;

/** Heartbeat intervals outside this range are not taken from Hello (a hostile or broken value). */
const MIN_HEARTBEAT_MS = 50;
const MAX_HEARTBEAT_MS = 300_000;
/** How long a socket may stay silent after opening before Hello. */
const HELLO_TIMEOUT_MS = 30_000;
const BANNED = new Set([4914, 4915]);
const RESUMABLE = new Set([4008, 4009]);

export interface GatewayEvent {
  /** `t`, e.g. `C2C_MESSAGE_CREATE`. */
  type: string;
  /** The payload's `id` (the event id), when given. */
  id: string | undefined;
  /** `d`, unparsed. */
  data: unknown;
}

interface GatewayOptions {
  api: QqOpenApi;
  intents: number;
  logger: Logger;
  backoff: Backoff;
  /** The longest back-off, waited after the platform says the bot is taken down or banned. */
  backoffMaxMs: number;
  maxFrameBytes: number;
  signal: AbortSignal;
  onEvent: (event: GatewayEvent) => void;
  /** Each time a session is ready (READY or RESUMED). */
  onConnected: () => void;
}

export interface Gateway {
  start(): void;
  stop(): void;
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function createGateway(options: GatewayOptions): Gateway {
  const { api, logger, backoff, signal } = options;
  /** The session to resume (from READY), and the last `s` seen, which heartbeats and Resume carry. */
  let sessionId: string | undefined;
  let seq: number | null = null;
  const dropSession = () => {
    sessionId = undefined;
    seq = null;
  };
  let socket: WebSocket | undefined;
  let running = false;
  /** Set when the next reconnect should wait the longest back-off (banned, taken down). */
  let penalised = false;

  async function gatewayUrl(): Promise<string> {
    const answer = await api.call('GET', '/gateway', undefined, 'gateway');
    const url = answer.url;
    if (typeof url !== 'string' || !/^wss?:\/\//.test(url) || url.length > 2048)
      throw new Error('QQ gateway: no WebSocket URL in the answer');
    return url;
  }

  /** Runs one socket until it closes; resolves with how it ended. */
  function runSocket(url: string, token: string): Promise<{ code: number; ready: boolean }> {
    return new Promise((resolve) => {
      const ws = new WebSocket(url, { maxPayload: options.maxFrameBytes, handshakeTimeout: 15_000 });
      socket = ws;
      let heartbeat: NodeJS.Timeout | undefined;
      let acked = true;
      let ready = false;
      /** A frame over `maxFrameBytes` arrived (ws then drops the socket). */
      let oversized = false;
      const helloTimer = setTimeout(() => ws.terminate(), HELLO_TIMEOUT_MS);
      const send = (op: number, d: unknown) => {
        if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ op, d }));
      };
      const beat = () => send(OP.heartbeat, seq);
      const startHeartbeat = (intervalMs: number) => {
        clearInterval(heartbeat);
        heartbeat = setInterval(() => {
          if (!acked) {
            logger.warn('QQ gateway heartbeat not answered; reconnecting');
            ws.terminate();
            return;
          }
          acked = false;
          beat();
        }, intervalMs);
      };
      const onDispatch = (frame: Record<string, unknown>) => {
        if (typeof frame.s === 'number' && Number.isSafeInteger(frame.s) && frame.s > 0) seq = frame.s;
        const type = typeof frame.t === 'string' ? frame.t : '';
        if (type === 'READY') {
          const d = frame.d as { session_id?: unknown } | null;
          const id = typeof d?.session_id === 'string' ? d.session_id.slice(0, 256) : '';
          if (!id) {
            logger.warn('QQ gateway READY without a session id; identifying again');
            dropSession();
            ws.close(4000);
            return;
          }
          sessionId = id;
          ready = true;
          backoff.reset();
          logger.info('QQ gateway ready');
          options.onConnected();
          return;
        }
        if (type === 'RESUMED') {
          ready = true;
          backoff.reset();
          logger.info('QQ gateway session resumed');
          options.onConnected();
          return;
        }
        if (!type) return logger.warn('QQ gateway event without a type ignored');
        options.onEvent({
          type,
          id: typeof frame.id === 'string' ? frame.id.slice(0, 512) : undefined,
          data: frame.d,
        });
      };

      ws.on('message', (raw, isBinary) => {
        let frame: unknown;
        try {
          frame = JSON.parse(isBinary ? Buffer.from(raw as Buffer).toString('utf8') : raw.toString());
        } catch {
          logger.warn('QQ gateway frame that is not JSON ignored');
          return;
        }
        if (typeof frame !== 'object' || frame === null || Array.isArray(frame)) {
          logger.warn('QQ gateway frame that is not an object ignored');
          return;
        }
        const payload = frame as Record<string, unknown>;
        try {
          switch (payload.op) {
            case OP.hello: {
              clearTimeout(helloTimer);
              const interval = Number(
                (payload.d as { heartbeat_interval?: unknown } | null)?.heartbeat_interval,
              );
              const ms = interval >= MIN_HEARTBEAT_MS && interval <= MAX_HEARTBEAT_MS ? interval : 30_000;
              if (sessionId)
                send(OP.resume, { token: `QQBot ${token}`, session_id: sessionId, seq: seq ?? 0 });
              else
                send(OP.identify, {
                  token: `QQBot ${token}`,
                  intents: options.intents,
                  shard: [0, 1],
                  properties: { $os: process.platform, $browser: 'aibox', $device: 'aibox' },
                });
              startHeartbeat(ms);
              return;
            }
            case OP.dispatch:
              return onDispatch(payload);
            case OP.heartbeatAck:
              acked = true;
              return;
            case OP.heartbeat:
              beat();
              return;
            case OP.reconnect:
              logger.info('QQ gateway asks to reconnect');
              ws.close(4009);
              return;
            case OP.invalidSession:
              logger.warn('QQ gateway: invalid session; identifying afresh');
              dropSession();
              ws.close(4006);
              return;
            default:
              logger.debug(
                { op: String(payload.op).slice(0, 20) },
                'QQ gateway frame with an unknown op ignored',
              );
          }
        } catch (error) {
          logger.warn({ error: describe(error) }, 'QQ gateway frame could not be handled');
        }
      });
      ws.on('error', (error) => {
        if ((error as { code?: unknown }).code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') oversized = true;
        else logger.warn({ error: describe(error) }, 'QQ gateway socket error');
      });
      ws.on('close', (code) => {
        clearTimeout(helloTimer);
        clearInterval(heartbeat);
        if (socket === ws) socket = undefined;
        resolve({ code: oversized ? 1009 : code, ready });
      });
    });
  }

  /** What the close code means for the session and the next attempt. */
  function afterClose(code: number): void {
    if (BANNED.has(code)) {
      penalised = true;
      dropSession();
      logger.error(
        { code },
        'QQ closed the gateway: the bot is taken down or banned (see the QQ bot console)',
      );
      return;
    }
    if (code === 4004) api.token.forget();
    if (code === 1009) logger.warn('QQ gateway frame over the size limit; identifying afresh');
    // 1000-range closes (the network dropped, Reconnect asked) and 4008/4009 keep the session.
    if ((code >= 4000 && !RESUMABLE.has(code)) || code === 1009) dropSession();
  }

  async function loop(): Promise<void> {
    while (!signal.aborted) {
      let ended: { code: number; ready: boolean } | undefined;
      try {
        const url = await gatewayUrl();
        const token = await api.token.get();
        if (signal.aborted) return;
        ended = await runSocket(url, token);
        afterClose(ended.code);
        logger.info({ code: ended.code }, 'QQ gateway socket closed');
      } catch (error) {
        if (signal.aborted) return;
        logger.warn({ error: describe(error) }, 'QQ gateway connection failed; retrying');
      }
      if (signal.aborted) return;
      // After a socket that got ready the back-off starts again from its first step.
      if (ended?.ready) backoff.reset();
      const delay = penalised ? options.backoffMaxMs : backoff.next();
      penalised = false;
      await sleep(delay, signal).catch(() => undefined);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      void loop().finally(() => {
        running = false;
      });
    },
    stop() {
      socket?.terminate();
    },
  };
}
