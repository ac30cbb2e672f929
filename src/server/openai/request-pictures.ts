/**
 * The pictures of a `/v1` request's last user message (`image_url` content parts, as OpenAI
 * clients send them): only `data:` URLs are taken (a picture's address is never fetched: the box
 * contacts no host a caller names), each checked by its bytes, decoded in the same limited way as
 * an upload and stored in the picture store; at most MAX_ATTACHMENTS.
 */
import type { StoredAttachment } from '../../conversations/types.js';
import { sniffMedia } from '../../media/media-kind.js';
import type { MediaServices } from '../../media/media-services.js';
import { PictureError } from '../../media/pictures/normalize-picture.js';
import { MAX_ATTACHMENTS } from '../../protocol/parse-client-frame.js';
import type { ChatCompletionRequest } from './chat-request.js';
import type { OpenAiMessages } from './messages.js';

const DATA_URL = /^data:image\/[a-z0-9.+-]{1,40};base64,/i;

export type PictureRefusal = { message: string; param: string };

/** The `image_url` addresses of a message, in order. */
export function imageUrls(message: ChatCompletionRequest['messages'][number]): string[] {
  if (!Array.isArray(message.content)) return [];
  return message.content.flatMap((part) => {
    if (part.type !== 'image_url' || !part.image_url) return [];
    return [typeof part.image_url === 'string' ? part.image_url : part.image_url.url];
  });
}

export async function requestPictures(
  request: ChatCompletionRequest,
  media: Pick<MediaServices, 'pictures'>,
  t: OpenAiMessages,
): Promise<{ ok: true; attachments: StoredAttachment[] } | ({ ok: false } & PictureRefusal)> {
  const last = request.messages.findLast((message) => message.role === 'user');
  const urls = last ? imageUrls(last) : [];
  const param = 'messages';
  if (urls.length > MAX_ATTACHMENTS) return { ok: false, param, message: t.tooManyPictures(MAX_ATTACHMENTS) };
  const attachments: StoredAttachment[] = [];
  for (const [index, url] of urls.entries()) {
    const head = DATA_URL.exec(url);
    if (!head) return { ok: false, param, message: t.pictureNotDataUrl(index + 1) };
    const data = Buffer.from(url.slice(head[0].length), 'base64');
    if (sniffMedia(data).kind !== 'image') return { ok: false, param, message: t.notAPicture(index + 1) };
    try {
      attachments.push(await media.pictures.put(data, `picture-${index + 1}`));
    } catch (error) {
      if (!(error instanceof PictureError)) throw error;
      return { ok: false, param, message: t.badPicture(index + 1, error.message.slice(0, 200)) };
    }
  }
  return { ok: true, attachments };
}
