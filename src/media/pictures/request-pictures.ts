/**
 * What the model is sent for the pictures of a conversation, built just before each request
 * (the stored messages keep only references, `StoredAttachment`):
 * - a model that sees gets each picture as an `image_url` part (`data:image/jpeg;base64,…`), the
 *   newest MAX_PICTURES_SENT of the history; older ones are named in the text;
 * - a model that cannot gets, in the text, what `media.vision_model` said the picture shows
 *   (asked once per picture, the answer kept beside it in the store);
 * - with neither, the text says a picture came and where it is saved, and the person is told
 *   once (per session, while the box runs) how to let the model see pictures.
 */

import { describeError } from '../../errors.js';
import type { Logger } from '../../log/logger.js';
import type { ChatMessage } from '../../providers/types.js';
import type { PictureContext, PicturePort } from '../../session/picture-port.js';
// How many pictures one request carries, and what each costs in the context estimate.
import { MAX_PICTURES_SENT } from '../../session/picture-tokens.js';
import type { DescribePicture, VisionModelSettings } from './describe-picture.js';
import { mediaMessages } from './messages.js';
import type { PictureAttachment, PictureStore } from './picture-store.js';

export interface PictureSettings {
  /** The chat model takes image parts (`llm.vision`, else vision-models.ts). */
  sees: boolean;
  /** `media.vision_model` with its key, when configured. */
  describer?: VisionModelSettings;
}

interface PicturePortOptions {
  store: PictureStore;
  settings: () => PictureSettings;
  describe: DescribePicture;
  /** Where the picture is, as the model is told it (the workspace path it was saved at, else the store's). */
  whereSaved: (picture: PictureAttachment) => string;
  logger: Pick<Logger, 'warn'>;
}

export function createPicturePort(options: PicturePortOptions): PicturePort {
  const { store } = options;
  const told = new Set<string>();

  async function describedText(
    picture: PictureAttachment,
    data: Buffer,
    describer: VisionModelSettings,
    context: PictureContext,
  ): Promise<string> {
    const t = mediaMessages(context.lang);
    const kept = await store.readDescription(picture.id);
    if (kept) return t.described(picture.name, kept);
    try {
      const text = await options.describe(describer, dataUrl(data), context.lang, context.signal);
      await store.keepDescription(picture.id, text);
      return t.described(picture.name, text);
    } catch (error) {
      if (context.signal.aborted) throw error;
      const why = describeError(error);
      options.logger.warn(
        { err: error, model: describer.model },
        'the vision model did not describe a picture',
      );
      context.notify(t.describeFailed(describer.model, why));
      return t.notDescribed(picture.name, options.whereSaved(picture));
    }
  }

  return async (entries, context) => {
    const t = mediaMessages(context.lang);
    const settings = options.settings();
    // Newest first: which pictures still go as parts (or get described).
    let budget = MAX_PICTURES_SENT;
    const shownIds = new Set<string>();
    for (let i = entries.length - 1; i >= 0 && budget > 0; i--) {
      for (const a of entries[i]?.attachments ?? []) {
        if (a.kind === 'image' && budget > 0 && !shownIds.has(a.id)) {
          shownIds.add(a.id);
          budget--;
        }
      }
    }
    let blindNoted = false;
    const out: ChatMessage[] = [];
    for (const entry of entries) {
      const pictures = (entry.attachments ?? []).filter((a): a is PictureAttachment => a.kind === 'image');
      if (entry.message.role !== 'user' || pictures.length === 0) {
        out.push(entry.message);
        continue;
      }
      const notes: string[] = [];
      const images: string[] = [];
      for (const picture of pictures) {
        if (!shownIds.has(picture.id)) {
          notes.push(t.earlierPicture(picture.name, options.whereSaved(picture)));
          continue;
        }
        const data = await store.read(picture.id);
        if (!data) notes.push(t.pictureRemoved(picture.name));
        else if (settings.sees) images.push(dataUrl(data));
        else if (settings.describer)
          notes.push(await describedText(picture, data, settings.describer, context));
        else {
          notes.push(t.cannotSee(picture.name, options.whereSaved(picture)));
          blindNoted = true;
        }
      }
      const content = [entry.message.content, ...notes].filter(Boolean).join('\n\n');
      out.push(images.length > 0 ? { role: 'user', content, images } : { role: 'user', content });
    }
    if (blindNoted && !told.has(context.sessionId)) {
      told.add(context.sessionId);
      context.notify(t.howToSee);
    }
    return out;
  };
}

function dataUrl(data: Buffer): string {
  return `data:image/jpeg;base64,${data.toString('base64')}`;
}
