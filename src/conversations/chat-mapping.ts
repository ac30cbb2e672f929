/** Between stored rows and the OpenAI chat messages the model is sent. */
import type { ChatMessage } from '../providers/types.js';
import type { NewMessage, StoredMessage } from './types.js';

export function toChatMessage(row: StoredMessage): ChatMessage {
  switch (row.role) {
    case 'system':
      return { role: 'system', content: row.content ?? '' };
    case 'user':
      return { role: 'user', content: row.content ?? '' };
    case 'tool':
      return { role: 'tool', tool_call_id: row.toolCallId ?? '', content: row.content ?? '' };
    case 'assistant': {
      const message: ChatMessage = { role: 'assistant', content: row.content };
      if (row.reasoning) message.reasoning_content = row.reasoning;
      if (row.toolCalls && row.toolCalls.length > 0) message.tool_calls = row.toolCalls;
      return message;
    }
  }
}

export interface MessageMeta {
  createdAt: string;
  turnId?: string;
  /** For tool messages: the name of the tool that answered. */
  toolName?: string;
  /** For tool messages: the kind of outside text the result carries (`ToolResult.untrusted`). */
  untrusted?: string;
}

export function fromChatMessage(message: ChatMessage, meta: MessageMeta): NewMessage {
  const base = { createdAt: meta.createdAt, turnId: meta.turnId ?? null };
  switch (message.role) {
    case 'system':
    case 'user':
      return { ...base, role: message.role, content: message.content };
    case 'tool':
      return {
        ...base,
        role: 'tool',
        content: message.content,
        toolCallId: message.tool_call_id,
        toolName: meta.toolName ?? null,
        ...(meta.untrusted ? { untrusted: [meta.untrusted] } : {}),
      };
    case 'assistant':
      return {
        ...base,
        role: 'assistant',
        content: message.content,
        toolCalls: message.tool_calls ?? null,
        reasoning: message.reasoning_content ?? null,
      };
  }
}
