/**
 * What the original terminal client `client.py` shows (docs/protocol.md, "Structured frames are
 * asked for"), for compatibility tests. It reads only `type` and `content`: chunks print inline,
 * `complete` ends the answer (its content is ignored), known types get a prefix,
 * a few types are handled elsewhere or ignored, and ANY other frame with a non-empty
 * `content` is appended to the chat stream. `frontend.html` dispatches the same way.
 */
import type { Frame } from './harness.js';

const PREFIX: Record<string, string> = {
  error: '❌ ',
  info: 'ℹ️  ',
  command_result: '📋 ',
  connection_ack: '✅ ',
  notification: '🔔 ',
};
const NOT_IN_STREAM = new Set([
  'task_process',
  'task_status',
  'task_error',
  'dialogue_ended',
  'pong',
  'task_list',
]);

export function clientPyTranscript(frames: Frame[]): string {
  let out = '';
  for (const frame of frames) {
    const content = typeof frame.content === 'string' ? frame.content : '';
    if (frame.type === 'chunk') out += content;
    else if (frame.type === 'complete') out += '\n';
    else if (frame.type in PREFIX) out += `\n${PREFIX[frame.type]}${content}\n`;
    else if (NOT_IN_STREAM.has(frame.type)) continue;
    else if (content) out += content;
  }
  return out;
}

export function occurrences(text: string, needle: string): number {
  return text.split(needle).length - 1;
}
