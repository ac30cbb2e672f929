/**
 * Where received audio goes (a voice note in a channel, an `audio` upload from the page): one
 * function (docs/media.md "Voice"). The default (media-services.ts) saves the file in
 * `chat-files/` and, given a voice hearer (src/media/voice/hear-voice.ts), transcribes it: the
 * transcript is the turn's text and "🎤 …" is shown; otherwise the model is told where it is.
 */
import type { StoredAttachment } from '../conversations/types.js';
import type { Lang } from '../i18n/lang.js';

export interface ReceivedAudio {
  data: Uint8Array;
  /** The sender's name for it (not trusted: for showing and for the saved file's name). */
  name: string;
  /** What its bytes say it is (media-kind.ts), e.g. `audio/ogg`, `audio/webm`. */
  mime: string;
  /** Already saved by a channel (relative to the workspace); absent for uploads. */
  saved?: string;
  sessionId: string;
  lang: Lang;
  signal?: AbortSignal;
}

export interface HeardAudio {
  /** Goes into the turn's text (a transcript, or a note naming the saved file). */
  text: string;
  /** Stored with the user message (shown in `history`). */
  attachment: StoredAttachment;
  /** Something to show the person at once (e.g. "🎤 …"); optional. */
  shown?: string;
}

export type AudioHandler = (audio: ReceivedAudio) => Promise<HeardAudio>;
