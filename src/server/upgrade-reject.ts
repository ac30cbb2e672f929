import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ErrorCode, httpStatusOf } from '../error-codes.js';
import { apiErrorBody } from './api/errors.js';

/**
 * Answers a refused WebSocket upgrade as any HTTP request is refused (status from the code table,
 * `{"error":{"code","message"}}`) and closes the socket.
 */
export function rejectUpgrade(socket: Duplex, code: ErrorCode, message: string): void {
  const status = httpStatusOf(code);
  const body = JSON.stringify(apiErrorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
