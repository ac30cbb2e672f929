/**
 * The seam through which pictures a tool returned (an MCP tool's screenshot) reach the model:
 * after a round's tool results, the turn hands them over and sends what comes back (a user
 * message with the pictures for a model that sees, their descriptions or a note otherwise) with
 * the rest of the turn's requests. It is not kept in the history: later turns have the tool
 * result's note. src/media implements it, with the checks and shrinking every picture gets.
 */
import type { Lang } from '../i18n/lang.js';
import type { ChatMessage } from '../providers/types.js';

export interface ToolPicture {
  /** The tool's name, as the model called it. */
  tool: string;
  data: Uint8Array;
}

/** What a picture port is lent for one request (src/session/picture-port.ts's too). */
export interface PictureContext {
  sessionId: string;
  lang: Lang;
  signal: AbortSignal;
  /** Tells the person something now (the turn's `notice`). */
  notify: (text: string) => void;
}

export type ToolPicturePort = (
  pictures: readonly ToolPicture[],
  context: PictureContext,
) => Promise<ChatMessage | undefined>;
