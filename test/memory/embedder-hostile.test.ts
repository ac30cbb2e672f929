/**
 * The embeddings endpoint is outside input: wrong counts, non-numbers, mixed sizes, endless
 * bodies and stalls are refused with a clear error (the search then says it ran by keyword).
 */
import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEmbedder } from '../../src/providers/embeddings/embedder.js';

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/** A server that answers every request with `answer(res)`. */
async function answering(answer: (res: import('node:http').ServerResponse) => void): Promise<string> {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

const json = (body: unknown) => (res: import('node:http').ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};

function embedderAt(baseUrl: string, timeoutMs = 5000) {
  return createEmbedder(
    { enabled: true, provider: 'custom', baseUrl, model: 'm', dimensions: 0, apiKey: '', batchSize: 10 },
    { timeoutMs, lang: 'en' },
  );
}

describe('embeddings answers from outside', () => {
  it.each([
    ['one vector for two texts', { data: [{ index: 0, embedding: [1, 2] }] }, /1 vectors for 2 texts/],
    [
      'a value that is not a number',
      {
        data: [
          { index: 0, embedding: [1, 'x'] },
          { index: 1, embedding: [1, 2] },
        ],
      },
      /not a number/,
    ],
    [
      'vectors of different sizes',
      {
        data: [
          { index: 0, embedding: [1, 2] },
          { index: 1, embedding: [1, 2, 3] },
        ],
      },
      /different sizes/,
    ],
    [
      'a vector over 8,192 dimensions',
      { data: [0, 1].map((index) => ({ index, embedding: new Array(9000).fill(0.1) })) },
      /no vector/,
    ],
    ['no data at all', { error: 'nope' }, /0 vectors for 2 texts/],
  ])('refuses %s', async (_what, body, message) => {
    const embedder = embedderAt(await answering(json(body)));
    await expect(embedder.embed(['a', 'b'])).rejects.toThrow(message);
  });

  it('cuts off a body that never ends (64 MiB)', async () => {
    const endless = embedderAt(
      await answering((res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":[{"index":0,"embedding":[');
        const chunk = `${'0.1,'.repeat(16_384)}`;
        const pump = () => {
          while (res.write(chunk)) {
            if (res.destroyed) return;
          }
          res.once('drain', pump);
        };
        pump();
      }),
    );
    await expect(endless.embed(['a'])).rejects.toThrow(/embedding failed/);
  }, 60_000);

  it('leaves no listener on a signal used for many requests (the indexers keep one for their life)', async () => {
    const baseUrl = await answering(json({ data: [{ index: 0, embedding: [1, 2] }] }));
    const embedder = embedderAt(baseUrl);
    const signal = new AbortController().signal;
    for (let i = 0; i < 15; i++) await embedder.embed(['a'], signal);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('refuses vectors of another size than the one asked for', async () => {
    const baseUrl = await answering(json({ data: [{ index: 0, embedding: [1, 2, 3] }] }));
    const sized = createEmbedder(
      { enabled: true, provider: 'custom', baseUrl, model: 'm', dimensions: 4, apiKey: '', batchSize: 10 },
      { timeoutMs: 5000, lang: 'zh' },
    );
    await expect(sized.embed(['a'])).rejects.toThrow(/3 dimensions, 4 asked for/);
  });

  it('gives up on a server that stalls, within its time limit', async () => {
    const stalled = embedderAt(await answering(() => undefined), 300);
    await expect(stalled.embed(['a'])).rejects.toThrow(/embedding failed/);
  });
});

describe('embedding requests and the budget', () => {
  it('records what each request used (estimated without usage, absurd usage ignored) and sends none while refused', async () => {
    let requests = 0;
    const baseUrl = await answering((res) => {
      requests++;
      const usage = requests === 1 ? { prompt_tokens: 7, total_tokens: 7 } : { total_tokens: -3 };
      json({ data: [{ index: 0, embedding: [1, 2] }], usage })(res);
    });
    const recorded: { totalTokens: number; estimated?: boolean }[] = [];
    let refusal: string | undefined;
    const embedder = createEmbedder(
      { enabled: true, provider: 'custom', baseUrl, model: 'm', dimensions: 0, apiKey: '', batchSize: 10 },
      {
        timeoutMs: 5000,
        lang: 'en',
        meter: { refusal: () => refusal, record: (usage) => recorded.push(usage) },
      },
    );
    await embedder.embed(['hello there']);
    await embedder.embed(['你好，世界']);
    expect(recorded[0]).toEqual({ promptTokens: 7, completionTokens: 0, totalTokens: 7 });
    expect(recorded[1]).toMatchObject({ estimated: true });
    expect(recorded[1]?.totalTokens).toBeGreaterThan(0);
    refusal = 'budget.daily_tokens is used up';
    await expect(embedder.embed(['again'])).rejects.toMatchObject({ code: 'budget_exceeded' });
    expect(requests).toBe(2);
  });
});
