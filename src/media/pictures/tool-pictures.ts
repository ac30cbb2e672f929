/**
 * Pictures a tool returned (an MCP tool's screenshot), shown to the model in the same turn
 * (src/agent/tool-pictures.ts): each is checked, shrunk and kept like a received picture
 * (picture-store.ts), then the picture port makes of them what the model can take: the pictures
 * themselves for a model that sees, what `media.vision_model` says of them, or a note saying where
 * they are saved. One that is no picture is named as such, never sent.
 */
import type { ToolPicturePort } from '../../agent/tool-pictures.js';
import type { PicturePort } from '../../session/picture-port.js';
import { mediaMessages } from './messages.js';
import { PictureError } from './normalize-picture.js';
import type { PictureAttachment, PictureStore } from './picture-store.js';

/** More pictures of one round are left out (each result's own note still names them). */
export const MAX_TOOL_PICTURES = 4;

export function createToolPicturePort(store: PictureStore, picturePort: PicturePort): ToolPicturePort {
  return async (pictures, context) => {
    const t = mediaMessages(context.lang);
    const kept: PictureAttachment[] = [];
    const notes: string[] = [];
    for (const picture of pictures.slice(0, MAX_TOOL_PICTURES)) {
      try {
        kept.push(await store.put(picture.data, `${picture.tool}.jpg`));
      } catch (error) {
        if (!(error instanceof PictureError)) throw error;
        notes.push(t.badToolPicture(picture.tool, error.message));
      }
    }
    const tools = [...new Set(pictures.map((picture) => picture.tool))].join(', ');
    const content = [t.fromTools(tools), ...notes].join('\n');
    if (kept.length === 0) return { role: 'user', content };
    void store.prune(kept.map((picture) => picture.id));
    const [shown] = await picturePort([{ message: { role: 'user', content }, attachments: kept }], context);
    return shown;
  };
}
