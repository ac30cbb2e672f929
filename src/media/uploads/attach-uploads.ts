/**
 * The uploads a `message` frame names, turned into what its turn stores and says: each id is
 * taken once (an unknown, expired or used one refuses the whole message with `upload_not_found`,
 * before anything is queued); pictures are already in the picture store, audio and files go
 * through `receive` (audio seam, chat-files), which may give a note to show the person.
 */
import type { StoredAttachment } from '../../conversations/types.js';
import { AppError } from '../../errors.js';
import type { MediaServices, ReceiveContext } from '../media-services.js';
import { receivedMessages } from '../messages.js';

export interface Attached {
  attachments: StoredAttachment[];
  /** Text for the turn (files named, transcripts), in order. */
  texts: string[];
  /** For the person at once (transcripts as "🎤 …", why one failed), in order. */
  shown: string[];
}

export async function attachUploads(
  media: Pick<MediaServices, 'uploads' | 'receive'>,
  ids: readonly string[],
  context: ReceiveContext,
): Promise<Attached> {
  const taken = [];
  for (const id of ids) {
    const entry = await media.uploads.take(id);
    if (!entry)
      throw new AppError('upload_not_found', receivedMessages(context.lang).uploadNotFound(id.slice(0, 100)));
    taken.push(entry);
  }
  const out: Attached = { attachments: [], texts: [], shown: [] };
  for (const { upload, data } of taken) {
    if (upload.picture) {
      out.attachments.push(upload.picture);
      continue;
    }
    if (!data) continue;
    const received = await media.receive({ data, name: upload.name }, context);
    out.attachments.push(received.attachment);
    if (received.text) out.texts.push(received.text);
    if (received.shown) out.shown.push(received.shown);
  }
  return out;
}
