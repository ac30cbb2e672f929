/**
 * The page's press-to-talk on a real box: a WebM/Opus file as a browser's MediaRecorder writes it
 * (made by the real ffmpeg), `POST /api/uploads`, a `message` frame naming it; the box converts it
 * with the real ffmpeg and sends it to a fake OpenAI-compatible transcription server. The
 * transcript is the turn's text the fake LLM receives and the sender is shown "🎤 …". Without
 * `media.transcription` the model is told where the file was saved, and the person how to turn
 * transcription on.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workspaceDir } from '../../src/config/workspace-dir.js';
import { type FakeAudioApi, startFakeAudioApi } from '../helpers/fake-audio-api.js';
import { recorderWebm } from '../media/voice/voice-fixtures.js';
import { type Box, connectReady, personCookie, startBox } from './harness.js';

let dir: string;
let webm: Uint8Array;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'aibox-talk-'));
  webm = readFileSync(recorderWebm(dir, 'talk.webm', 1.5));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function uploadId(box: Box, data: Uint8Array, filename: string): Promise<string> {
  const res = await fetch(`${box.server.url}/api/uploads?filename=${encodeURIComponent(filename)}`, {
    method: 'POST',
    headers: { cookie: personCookie(box.server.url) ?? '', 'content-type': 'application/octet-stream' },
    body: data,
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { id: string; kind: string };
  expect(body.kind).toBe('audio');
  return body.id;
}

/** Sends a message with the upload; resolves with the frames of the turn and the model's request. */
async function talk(box: Box, session: string, id: string) {
  const c = await connectReady(`${box.wsUrl}/?session=${session}`);
  box.llm.script({ text: 'Noted.' });
  const from = c.frames.length;
  const requests = box.llm.requests.length;
  c.send({ type: 'message', content: '', attachments: [{ upload: id }] });
  const queued = await c.waitFor((f) => f.type === 'queued', { from });
  await c.waitFor((f) => f.type === 'complete' && f.turn_id === queued.turn_id, { from });
  const infos = c.frames.slice(from).filter((f) => f.type === 'info' && f.turn_id === queued.turn_id);
  // biome-ignore lint/suspicious/noExplicitAny: the recorded request body
  const body = box.llm.requests[requests]?.body as any;
  const last = body.messages.at(-1).content;
  c.close();
  return { infos, said: typeof last === 'string' ? last : JSON.stringify(last) };
}

describe('press-to-talk with media.transcription', () => {
  let box: Box;
  let api: FakeAudioApi;
  beforeAll(async () => {
    api = await startFakeAudioApi();
    box = await startBox({
      config: {
        media: { transcription: { base_url: api.baseUrl, model: 'whisper-1', api_key_env: '' } },
      },
    });
  });
  afterAll(async () => {
    await box?.close();
    await api?.close();
  });

  it('the transcript is the turn the model gets, and the sender sees "🎤 …"', async () => {
    api.script({ text: 'remind me at eight tomorrow' });
    const id = await uploadId(box, webm, 'talk.webm');
    const { infos, said } = await talk(box, 'talk', id);
    expect(said).toBe('remind me at eight tomorrow');
    expect(infos).toContainEqual(
      expect.objectContaining({ content: '🎤 remind me at eight tomorrow', session: 'talk' }),
    );
    const sent = api.transcriptions.at(-1);
    expect(sent?.model).toBe('whisper-1');
    expect(sent?.file.subarray(0, 4).toString('latin1')).toBe('RIFF');
  });

  it('a failed transcription tells the model where the file is and why, and the person why', async () => {
    api.script({ status: 400, body: '{"error":{"message":"bad audio"}}' });
    const id = await uploadId(box, webm, 'talk.webm');
    const { infos, said } = await talk(box, 'talk-failed', id);
    const saved = /saved in the workspace as: (chat-files\/[^;]+);/.exec(said)?.[1];
    expect(said).toContain('transcribing it failed');
    expect(saved).toBeDefined();
    expect(existsSync(join(workspaceDir(box.app.config, box.app.paths), saved ?? ''))).toBe(true);
    expect(infos.some((f) => String(f.content).startsWith('🎤 The voice note was not transcribed'))).toBe(
      true,
    );
  });
});

describe('press-to-talk without media.transcription', () => {
  let box: Box;
  beforeAll(async () => {
    box = await startBox();
  });
  afterAll(() => box?.close());

  it('keeps the file in chat-files/, tells the model where and why, the person how to turn it on', async () => {
    const id = await uploadId(box, webm, 'talk.webm');
    const { infos, said } = await talk(box, 'talk-off', id);
    expect(said).toMatch(
      /^\[The user sent a voice note, saved in the workspace as: chat-files\/.+speech-to-text is not set up\)\]$/,
    );
    const saved = /as: (chat-files\/[^;]+);/.exec(said)?.[1] ?? '';
    expect(readFileSync(join(workspaceDir(box.app.config, box.app.paths), saved))).toEqual(Buffer.from(webm));
    expect(infos.some((f) => String(f.content).includes('media.transcription'))).toBe(true);
  });
});
