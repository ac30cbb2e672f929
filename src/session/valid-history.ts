/**
 * Makes a history acceptable to strict OpenAI-compatible servers before it is
 * sent: every assistant tool call is answered by a tool message right after
 * it (a placeholder when the answer was lost, e.g. a crash mid-tool), and tool
 * messages that answer no preceding call are dropped.
 */
import type { ChatMessage, ToolCall } from '../providers/types.js';

type ToolMessage = Extract<ChatMessage, { role: 'tool' }>;

export function ensureToolPairs(
  messages: readonly ChatMessage[],
  missing: (call: ToolCall) => string,
): ChatMessage[] {
  const out: ChatMessage[] = [];
  let i = 0;
  while (i < messages.length) {
    const message = messages[i] as ChatMessage;
    i++;
    if (message.role === 'tool') continue; // orphan: its call is not right before it
    if (message.role !== 'assistant' || !message.tool_calls || message.tool_calls.length === 0) {
      out.push(
        message.role === 'assistant' && message.content === null ? { ...message, content: '' } : message,
      );
      continue;
    }
    const answers = new Map<string, ToolMessage>();
    while (i < messages.length && (messages[i] as ChatMessage).role === 'tool') {
      const reply = messages[i] as ToolMessage;
      if (!answers.has(reply.tool_call_id)) answers.set(reply.tool_call_id, reply);
      i++;
    }
    out.push(message);
    for (const call of message.tool_calls) {
      out.push(answers.get(call.id) ?? { role: 'tool', tool_call_id: call.id, content: missing(call) });
    }
  }
  return out;
}
