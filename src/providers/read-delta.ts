/**
 * Reads the answer text and the reasoning out of one streamed `delta` (or one non-streamed
 * `message`) in every shape OpenAI-compatible servers send:
 * - `content` as a string, or as an array of parts: `{type:"text",text}` is answer text,
 *   `{type:"thinking",thinking}` (a string or an array of text parts) is reasoning (Mistral);
 * - reasoning as `reasoning_content` (DeepSeek, Qwen, Moonshot, Zhipu, xAI) or as `reasoning`
 *   (Groq, OpenRouter, newer vLLM and Ollama). A server sending both sends the same text
 *   twice, so `reasoning` counts only when `reasoning_content` is empty.
 * Anything else (unknown part types, non-string values) is ignored, never stringified.
 */

export interface DeltaText {
  text: string;
  reasoning: string;
  /** The reasoning came as `reasoning_content`: the field to send back with the message. */
  reasoningContent: boolean;
}

function partsText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value)) return '';
  return value.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
}

function readContent(content: unknown): { text: string; reasoning: string } {
  if (typeof content === 'string') return { text: content, reasoning: '' };
  if (!Array.isArray(content)) return { text: '', reasoning: '' };
  let text = '';
  let reasoning = '';
  for (const part of content) {
    if (part?.type === 'text' && typeof part.text === 'string') text += part.text;
    else if (part?.type === 'thinking') reasoning += partsText(part.thinking);
  }
  return { text, reasoning };
}

export function readDelta(delta: unknown): DeltaText {
  const fields = (delta ?? {}) as { content?: unknown; reasoning_content?: unknown; reasoning?: unknown };
  const content = readContent(fields.content);
  const reasoningContent = typeof fields.reasoning_content === 'string' ? fields.reasoning_content : '';
  const reasoning = reasoningContent || (typeof fields.reasoning === 'string' ? fields.reasoning : '');
  return {
    text: content.text,
    reasoning: reasoning + content.reasoning,
    reasoningContent: reasoningContent !== '',
  };
}
