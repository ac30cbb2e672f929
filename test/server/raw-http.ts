/** Raw HTTP requests for the hardening tests: any Host header (or none), any body pacing. */
import { type IncomingMessage, request } from 'node:http';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function collect(res: IncomingMessage, done: (response: RawResponse) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () =>
    done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }),
  );
}

/** One request with exactly the headers given (`host: undefined` keeps Node's default). */
export function httpGet(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

/** Sends `head` verbatim on a fresh socket and resolves with the status line's code. */
export function rawStatus(port: number, head: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let text = '';
    socket.on('data', (c: Buffer) => {
      text += c.toString();
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (m) {
        socket.destroy();
        resolve(Number(m[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => reject(new Error(`closed without a status line: ${JSON.stringify(text)}`)));
  });
}

/**
 * POSTs a chunked body (no Content-Length) of up to `maxBytes`, writing only while no
 * response has arrived. Resolves with the response and how many bytes were written by then.
 */
export function postUntilAnswered(
  port: number,
  path: string,
  contentType: string,
  maxBytes: number,
  headers: Record<string, string> = {},
): Promise<RawResponse & { written: number }> {
  return new Promise((resolve, reject) => {
    let written = 0;
    let answered = false;
    const req = request(
      { host: '127.0.0.1', port, path, method: 'POST', headers: { 'content-type': contentType, ...headers } },
      (res) => {
        answered = true;
        collect(res, (response) => resolve({ ...response, written }));
      },
    );
    req.on('error', (error) => {
      if (!answered) reject(error);
    });
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const pump = () => {
      while (!answered && written < maxBytes) {
        written += chunk.length;
        if (!req.write(chunk)) {
          req.once('drain', pump);
          return;
        }
      }
      if (!answered) req.end();
    };
    req.write('{"x":"');
    pump();
  });
}
