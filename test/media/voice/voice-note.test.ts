/**
 * transcribeVoiceNote end to end below the chat: real files of each container a chat sends,
 * converted by the real ffmpeg (in the bubblewrap sandbox where it works, and on the host), sent
 * by the openai SDK to a fake OpenAI-compatible server that reads the multipart form. Then the
 * hostile cases: too long (with and without a length in the container), too big, not audio,
 * truncated, a FIFO, an ffmpeg that hangs (killed at its time limit), and bad service answers.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../../../src/config/schema.js';
import type { FfmpegPlace } from '../../../src/media/voice/ffmpeg-runner.js';
import { describeVoiceError } from '../../../src/media/voice/voice-error.js';
import { transcribeVoiceNote, type VoiceNoteOptions } from '../../../src/media/voice/voice-note.js';
import { probeBwrap } from '../../../src/safety/sandbox/sandbox-probe.js';
import { type FakeAudioApi, startFakeAudioApi } from '../../helpers/fake-audio-api.js';
import { until } from '../../helpers/until.js';
import { amrNb, encodeTone, recorderWebm, silkNote, wavFacts } from './voice-fixtures.js';

const bwrap = await probeBwrap(false, 'en');
const sandboxed: FfmpegPlace | undefined =
  bwrap.kind === 'bwrap' && bwrap.program
    ? {
        sandbox: {
          bwrap: bwrap.program,
          layout: { skillsDir: '', home: tmpdir(), dataDirs: [], hidden: [] },
        },
      }
    : undefined;

describe('transcribeVoiceNote', () => {
  let api: FakeAudioApi;
  let dir: string;
  const media = () => {
    const config = defaultConfig().media;
    config.transcription = {
      ...config.transcription,
      base_url: api.baseUrl,
      model: 'FunAudioLLM/SenseVoiceSmall',
      api_key_env: 'TEST_STT_KEY',
      language: 'zh',
    };
    return config;
  };
  const options = (overrides: Partial<VoiceNoteOptions> = {}): VoiceNoteOptions => ({
    media: media(),
    place: sandboxed ?? {},
    env: { TEST_STT_KEY: 'sk-test-stt' },
    ...overrides,
  });

  beforeAll(async () => {
    api = await startFakeAudioApi();
    dir = mkdtempSync(join(tmpdir(), 'aibox-voice-'));
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const last = () => api.transcriptions.at(-1);

  it.each([
    ['Telegram OGG/Opus', () => encodeTone(dir, 'note.ogg', 'ogg-opus', 3)],
    ['MP3', () => encodeTone(dir, 'note.mp3', 'mp3', 3)],
    ['M4A (AAC)', () => encodeTone(dir, 'note.m4a', 'm4a', 3)],
    ['WAV 44.1 kHz stereo', () => encodeTone(dir, 'note.wav', 'wav', 3)],
    ['FLAC', () => encodeTone(dir, 'note.flac', 'flac', 3)],
    ['WeCom AMR-NB', () => amrNb(dir, 'note.amr', 3)],
    ['browser WebM/Opus without a duration', () => recorderWebm(dir, 'note.webm', 3)],
    ['WeChat SILK', () => silkNote(dir, 'note.silk', 3)],
    ['QQ SILK (no 0x02 byte)', () => silkNote(dir, 'qq.silk', 3, false)],
  ])('%s: converted to 16 kHz mono WAV and sent as the SDK sends it', async (_name, make) => {
    const path = await make();
    api.script({ text: '  今天下午三点开会  ' });
    const result = await transcribeVoiceNote(path, options());
    expect(result).toEqual({ text: '今天下午三点开会', seconds: expect.closeTo(3, 0) });
    const request = last();
    expect(request?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(request?.model).toBe('FunAudioLLM/SenseVoiceSmall');
    expect(request?.language).toBe('zh');
    expect(request?.responseFormat).toBe('json');
    expect(request?.authorization).toBe('Bearer sk-test-stt');
    expect(request?.fileName).toBe('voice.wav');
    expect(request?.fileType).toBe('audio/wav');
    const facts = wavFacts(request?.file ?? Buffer.alloc(44));
    expect(facts).toMatchObject({ rate: 16_000, channels: 1, bits: 16 });
    expect(facts.seconds).toBeGreaterThan(2.5);
    expect(facts.seconds).toBeLessThan(3.5);
  });

  it.runIf(sandboxed)('converts on the host too when there is no sandbox', async () => {
    const path = encodeTone(dir, 'host.ogg', 'ogg-opus', 2);
    api.script({ text: 'on the host' });
    expect(await transcribeVoiceNote(path, options({ place: {} }))).toMatchObject({ text: 'on the host' });
  });

  it('refuses a note longer than media.max_audio_s before converting it (and one whose container does not say)', async () => {
    const before = api.transcriptions.length;
    const long = encodeTone(dir, 'long.ogg', 'ogg-opus', 5);
    const limited = { ...media(), max_audio_s: 3 };
    const result = await transcribeVoiceNote(long, options({ media: limited }));
    expect(result).toEqual({ error: { reason: 'too_long', seconds: 5, maxSeconds: 3 } });
    expect(describeVoiceError({ reason: 'too_long', seconds: 5, maxSeconds: 3 }, 'zh')).toContain('3 秒');
    // A browser's recording has no length in its container: ffmpeg stops one second past the limit.
    const webm = recorderWebm(dir, 'long.webm', 6);
    expect(await transcribeVoiceNote(webm, options({ media: limited }))).toMatchObject({
      error: { reason: 'too_long', maxSeconds: 3 },
    });
    const silk = await silkNote(dir, 'long.silk', 5);
    expect(await transcribeVoiceNote(silk, options({ media: limited }))).toMatchObject({
      error: { reason: 'too_long', seconds: 5 },
    });
    expect(api.transcriptions.length).toBe(before);
  });

  it('refuses a file over media.max_audio_bytes, one that is not audio, a FIFO, and damaged audio', async () => {
    const before = api.transcriptions.length;
    const ogg = encodeTone(dir, 'big.ogg', 'ogg-opus', 2);
    const small = { ...media(), max_audio_bytes: 1024 };
    expect(await transcribeVoiceNote(ogg, options({ media: small }))).toEqual({
      error: { reason: 'too_big', maxBytes: 1024 },
    });
    const text = join(dir, 'notes.ogg');
    writeFileSync(text, 'this is not audio at all, whatever its name says\n');
    expect(await transcribeVoiceNote(text, options())).toEqual({ error: { reason: 'not_audio' } });
    const fifo = join(dir, 'fifo.ogg');
    execFileSync('mkfifo', [fifo]);
    expect(await transcribeVoiceNote(fifo, options())).toEqual({ error: { reason: 'not_audio' } });
    // Ogg's magic, then garbage; and a real file cut off after its headers.
    const fake = join(dir, 'fake.ogg');
    writeFileSync(fake, Buffer.concat([Buffer.from('OggS'), Buffer.alloc(4000, 0x5a)]));
    expect(await transcribeVoiceNote(fake, options())).toMatchObject({ error: { reason: 'unreadable' } });
    const cut = join(dir, 'cut.ogg');
    writeFileSync(cut, readFileSync(ogg).subarray(0, 200));
    expect(await transcribeVoiceNote(cut, options())).toMatchObject({ error: { reason: 'unreadable' } });
    const silk = join(dir, 'cut.silk');
    writeFileSync(silk, Buffer.from('\x02#!SILK_V3\xff', 'latin1'));
    expect(await transcribeVoiceNote(silk, options())).toMatchObject({ error: { reason: 'unreadable' } });
    expect(api.transcriptions.length).toBe(before);
  });

  it('keeps what a file cut in the middle still holds', async () => {
    const whole = readFileSync(encodeTone(dir, 'half.ogg', 'ogg-opus', 4));
    const half = join(dir, 'half-cut.ogg');
    writeFileSync(half, whole.subarray(0, Math.floor(whole.length / 2)));
    api.script({ text: 'the first half' });
    const result = await transcribeVoiceNote(half, options());
    expect(result).toMatchObject({ text: 'the first half' });
    expect('seconds' in result && result.seconds).toBeLessThan(3.5);
  });

  it.each([
    ['in the sandbox', sandboxed],
    ['on the host', {}],
  ])('kills an ffmpeg that hangs at its time limit (%s)', async (_where, place) => {
    if (!place) return;
    const hang = join(dir, 'hang.sh');
    writeFileSync(hang, '#!/bin/sh\nexec sleep 31.4159\n');
    chmodSync(hang, 0o755);
    const path = encodeTone(dir, 'hang.ogg', 'ogg-opus', 1);
    const started = Date.now();
    const result = await transcribeVoiceNote(
      path,
      options({ place, convert: { probeTimeoutMs: 300, programs: { ffprobe: hang } } }),
    );
    expect(result).toEqual({ error: { reason: 'timed_out', seconds: 0.3 } });
    expect(Date.now() - started).toBeLessThan(5000); // not sleep's 30 s
    const left = () => execFileSync('sh', ['-c', "pgrep -f '^sleep 31.4159$' || true"]).toString().trim();
    await until(() => left() === '', 'the hung program to be gone', 3000);
  });

  it('says what the service did wrong: an HTTP error, no text, empty text; cuts a huge transcript', async () => {
    const path = encodeTone(dir, 'svc.ogg', 'ogg-opus', 1);
    api.script({ status: 401, body: JSON.stringify({ error: { message: 'Invalid token' } }) });
    const refused = await transcribeVoiceNote(path, options());
    expect(refused).toMatchObject({ error: { reason: 'service' } });
    expect(JSON.stringify(refused)).toContain('401');
    expect(JSON.stringify(refused)).not.toContain('sk-test-stt');
    api.script({ json: { words: [] } });
    expect(await transcribeVoiceNote(path, options())).toEqual({
      error: { reason: 'service', detail: 'the answer has no text' },
    });
    api.script({ text: ' \n ' });
    expect(await transcribeVoiceNote(path, options())).toEqual({ error: { reason: 'empty' } });
    api.script({ text: `\u0000${'字'.repeat(30_000)}` });
    const huge = await transcribeVoiceNote(path, options());
    expect('text' in huge && huge.text.length).toBe(20_000);
  });

  it('is not configured without a base URL and model', async () => {
    const path = encodeTone(dir, 'off.ogg', 'ogg-opus', 1);
    expect(await transcribeVoiceNote(path, options({ media: defaultConfig().media }))).toEqual({
      error: { reason: 'not_configured' },
    });
  });
});
