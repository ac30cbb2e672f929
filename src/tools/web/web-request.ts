/**
 * One HTTP(S) GET of the web tool, connecting only to addresses already checked (web-resolve.ts):
 * the socket's DNS lookup is replaced by one that answers with those addresses, so nothing is
 * resolved a second time between the check and the connection. TLS still verifies the certificate
 * against the URL's host name. The body is decoded (gzip, deflate, br) as it is read.
 */
import type { LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { Readable, Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

interface HopResponse {
  status: number;
  headers: IncomingMessage['headers'];
  /** The decoded body; destroy it when not read to the end. */
  body: Readable;
  /** Whether `body` is decoded from a content-encoding (then content-length says nothing about it). */
  decoded: boolean;
}

/** A lookup that only ever answers with `addresses` (all of them, or the first of the asked family). */
function pinnedLookup(addresses: readonly LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (error: null, all: LookupAddress[]) => void)(null, [...addresses]);
      return;
    }
    const pick = addresses.find((a) => !options.family || a.family === options.family) ?? addresses[0];
    if (!pick) callback(new Error('no checked address'), '', 0);
    else callback(null, pick.address, pick.family);
  };
}

export function requestPinned(
  url: URL,
  addresses: readonly LookupAddress[],
  options: { headers: Record<string, string>; signal: AbortSignal },
): Promise<HopResponse> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(url, {
      method: 'GET',
      headers: { ...options.headers, 'accept-encoding': 'gzip, deflate, br' },
      // A fresh connection per request: a pooled one could have been opened for another check.
      agent: false,
      lookup: pinnedLookup(addresses),
      signal: options.signal,
    });
    request.once('error', reject);
    request.once('response', (response) => {
      const decoder = decoderFor(response.headers['content-encoding']);
      if (decoder) {
        response.once('error', (error) => decoder.destroy(error));
        decoder.once('close', () => response.destroy());
        response.pipe(decoder);
      }
      resolve({
        status: response.statusCode ?? 0,
        headers: response.headers,
        body: decoder ?? response,
        decoded: decoder !== undefined,
      });
    });
    request.end();
  });
}

function decoderFor(encoding: string | undefined): Transform | undefined {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}
