/**
 * The seam through which a turn's request gets its pictures (src/media/pictures/request-pictures.ts
 * implements it): the history as stored, each message with the attachments stored with it, in;
 * the messages the model is sent, out (`image_url` parts for a model that sees, words otherwise).
 */
import type { PictureContext } from '../agent/tool-pictures.js';
import type { StoredAttachment } from '../conversations/types.js';
import type { ChatMessage } from '../providers/types.js';

export interface PictureEntry {
  message: ChatMessage;
  attachments: readonly StoredAttachment[] | null;
}

export type { PictureContext };

export type PicturePort = (
  entries: readonly PictureEntry[],
  context: PictureContext,
) => Promise<ChatMessage[]>;
