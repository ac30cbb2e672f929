/**
 * The seam through which a turn's request gets its pictures (src/media/pictures/request-pictures.ts
 * implements it): the history as stored, each message with the attachments stored with it, in;
 * the messages the model is sent, out (`image_url` parts for a model that sees, words otherwise).
 */
import type { StoredAttachment } from '../conversations/types.js';
import type { Lang } from '../i18n/lang.js';
import type { ChatMessage } from '../providers/types.js';

export interface PictureEntry {
  message: ChatMessage;
  attachments: readonly StoredAttachment[] | null;
}

export interface PictureContext {
  sessionId: string;
  lang: Lang;
  signal: AbortSignal;
  /** Tells the person something now (the turn's `notice`). */
  notify: (text: string) => void;
}

export type PicturePort = (
  entries: readonly PictureEntry[],
  context: PictureContext,
) => Promise<ChatMessage[]>;
