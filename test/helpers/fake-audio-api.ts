/**
 * A local OpenAI-compatible audio server for tests, on loopback: `POST /v1/audio/transcriptions`
 * (multipart, as the openai SDK sends it; the form is parsed by the platform's own
 * `Request.formData()`) and `POST /v1/audio/speech` (JSON, answered with audio bytes). Every
 * request is recorded; answers are scripted per test. Imports only node built-ins.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TranscriptionRequest {
  authorization: string | undefined;
  contentType: string;
  model: string;
  language: string | undefined;
  responseFormat: string | undefined;
  fileName: string;
  fileType: string;
  file: Buffer;
}

export interface SpeechRequest {
  authorization: string | undefined;
  body: Record<string, unknown>;
}

/** What the next request is answered with. */
export type AudioAnswer =
  | { text: string }
  | { status: number; body?: string }
  | { json: unknown }
  | { audio: Uint8Array; contentType?: string }
  /** Never answers (until the server closes). */
  | { stall: true };

export interface FakeAudioApi {
  /** Ends in `/v1`. */
  baseUrl: string;
  readonly transcriptions: TranscriptionRequest[];
  readonly speeches: SpeechRequest[];
  /** Answers for the next requests, in order; afterwards `{ text: 'fallback transcript' }`. */
  script(...answers: AudioAnswer[]): void;
  /** Resolves once `count` requests of either kind have come in. */
  waitForRequests(count: number): Promise<void>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function answer(response: ServerResponse, next: AudioAnswer): void {
  if ('stall' in next) return;
  if ('text' in next) {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ text: next.text }));
  } else if ('json' in next) {
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(next.json));
  } else if ('audio' in next) {
    response.writeHead(200, { 'content-type': next.contentType ?? 'audio/ogg' }).end(Buffer.from(next.audio));
  } else {
    response
      .writeHead(next.status, { 'content-type': 'application/json' })
      .end(next.body ?? JSON.stringify({ error: { message: `scripted ${next.status}` } }));
  }
}

export async function startFakeAudioApi(): Promise<FakeAudioApi> {
  const transcriptions: TranscriptionRequest[] = [];
  const speeches: SpeechRequest[] = [];
  const answers: AudioAnswer[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const stalled: ServerResponse[] = [];
  const arrived = () => {
    const total = transcriptions.length + speeches.length;
    for (const waiter of waiters.splice(0)) {
      if (total >= waiter.count) waiter.resolve();
      else waiters.push(waiter);
    }
  };

  const server = createServer(async (request, response) => {
    const raw = await readBody(request);
    const next = answers.shift() ?? { text: 'fallback transcript' };
    if ('stall' in next) stalled.push(response);
    const authorization = request.headers.authorization;
    if (request.method === 'POST' && request.url === '/v1/audio/transcriptions') {
      const contentType = request.headers['content-type'] ?? '';
      const form = await new Request('http://fake/', {
        method: 'POST',
        headers: { 'content-type': contentType },
        body: raw,
      }).formData();
      const file = form.get('file');
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === 'string' ? value : undefined;
      };
      transcriptions.push({
        authorization,
        contentType,
        model: text('model') ?? '',
        language: text('language'),
        responseFormat: text('response_format'),
        fileName: file instanceof File ? file.name : '',
        fileType: file instanceof File ? file.type : '',
        file: file instanceof File ? Buffer.from(await file.arrayBuffer()) : Buffer.alloc(0),
      });
      arrived();
      return answer(response, next);
    }
    if (request.method === 'POST' && request.url === '/v1/audio/speech') {
      speeches.push({ authorization, body: JSON.parse(raw.toString('utf8')) as Record<string, unknown> });
      arrived();
      return answer(response, next);
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    transcriptions,
    speeches,
    script: (...next) => answers.push(...next),
    waitForRequests: (count) =>
      new Promise<void>((resolve) => {
        waiters.push({ count, resolve });
        arrived();
      }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of stalled) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
