/**
 * Answers as Feishu/Lark interactive cards (card JSON 2.0): the model's Markdown in one
 * `markdown` element, approval buttons as `callback` buttons. A card can be patched in
 * place (`update_multi`), which is how answers stream and approvals show their decision.
 */
import type { ActionButton } from '../types.js';

/**
 * The card Markdown element also understands tags (`<at id=all></at>` mentions everyone,
 * `<font>`, `<link>` …). The model's text must not reach those: outside code, `<` becomes
 * the entity `&lt;`, which the card shows as a plain `<`.
 */
const CODE = /```[\s\S]*?```|`[^`\n]+`/g;

function cardMarkdown(markdown: string): string {
  let out = '';
  let last = 0;
  for (const match of markdown.matchAll(CODE)) {
    out += escapeTags(markdown.slice(last, match.index)) + match[0];
    last = match.index + match[0].length;
  }
  return out + escapeTags(markdown.slice(last));
}

function escapeTags(text: string): string {
  return text.replaceAll('<', '&lt;');
}

/** The first button is the main one, the last (of several) the dangerous one (Deny). */
function buttonType(index: number, count: number): string {
  if (index === 0) return 'primary_filled';
  return index === count - 1 ? 'danger' : 'default';
}

/** The card's JSON as the IM API wants it (`content` of an `interactive` message). */
export function cardContent(markdown: string, buttons: readonly ActionButton[] = []): string {
  const elements: unknown[] = [{ tag: 'markdown', content: cardMarkdown(markdown) }];
  if (buttons.length > 0) {
    elements.push({
      tag: 'column_set',
      columns: buttons.map((button, index) => ({
        tag: 'column',
        width: 'auto',
        elements: [
          {
            tag: 'button',
            text: { tag: 'plain_text', content: button.label },
            type: buttonType(index, buttons.length),
            behaviors: [{ type: 'callback', value: { aibox: button.data } }],
          },
        ],
      })),
    });
  }
  return JSON.stringify({ schema: '2.0', config: { update_multi: true }, body: { elements } });
}

/** The button payload the core set, from a card action's `value`; undefined for anything else. */
export function buttonData(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const data = (value as { aibox?: unknown }).aibox;
  return typeof data === 'string' ? data : undefined;
}
