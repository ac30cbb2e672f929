/**
 * A received voice file as 16 kHz mono 16-bit WAV, what every speech-to-text server takes. The
 * length is checked before anything is decoded (ffprobe's reading of the container, SILK's frame
 * count); ffmpeg then decodes at most one second past the limit, so a file whose container does
 * not say its length (a browser's WebM, raw AMR) is still cut and refused when it is too long.
 */
import { readFile } from 'node:fs/promises';
import { type AudioFormat, DEMUXERS } from './audio-format.js';
import { type FfmpegPlace, ffmpegComplaint, runFfmpeg, SAFE_INPUT_ARGS } from './ffmpeg-runner.js';
import { decodeSilk } from './silk-decode.js';
import { VoiceError } from './voice-error.js';
import { pcmToWav, SPEECH_BYTES_PER_SECOND, SPEECH_RATE } from './wav.js';

export interface ConvertOptions {
  maxSeconds: number;
  place: FfmpegPlace;
  /** Time limit of the ffprobe run (default 10 s). */
  probeTimeoutMs?: number;
  /** Time limit of the ffmpeg run (default 30 s). */
  convertTimeoutMs?: number;
  signal?: AbortSignal;
  /** Programs instead of the system's ffmpeg and ffprobe (tests). */
  programs?: { ffmpeg?: string; ffprobe?: string };
}

export interface SpeechAudio {
  wav: Buffer;
  /** Length of the converted audio. */
  seconds: number;
}

const PROBE_OUTPUT_BYTES = 4096;

/** The container's length in seconds; undefined when it does not say (ffprobe's `N/A`). */
async function probeSeconds(
  path: string,
  demuxer: string,
  options: ConvertOptions,
): Promise<number | undefined> {
  const result = await runFfmpeg(options.place, {
    tool: 'ffprobe',
    args: [
      ...SAFE_INPUT_ARGS,
      '-v',
      'error',
      '-f',
      demuxer,
      '-show_entries',
      'format=duration',
      '-of',
      'default=noprint_wrappers=1:nokey=1',
      `file:${path}`,
    ],
    input: path,
    timeoutMs: options.probeTimeoutMs ?? 10_000,
    maxOutputBytes: PROBE_OUTPUT_BYTES,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.programs?.ffprobe ? { program: options.programs.ffprobe } : {}),
  });
  if (result.exitCode !== 0) throw new VoiceError({ reason: 'unreadable', detail: ffmpegComplaint(result) });
  const seconds = Number.parseFloat(result.stdout.toString('utf8').trim());
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

async function decodeWithFfmpeg(path: string, demuxer: string, options: ConvertOptions): Promise<Buffer> {
  const known = await probeSeconds(path, demuxer, options);
  const tooLong = (seconds: number) =>
    new VoiceError({ reason: 'too_long', seconds: Math.round(seconds), maxSeconds: options.maxSeconds });
  if (known !== undefined && known > options.maxSeconds + 0.5) throw tooLong(known);
  const cap = options.maxSeconds + 1;
  const result = await runFfmpeg(options.place, {
    tool: 'ffmpeg',
    args: [
      ...SAFE_INPUT_ARGS,
      '-nostdin',
      '-loglevel',
      'error',
      '-f',
      demuxer,
      '-i',
      `file:${path}`,
      '-map',
      '0:a:0',
      '-t',
      String(cap),
      '-ac',
      '1',
      '-ar',
      String(SPEECH_RATE),
      '-f',
      's16le',
      'pipe:1',
    ],
    input: path,
    timeoutMs: options.convertTimeoutMs ?? 30_000,
    maxOutputBytes: cap * SPEECH_BYTES_PER_SECOND + 64 * 1024,
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.programs?.ffmpeg ? { program: options.programs.ffmpeg } : {}),
  });
  if (result.stdoutTruncated) throw tooLong(result.stdoutBytes / SPEECH_BYTES_PER_SECOND);
  if (result.exitCode !== 0 || result.stdout.byteLength === 0)
    throw new VoiceError({ reason: 'unreadable', detail: ffmpegComplaint(result) });
  return result.stdout;
}

export async function toSpeechWav(
  path: string,
  format: AudioFormat,
  options: ConvertOptions,
): Promise<SpeechAudio> {
  const pcm =
    format === 'silk'
      ? await decodeSilk(await readFile(path), options.maxSeconds)
      : await decodeWithFfmpeg(path, DEMUXERS[format], options);
  const seconds = pcm.byteLength / SPEECH_BYTES_PER_SECOND;
  if (seconds > options.maxSeconds + 0.5)
    throw new VoiceError({
      reason: 'too_long',
      seconds: Math.round(seconds),
      maxSeconds: options.maxSeconds,
    });
  return { wav: pcmToWav(pcm), seconds };
}
