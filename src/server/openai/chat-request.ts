/**
 * What an OpenAI chat-completions request means to Aibox: the model name picks the session
 * (`aibox` → `main`, `aibox:NAME` → NAME) and the last user message becomes one turn. The rest of
 * the history stays the session's own (the box keeps its conversation), so other fields are ignored.
 */
import { z } from 'zod';
import { SESSION_ID } from '../../protocol/frames.js';

const TextPart = z.object({ type: z.string(), text: z.string().optional() });

export const ChatRequestSchema = z.object({
  model: z.string().min(1).max(200),
  messages: z
    .array(
      z.object({
        role: z.string(),
        content: z.union([z.string(), z.array(TextPart), z.null()]).optional(),
      }),
    )
    .min(1)
    .max(10_000),
  stream: z.boolean().optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

export const MODEL_PREFIX = 'aibox';

/** The session a model name selects, or undefined for a name that is not ours. */
export function sessionOfModel(model: string): string | undefined {
  if (model === MODEL_PREFIX) return 'main';
  if (!model.startsWith(`${MODEL_PREFIX}:`)) return undefined;
  const name = model.slice(MODEL_PREFIX.length + 1);
  return SESSION_ID.test(name) ? name : undefined;
}

/** The text of the last user message (text parts joined), or undefined when there is none. */
export function lastUserText(request: ChatRequest): string | undefined {
  for (let i = request.messages.length - 1; i >= 0; i--) {
    const message = request.messages[i];
    if (message?.role !== 'user') continue;
    const content = message.content;
    const text =
      typeof content === 'string'
        ? content
        : (content ?? [])
            .filter((part) => part.type === 'text' && part.text)
            .map((part) => part.text)
            .join('\n');
    return text.trim() === '' ? undefined : text;
  }
  return undefined;
}
