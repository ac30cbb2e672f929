/**
 * The terminal client's connection: reconnects with exponential back-off
 * (0.5 s … 10 s) until stopped; a 4401 close (bad token) or a clean 1000 close
 * after `/exit` ends it instead.
 */
import WebSocket from 'ws';
import { CLIENT_KEY_COOKIE } from '../config/client-key.js';
import { type ClientFrame, type ServerFrame, SUBPROTOCOL } from '../protocol/frames.js';
import { parseServerFrame } from '../protocol/parse-server-frame.js';
import { createBackoff } from '../util/backoff.js';

interface ClientConnectionOptions {
  url: string;
  token?: string;
  /** The box's client key (sent as its cookie): lets this client answer approvals without a token. */
  clientKey?: string;
  /**
   * Typed as the protocol's frames, but read unchecked from the wire: the original Python server
   * sends frames of other types and with fields missing, so readers of a field check it first.
   */
  onFrame(frame: ServerFrame): void;
  onOpen(): void;
  onRetry(delayMs: number): void;
  /** The connection ended for good (auth failure, /exit, or stop()). */
  onEnd(code: number): void;
}

interface ClientConnection {
  /** Sends now, or as soon as the (re)connection is open. */
  send(frame: ClientFrame): void;
  stop(): void;
}

export function openClientConnection(options: ClientConnectionOptions): ClientConnection {
  let ws: WebSocket | undefined;
  let stopped = false;
  // The same doubling as the channels' and MCP's reconnects (util/backoff), without jitter: one client.
  const backoff = createBackoff(500, 10_000, { jitter: 0 });
  let timer: NodeJS.Timeout | undefined;
  const outbox: string[] = [];
  // Ask for the structured frames (`aibox.v1`); the original Python server selects no subprotocol,
  // which `ws` treats as a failed handshake, so after that we connect without one.
  let offerProtocol = true;

  const connect = () => {
    const headers: Record<string, string> = options.token ? { authorization: `Bearer ${options.token}` } : {};
    if (options.clientKey) headers.cookie = `${CLIENT_KEY_COOKIE}=${options.clientKey}`;
    const socket = new WebSocket(options.url, offerProtocol ? [SUBPROTOCOL] : [], {
      headers,
      handshakeTimeout: 10_000,
    });
    ws = socket;
    socket.on('open', () => {
      backoff.reset();
      options.onOpen();
      for (const text of outbox.splice(0)) socket.send(text);
    });
    socket.on('message', (data) => {
      const text = data.toString();
      // As client.py: a frame that is not a JSON object with a `type` is chat text.
      options.onFrame(parseServerFrame(text) ?? { type: 'chunk', content: text });
    });
    socket.on('error', (error) => {
      // 'close' follows and decides; this one only turns the protocol offer off for an original server.
      if (offerProtocol && /no subprotocol/i.test(error.message)) {
        offerProtocol = false;
        backoff.reset();
      }
    });
    socket.on('close', (code) => {
      if (stopped || code === 4401 || code === 1000) {
        stopped = true;
        options.onEnd(code);
        return;
      }
      const delay = backoff.next();
      options.onRetry(delay);
      timer = setTimeout(connect, delay);
    });
  };
  connect();

  return {
    send(frame) {
      const text = JSON.stringify(frame);
      if (ws?.readyState === WebSocket.OPEN) ws.send(text);
      else outbox.push(text);
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      if (ws && ws.readyState !== WebSocket.CLOSED) ws.close(1000);
      else options.onEnd(1000);
    },
  };
}
