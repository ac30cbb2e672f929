/**
 * What an OpenAI chat-completions request means to Aibox: the last message, the user's, becomes one
 * turn of a session (conversation-session.ts picks which). The box keeps its own conversation,
 * prompts and tools, so earlier messages, `system` messages and sampling fields are ignored; what
 * it cannot honour (caller-supplied tools, several choices, a history ending in a tool result) is
 * refused with the field at fault rather than ignored.
 */
import { z } from 'zod';
import type { ErrorCodeOf } from '../../error-codes.js';
import type { OpenAiMessages } from './messages.js';

const Part = z.object({
  type: z.string(),
  text: z.string().optional(),
  image_url: z.union([z.string(), z.object({ url: z.string(), detail: z.string().optional() })]).optional(),
});

const Message = z.object({
  role: z.string(),
  content: z.union([z.string(), z.array(Part), z.null()]).optional(),
});

export const ChatCompletionRequestSchema = z.object({
  model: z.string().min(1).max(200),
  messages: z.array(Message).min(1).max(10_000),
  stream: z.boolean().nullish(),
  n: z.number().int().nullish(),
  tools: z.array(z.unknown()).nullish(),
  functions: z.array(z.unknown()).nullish(),
  tool_choice: z.union([z.string(), z.record(z.string(), z.unknown())]).nullish(),
  user: z.string().max(1000).nullish(),
  /** `include_usage`: a last chunk with the turn's usage and no choices (as OpenAI sends it). */
  stream_options: z.object({ include_usage: z.boolean().nullish() }).nullish(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;
type ChatMessage = ChatCompletionRequest['messages'][number];

export interface RequestRefusal {
  code: ErrorCodeOf<'unsupported_parameter' | 'last_message_not_user' | 'no_user_message'>;
  message: string;
  param: string;
}

/** The text of a message (text parts joined; pictures are read by request-pictures.ts). */
export function messageText(message: ChatMessage): string {
  const content = message.content;
  if (typeof content === 'string') return content;
  return (content ?? [])
    .filter((part) => part.type === 'text' && part.text)
    .map((part) => part.text)
    .join('\n');
}

/** Tools are offered only when there are some and the caller did not say `tool_choice: "none"`. */
function offersTools(request: ChatCompletionRequest): boolean {
  const tools = (request.tools?.length ?? 0) + (request.functions?.length ?? 0);
  return tools > 0 && request.tool_choice !== 'none';
}

/** Why the box cannot run this request as asked, or undefined when it can. */
export function refusalOf(request: ChatCompletionRequest, t: OpenAiMessages): RequestRefusal | undefined {
  if (request.n !== undefined && request.n !== null && request.n !== 1)
    return { code: 'unsupported_parameter', param: 'n', message: t.onlyOneChoice(request.n) };
  if (offersTools(request))
    return {
      code: 'unsupported_parameter',
      param: request.tools?.length ? 'tools' : 'functions',
      message: t.noCallerTools,
    };
  const choice = request.tool_choice;
  if (choice !== undefined && choice !== null && choice !== 'none' && choice !== 'auto')
    return { code: 'unsupported_parameter', param: 'tool_choice', message: t.noToolChoice };
  // System messages after the user's last words do not make it another kind of request.
  const last = request.messages.findLast(
    (message) => message.role !== 'system' && message.role !== 'developer',
  );
  if (last?.role === 'tool' || last?.role === 'function')
    return { code: 'last_message_not_user', param: 'messages', message: t.endsWithToolResult };
  if (last !== undefined && last.role !== 'user')
    return { code: 'last_message_not_user', param: 'messages', message: t.lastNotUser(last.role) };
  const pictures = Array.isArray(last?.content) && last.content.some((part) => part.type === 'image_url');
  if (last === undefined || (messageText(last).trim() === '' && !pictures))
    return { code: 'no_user_message', param: 'messages', message: t.noUserMessage };
  return undefined;
}

/** The user's words this request adds (call after `refusalOf` found nothing). */
export function lastUserText(request: ChatCompletionRequest): string {
  const last = request.messages.findLast((message) => message.role === 'user');
  return last ? messageText(last) : '';
}
