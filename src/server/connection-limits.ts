/**
 * Bounds on the TCP connections of the one port: at most `max` in all and `perPeer` from one
 * address. A new connection past a cap first makes room by closing the oldest connection that is
 * not in the middle of a request (still sending its headers, or idle between requests) — the
 * sockets a slowloris holds — so a real request such as `/healthz` still gets through; when every
 * held one is busy (or a WebSocket), the new one gets a short 503 and is closed.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ConnectionCaps {
  max: number;
  perPeer: number;
}

interface Held {
  socket: Socket;
  peer: string;
  /** A request is being answered, or the socket became a WebSocket. */
  busy: boolean;
}

export interface ConnectionLimiter {
  readonly open: number;
  /** Connections refused (503) and evicted so far. */
  readonly refused: number;
  readonly evicted: number;
}

function refuse(socket: Socket, body: string): void {
  const text = `${body}\n`;
  socket.end(
    `HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
  socket.destroySoon();
}

export function limitConnections(
  server: Server,
  caps: () => ConnectionCaps,
  refusal: () => string,
): ConnectionLimiter {
  // Insertion order = age: the first evictable entry is the oldest.
  const held = new Map<Socket, Held>();
  const perPeer = new Map<string, number>();
  let refused = 0;
  let evicted = 0;

  const evictOldest = (peer?: string): boolean => {
    for (const entry of held.values()) {
      if (entry.busy || (peer !== undefined && entry.peer !== peer)) continue;
      evicted += 1;
      entry.socket.destroy();
      forget(entry.socket);
      return true;
    }
    return false;
  };
  const forget = (socket: Socket) => {
    const entry = held.get(socket);
    if (!entry) return;
    held.delete(socket);
    const n = (perPeer.get(entry.peer) ?? 1) - 1;
    if (n <= 0) perPeer.delete(entry.peer);
    else perPeer.set(entry.peer, n);
  };

  server.on('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? '?';
    const { max, perPeer: peerMax } = caps();
    if ((perPeer.get(peer) ?? 0) >= peerMax && !evictOldest(peer)) {
      refused += 1;
      return refuse(socket, refusal());
    }
    if (held.size >= max && !evictOldest()) {
      refused += 1;
      return refuse(socket, refusal());
    }
    held.set(socket, { socket, peer, busy: false });
    perPeer.set(peer, (perPeer.get(peer) ?? 0) + 1);
    socket.once('close', () => forget(socket));
  });
  server.on('request', (req, res) => {
    const entry = held.get(req.socket);
    if (!entry) return;
    entry.busy = true;
    res.once('finish', () => {
      entry.busy = false;
    });
  });
  server.on('upgrade', (req) => {
    const entry = held.get(req.socket as Socket);
    if (entry) entry.busy = true;
  });
  return {
    get open() {
      return held.size;
    },
    get refused() {
      return refused;
    },
    get evicted() {
      return evicted;
    },
  };
}
