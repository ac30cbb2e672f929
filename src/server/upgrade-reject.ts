import type { Duplex } from 'node:stream';

/** Answers a refused WebSocket upgrade with a plain HTTP response and closes the socket. */
export function rejectUpgrade(socket: Duplex, status: number, reason: string, body: string): void {
  const bytes = Buffer.from(body, 'utf8');
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${bytes.length}\r\n\r\n${body}`,
  );
}
