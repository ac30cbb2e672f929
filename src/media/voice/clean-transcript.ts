/**
 * A transcript as the turn's text, whoever made it (the transcription service, a vendor's own
 * recognition): control characters removed, trimmed, cut to MAX_TRANSCRIPT_CHARS. Both are an
 * outside party's answer, as hostile as any input.
 */

/** Far more than two minutes of speech (~400 words). */
export const MAX_TRANSCRIPT_CHARS = 20_000;

/** The cleaned transcript; '' when nothing is left. */
export function cleanTranscript(text: string): string {
  return text
    .replace(/[\0-\x08\x0b\x0c\x0e-\x1f\x7f]/g, '')
    .trim()
    .slice(0, MAX_TRANSCRIPT_CHARS);
}
