/**
 * A local OpenAI-compatible `/v1/embeddings` server for tests: deterministic vectors, no model.
 * Each text becomes a bag of "concepts" (a word list maps synonyms and translations, e.g. 猫 and
 * cat, to one concept; any other term hashes to its own), so paraphrases share vectors and the
 * pipeline can be checked offline. It claims no retrieval quality: bench/ measures that with a
 * real model. These files import only node built-ins.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../src/config/schema.js';

export interface FakeEmbeddings {
  /** Ends in `/v1`. */
  baseUrl: string;
  readonly requests: { model: string; input: string[]; dimensions?: number; encoding_format?: string }[];
  /** The next `n` requests answer HTTP `status`. */
  failNext(n: number, status?: number): void;
  /** From now on every request is answered with vectors of another size than asked, or a body that is not JSON (undefined: well again). */
  misbehave(kind: 'wrong_dims' | 'garbage' | undefined): void;
  /** Texts embedded so far. */
  texts(): number;
  close(): Promise<void>;
}

/** Groups of words that mean the same thing (any language). */
const CONCEPTS: string[][] = [
  ['猫', 'cat', 'kitten', '小猫', '猫咪', 'pet', '宠物'],
  ['咖啡', 'coffee', 'latte', '拿铁', 'espresso'],
  ['生日', 'birthday', '出生'],
  ['过敏', 'allergic', 'allergy', '花生', 'peanut', 'peanuts'],
  ['跑步', 'run', 'running', 'jog', 'jogging', '慢跑', 'marathon', '马拉松'],
  ['女儿', 'daughter', '孩子', 'child', 'kid'],
  ['进程', 'process', 'processes', '正在运行', 'running programs'],
];

function hash(term: string): number {
  let h = 2166136261;
  for (const ch of term) h = Math.imul(h ^ (ch.codePointAt(0) ?? 0), 16777619);
  return h >>> 0;
}

/** Latin words, and every single CJK character (so words inside a sentence are found). */
function terms(text: string): string[] {
  const lower = text.toLowerCase();
  const found: string[] = [];
  for (const group of CONCEPTS)
    for (const word of group) if (lower.includes(word)) found.push(`#${group[0]}`);
  for (const word of lower.match(/[a-z0-9]+/g) ?? []) found.push(word);
  return found;
}

export function embedText(text: string, dims: number): number[] {
  const v = Array.from({ length: dims }, (): number => 0);
  for (const term of terms(text)) {
    const at = hash(term) % dims;
    v[at] = (v[at] ?? 0) + (term.startsWith('#') ? 3 : 1);
  }
  if (!v.some((x) => x !== 0)) v[0] = 1;
  return v;
}

async function body(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeEmbeddings(options: { nativeDims?: number } = {}): Promise<FakeEmbeddings> {
  const requests: FakeEmbeddings['requests'] = [];
  let failing = 0;
  let failStatus = 500;
  let embedded = 0;
  let misbehaving: 'wrong_dims' | 'garbage' | undefined;
  const server = createServer(async (request, response) => {
    const text = await body(request);
    if (request.method !== 'POST' || !request.url?.endsWith('/embeddings')) {
      response.writeHead(404).end();
      return;
    }
    if (failing > 0) {
      failing--;
      response.writeHead(failStatus, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }));
      return;
    }
    const parsed = JSON.parse(text) as {
      model: string;
      input: string | string[];
      dimensions?: number;
      encoding_format?: string;
    };
    const input = Array.isArray(parsed.input) ? parsed.input : [parsed.input];
    requests.push({ ...parsed, input });
    if (misbehaving === 'garbage') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"object":"list","data":[{"embedding":"not a vector"');
      return;
    }
    embedded += input.length;
    const dims = (parsed.dimensions ?? options.nativeDims ?? 64) + (misbehaving === 'wrong_dims' ? 3 : 0);
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        object: 'list',
        model: parsed.model,
        data: input.map((item, index) => ({ object: 'embedding', index, embedding: embedText(item, dims) })),
        usage: { prompt_tokens: input.join('').length, total_tokens: input.join('').length },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    failNext(n, status = 500) {
      failing = n;
      failStatus = status;
    },
    misbehave(kind) {
      misbehaving = kind;
    },
    texts: () => embedded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The keys of `memory.embeddings` that point at `fake` (64 dimensions, key in `EMB_KEY`), as config.json has them. */
export function fakeEmbeddingsKeys(fake: Pick<FakeEmbeddings, 'baseUrl'>) {
  return {
    provider: 'custom' as const,
    base_url: fake.baseUrl,
    model: 'fake-embed',
    dimensions: 64,
    api_key_env: 'EMB_KEY',
  };
}

/** `memory.embeddings` pointed at `fake` (64 dimensions, key in `EMB_KEY`). */
export function fakeEmbeddingsConfig(
  base: Config['memory']['embeddings'],
  fake: Pick<FakeEmbeddings, 'baseUrl'>,
): Config['memory']['embeddings'] {
  return { ...base, ...fakeEmbeddingsKeys(fake) };
}
