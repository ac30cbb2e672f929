/** Why a voice note was not turned into text; said to the person by `describeVoiceError`. */
import type { Lang } from '../../i18n/lang.js';
import { voiceMessages } from './messages.js';

export type VoiceFailure =
  | { reason: 'not_configured' }
  | { reason: 'busy' }
  | { reason: 'not_audio' }
  | { reason: 'too_big'; maxBytes: number }
  | { reason: 'too_long'; seconds: number; maxSeconds: number }
  | { reason: 'unreadable'; detail: string }
  | { reason: 'timed_out'; seconds: number }
  | { reason: 'no_ffmpeg' }
  | { reason: 'empty' }
  | { reason: 'service'; detail: string };

export class VoiceError extends Error {
  constructor(readonly failure: VoiceFailure) {
    super(failure.reason);
    this.name = 'VoiceError';
  }
}

export function describeVoiceError(failure: VoiceFailure, lang: Lang): string {
  const t = voiceMessages(lang);
  switch (failure.reason) {
    case 'not_configured':
      return t.notConfigured;
    case 'busy':
      return t.busy;
    case 'not_audio':
      return t.notAudio;
    case 'too_big':
      return t.tooBig(failure.maxBytes);
    case 'too_long':
      return t.tooLong(failure.seconds, failure.maxSeconds);
    case 'unreadable':
      return t.unreadable(failure.detail);
    case 'timed_out':
      return t.timedOut(failure.seconds);
    case 'no_ffmpeg':
      return t.noFfmpeg;
    case 'empty':
      return t.empty;
    case 'service':
      return t.serviceFailed(failure.detail);
  }
}
