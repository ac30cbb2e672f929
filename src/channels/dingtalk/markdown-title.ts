/**
 * The `title` of a DingTalk Markdown message: what the chat list and notifications show.
 * The first line with text, without Markdown marks, at most 30 characters.
 */
const MAX_TITLE_CHARS = 30;

export function markdownTitle(markdown: string): string {
  const line =
    markdown
      .split('\n')
      .map((l) => l.replace(/[`*_#>~[\]()|]/g, '').trim())
      .find((l) => l !== '') ?? '';
  const chars = [...line];
  if (chars.length === 0) return 'Aibox';
  return chars.length > MAX_TITLE_CHARS ? `${chars.slice(0, MAX_TITLE_CHARS - 1).join('')}…` : line;
}
