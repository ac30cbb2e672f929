/**
 * How `aibox ask` shows a turn: the answer streams to stdout; tool activity goes
 * to stderr compactly (name + arguments, live output, ✓/✗ with duration), so
 * `aibox ask … > answer.txt` captures only the answer.
 */
import type { Lang } from '../../i18n/lang.js';
import type { SessionEvent } from '../../session/types.js';
import { askMessages } from './messages.js';

interface AskStreams {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

const MAX_ARGS_CHARS = 200;

function compactArgs(args: unknown): string {
  const text = typeof args === 'string' ? args : JSON.stringify(args ?? {});
  return text.length <= MAX_ARGS_CHARS ? text : `${text.slice(0, MAX_ARGS_CHARS)}…`;
}

/** Returns a listener for session events; `finish()` ends a dangling answer line. */
export function createAskRenderer(lang: Lang, streams: AskStreams) {
  const t = askMessages(lang);
  let answerOpen = false; // stdout has text without a final newline
  let toolLineOpen = false; // stderr has live tool output without a final newline

  const endAnswerLine = () => {
    if (answerOpen) streams.stdout.write('\n');
    answerOpen = false;
  };
  const err = (line: string) => {
    if (toolLineOpen) streams.stderr.write('\n');
    toolLineOpen = false;
    streams.stderr.write(`${line}\n`);
  };

  const listener = (event: SessionEvent): void => {
    switch (event.type) {
      case 'text_delta':
        if (event.text) {
          streams.stdout.write(event.text);
          answerOpen = !event.text.endsWith('\n');
        }
        break;
      case 'tool_start':
        endAnswerLine();
        err(t.toolStart(event.name, compactArgs(event.args)));
        break;
      case 'tool_output':
        if (event.text) {
          streams.stderr.write(event.text);
          toolLineOpen = !event.text.endsWith('\n');
        }
        break;
      case 'tool_end': {
        const ms = Math.round(event.durationMs);
        const first = event.content.split('\n').find((line) => line.trim() !== '') ?? '';
        err(event.ok ? t.toolOk(event.name, ms) : t.toolFailed(event.name, ms, first));
        if (event.fullOutputPath) err(t.fullOutput(event.fullOutputPath));
        break;
      }
      case 'error':
        endAnswerLine();
        err(t.failed(event.code, event.message));
        break;
      case 'dialogue_ended':
        endAnswerLine();
        err(t.ended);
        break;
      case 'notice':
        endAnswerLine();
        err(event.message);
        break;
      default:
        break;
    }
  };
  return { listener, finish: endAnswerLine };
}
