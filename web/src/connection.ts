/**
 * The WebSocket to the server: authenticates with the subprotocol `aibox.token.TOKEN` (docs/protocol.md;
 * tokens never go in the URL), reconnects with exponential back-off, and stops on close 4401
 * (bad token) until `reconnectNow()` is called with a new token.
 */
import {
  type ClientFrame,
  type ServerFrame,
  SUBPROTOCOL,
  TOKEN_SUBPROTOCOL_PREFIX,
} from '../../src/protocol/frames.js';
import { parseServerFrame } from '../../src/protocol/parse-server-frame.js';

export type ConnState =
  | { kind: 'connecting' }
  | { kind: 'open' }
  | { kind: 'closed'; retryAt: number }
  | { kind: 'auth' };

export interface ConnectionOptions {
  url: string;
  token: () => string;
  /** Back-off steps in ms; the last one repeats. */
  delays?: number[];
  pingMs?: number;
}

export interface Connection {
  send(frame: ClientFrame): boolean;
  onFrame(listener: (frame: ServerFrame) => void): void;
  onState(listener: (state: ConnState) => void): void;
  readonly state: ConnState;
  reconnectNow(): void;
}

const AUTH_FAILED_CODE = 4401;

function protocolsFor(token: string): string[] {
  // `aibox.v1` asks for the structured frames (tool cards, turn_start …); the token rides along.
  return token ? [SUBPROTOCOL, `${TOKEN_SUBPROTOCOL_PREFIX}${token}`] : [SUBPROTOCOL];
}

export function createConnection(options: ConnectionOptions): Connection {
  const delays = options.delays ?? [500, 1000, 2000, 4000, 8000, 15000];
  const frameListeners: ((frame: ServerFrame) => void)[] = [];
  const stateListeners: ((state: ConnState) => void)[] = [];
  let state: ConnState = { kind: 'connecting' };
  let socket: WebSocket | undefined;
  let attempt = 0;
  let retryTimer: number | undefined;
  let pingTimer: number | undefined;

  const setState = (next: ConnState) => {
    state = next;
    for (const listener of stateListeners) listener(next);
  };

  const connect = () => {
    window.clearTimeout(retryTimer);
    setState({ kind: 'connecting' });
    const ws = new WebSocket(options.url, protocolsFor(options.token()));
    socket = ws;
    ws.addEventListener('open', () => {
      attempt = 0;
      setState({ kind: 'open' });
      pingTimer = window.setInterval(() => send({ type: 'ping' }), options.pingMs ?? 25_000);
    });
    ws.addEventListener('message', (event) => {
      const frame = parseServerFrame(event.data);
      if (frame) for (const listener of frameListeners) listener(frame);
    });
    ws.addEventListener('close', (event) => {
      window.clearInterval(pingTimer);
      if (socket !== ws) return;
      socket = undefined;
      if (event.code === AUTH_FAILED_CODE) {
        setState({ kind: 'auth' });
        return;
      }
      const delay = delays[Math.min(attempt, delays.length - 1)] ?? 1000;
      attempt += 1;
      const jittered = Math.round(delay * (0.8 + Math.random() * 0.4));
      setState({ kind: 'closed', retryAt: Date.now() + jittered });
      retryTimer = window.setTimeout(connect, jittered);
    });
  };

  const send = (frame: ClientFrame): boolean => {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };

  connect();
  return {
    send,
    onFrame: (listener) => frameListeners.push(listener),
    onState: (listener) => stateListeners.push(listener),
    get state() {
      return state;
    },
    reconnectNow() {
      const old = socket;
      socket = undefined;
      old?.close();
      attempt = 0;
      connect();
    },
  };
}

/** `ws://host/ws` (or wss) for the page's own origin. */
export function socketUrl(location: Location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}/ws`;
}
