/**
 * Request bodies are counted while they arrive (issue 9, finding 6): a body past
 * `server.max_body_bytes` gets a 413 JSON error before the rest is read, with or
 * without Content-Length, JSON or multipart.
 */
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, personCookie, startBox } from './harness.js';
import { httpGet, postUntilAnswered } from './raw-http.js';

const LIMIT = 64 * 1024;
/** Far more than the limit: the client stops writing once it is answered. */
const SENT_AT_MOST = 48 * 1024 * 1024;

describe('request body limit', () => {
  let box: Box;
  /** The page's cookie: the state-changing routes need it before they read a body. */
  const asPerson = (): Record<string, string> => ({ cookie: personCookie(box.server.url) ?? '' });
  beforeAll(async () => {
    box = await startBox({ config: { server: { max_body_bytes: LIMIT } } });
  });
  afterAll(async () => {
    await box?.close();
  });

  it('answers a chunked JSON body past the limit with 413 before it is all sent', async () => {
    const res = await postUntilAnswered(
      box.server.port,
      '/api/tasks',
      'application/json',
      SENT_AT_MOST,
      asPerson(),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error).toMatchObject({ code: 'too_large' });
    expect(JSON.parse(res.body).error.message).toContain('64 KiB');
    expect(res.written).toBeLessThan(SENT_AT_MOST);
  });

  it('answers a chunked multipart upload past the limit with 413 and leaves no upload dir', async () => {
    const before = new Set(readdirSync(tmpdir()).filter((n) => n.startsWith('aibox-upload-')));
    const res = await postUntilAnswered(
      box.server.port,
      '/api/skills/install',
      'multipart/form-data; boundary=xyz',
      SENT_AT_MOST,
      asPerson(),
    );
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).error.code).toBe('too_large');
    expect(res.written).toBeLessThan(SENT_AT_MOST);
    const after = readdirSync(tmpdir()).filter((n) => n.startsWith('aibox-upload-') && !before.has(n));
    expect(after).toEqual([]);
  });

  it('refuses a declared Content-Length past the limit at once', async () => {
    const res = await httpGet(
      box.server.port,
      '/api/tasks',
      { 'content-type': 'application/json', 'content-length': String(LIMIT + 1), ...asPerson() },
      'POST',
    );
    expect(res.status).toBe(413);
  });

  it('still accepts a body under the limit', async () => {
    const res = await fetch(`${box.server.url}/api/tasks`, {
      method: 'POST',
      headers: { ...asPerson(), 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'water the plants', kind: 'once', at: '2099-01-01T09:00:00Z' }),
    });
    expect(res.status).toBeLessThan(300);
  });
});
