/** Chat downloads stop at `channels.max_file_bytes` while the body streams, not after it arrived. */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadLimited, FileTooLargeError } from '../../src/channels/read-limited.js';

describe('downloadLimited', () => {
  let server: Server;
  let url: string;
  /** Resolves when the client has dropped the response of an undeclared, endless body. */
  let dropped!: Promise<void>;

  beforeAll(async () => {
    let onDrop!: () => void;
    dropped = new Promise((resolve) => {
      onDrop = resolve;
    });
    server = createServer((request, response) => {
      if (request.url === '/declared') {
        response.writeHead(200, { 'content-length': '11' }).end(Buffer.alloc(11));
        return;
      }
      // No length, and more bytes whenever the client drains them: only the client can stop it.
      response.writeHead(200);
      response.on('close', onDrop);
      const more = () => {
        while (response.write(Buffer.alloc(4096))) {}
      };
      response.on('drain', more);
      more();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('refuses a declared length over the limit before reading', async () => {
    await expect(downloadLimited(`${url}/declared`, { maxBytes: 10 })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(await downloadLimited(`${url}/declared`, { maxBytes: 11 })).toHaveLength(11);
  });

  it('stops an undeclared body once it passes the limit, and drops the connection', async () => {
    const refused = await downloadLimited(`${url}/endless`, { maxBytes: 100_000 }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(FileTooLargeError);
    expect((refused as FileTooLargeError).maxBytes).toBe(100_000);
    await dropped;
  });
});
