/**
 * One WebSocket client: its sessions and a bounded send path. A client whose
 * unsent data (`ws.bufferedAmount`) passes `maxBufferedBytes` is closed with
 * 1013 instead of letting the server's memory grow; it can reconnect and read `history`.
 */

import { WebSocket } from 'ws';
import type { Logger } from '../log/logger.js';
import { type ServerFrame, SUBPROTOCOL } from '../protocol/frames.js';
import { frameIsFor } from './outbound.js';

const CLOSE_SLOW = 1013;
/** "Try again later": the server holds as many sessions as it may (server.max_sessions). */
export const CLOSE_TRY_AGAIN = 1013;
export const CLOSE_AUTH = 4401;
export const CLOSE_GOING_AWAY = 1001;

export interface Connection {
  readonly id: string;
  readonly peer: string;
  /** Session used when a frame names none. */
  readonly defaultSession: string;
  /** Sessions whose chat frames this client receives. */
  readonly sessions: Set<string>;
  authenticated: boolean;
  /** Presented what only people's clients have (person-credential.ts): may answer approvals. */
  canApprove: boolean;
  /** Negotiated subprotocol `aibox.v1`: receives the structured frames (see outbound.ts). */
  readonly structured: boolean;
  send(frame: ServerFrame): boolean;
  /** Sends an already serialised frame (fan-out serialises once). */
  sendText(text: string): boolean;
  close(code: number, reason: string): void;
  readonly open: boolean;
}

export interface ConnectionOptions {
  id: string;
  ws: WebSocket;
  peer: string;
  defaultSession: string;
  maxBufferedBytes: () => number;
  slowReason: string;
  logger: Logger;
  /** Grace for the close handshake before the socket is destroyed. */
  closeGraceMs?: number;
}

export function createConnection(options: ConnectionOptions): Connection {
  const { ws, logger } = options;
  let closing = false;

  const close = (code: number, reason: string) => {
    if (closing) return;
    closing = true;
    // ws limits the close reason to 123 bytes.
    ws.close(code, Buffer.from(reason).subarray(0, 123).toString());
    setTimeout(() => ws.terminate(), options.closeGraceMs ?? 10_000).unref();
  };

  const sendText = (text: string): boolean => {
    if (closing || ws.readyState !== WebSocket.OPEN) return false;
    // The backlog is what counts: one large frame (a long `complete`) on an idle socket is fine.
    if (ws.bufferedAmount > options.maxBufferedBytes()) {
      logger.warn({ peer: options.peer, buffered: ws.bufferedAmount }, 'slow client disconnected (1013)');
      close(CLOSE_SLOW, options.slowReason);
      return false;
    }
    ws.send(text);
    return true;
  };

  const structured = ws.protocol === SUBPROTOCOL;
  return {
    id: options.id,
    peer: options.peer,
    defaultSession: options.defaultSession,
    sessions: new Set([options.defaultSession]),
    authenticated: false,
    canApprove: false,
    structured,
    send: (frame) => (frameIsFor(structured, frame) ? sendText(JSON.stringify(frame)) : false),
    sendText,
    close,
    get open() {
      return !closing && ws.readyState === WebSocket.OPEN;
    },
  };
}
