/**
 * The answer's text as a `/v1` caller gets it, streamed or whole alike: the text of every model
 * round of the turn, also what the model said before it called a tool, with a blank line where a
 * round's text follows tool calls. (The turn's own outcome keeps only the last round's text.)
 */
import type { SessionEvent } from '../../session/types.js';

export interface AnswerText {
  /** The text this event adds to the answer ('' for none). */
  add(event: SessionEvent): string;
  readonly text: string;
}

export function answerText(): AnswerText {
  let text = '';
  let afterTools = false;
  return {
    add(event) {
      if (event.type === 'tool_start') afterTools = text !== '';
      if (event.type !== 'text_delta' || event.text === '') return '';
      const added = afterTools ? `\n\n${event.text}` : event.text;
      afterTools = false;
      text += added;
      return added;
    },
    get text() {
      return text;
    },
  };
}
