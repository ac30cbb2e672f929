/**
 * What the pictures of a history cost in the compression estimate (docs/media.md, "Pictures in the
 * context estimate"). A picture sent as an `image_url` part is billed by its pixel size, differently
 * per vendor; the estimate takes the larger of two documented figures, so it errs towards
 * compressing early rather than overflowing the context:
 * - OpenAI (high detail): fit in 2048 × 2048, shortest side scaled to 768, then 85 + 170 per
 *   512-pixel tile;
 * - Qwen-VL (DashScope): one token per 28 × 28 pixels.
 * Only the newest MAX_PICTURES_SENT pictures are sent (older ones are named in the text), so only
 * they count. A size that is not a sane number (a damaged row) counts as the largest picture.
 */
import type { StoredAttachment } from '../conversations/types.js';

/** Pictures sent as parts in one request (the newest): src/media/pictures/request-pictures.ts. */
export const MAX_PICTURES_SENT = 8;

/** Sides beyond this are not real pictures of ours (media.max_image_px caps them); clamped. */
const MAX_SIDE = 8192;
/** The estimate for a picture whose size is unknown: a 2048 × 2048 one. */
const UNKNOWN_SIDE = 2048;

function side(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1
    ? Math.min(Math.round(value), MAX_SIDE)
    : UNKNOWN_SIDE;
}

function openAiTiles(width: number, height: number): number {
  let w = width;
  let h = height;
  const fit = Math.min(1, 2048 / Math.max(w, h));
  w *= fit;
  h *= fit;
  const shortest = Math.min(1, 768 / Math.min(w, h));
  w *= shortest;
  h *= shortest;
  return 85 + 170 * Math.ceil(w / 512) * Math.ceil(h / 512);
}

/** Tokens one picture of `width` × `height` pixels is estimated to cost. */
export function estimatePictureTokens(width: unknown, height: unknown): number {
  const w = side(width);
  const h = side(height);
  return Math.max(openAiTiles(w, h), Math.ceil(w / 28) * Math.ceil(h / 28));
}

/** The estimate for the pictures of a history (oldest first): its newest MAX_PICTURES_SENT. */
export function estimateHistoryPictureTokens(
  attachmentsByMessage: readonly (readonly StoredAttachment[] | null | undefined)[],
): number {
  let total = 0;
  let left = MAX_PICTURES_SENT;
  for (let i = attachmentsByMessage.length - 1; i >= 0 && left > 0; i--) {
    const attachments = attachmentsByMessage[i];
    if (!Array.isArray(attachments)) continue;
    for (let j = attachments.length - 1; j >= 0 && left > 0; j--) {
      const a = attachments[j];
      if (a?.kind !== 'image') continue;
      total += estimatePictureTokens(a.width, a.height);
      left -= 1;
    }
  }
  return total;
}
