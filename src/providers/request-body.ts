/**
 * Builds the JSON body of a chat-completions request from a ChatRequest and the
 * resolved settings, applying the preset's quirks.
 */
import type { ProviderPreset } from './presets.js';
import type { ResolvedLlmSettings } from './resolve-settings.js';
import type { ChatMessage, ChatRequest } from './types.js';

/**
 * The wire form of one message. An assistant message carries its `reasoning_content` only when
 * `echoReasoning`; its `content` is never null without tool calls, and with tool calls and no
 * text it is the preset's choice (null or "").
 */
function toWire(
  message: ChatMessage,
  preset: ProviderPreset,
  echoReasoning: boolean,
): Record<string, unknown> {
  if (message.role === 'user' && message.images && message.images.length > 0) {
    const parts: Record<string, unknown>[] = message.content ? [{ type: 'text', text: message.content }] : [];
    for (const url of message.images) parts.push({ type: 'image_url', image_url: { url } });
    return { role: 'user', content: parts };
  }
  if (message.role === 'user') return { role: 'user', content: message.content };
  if (message.role !== 'assistant') return { ...message };
  const wire: Record<string, unknown> = { role: 'assistant' };
  const hasCalls = (message.tool_calls?.length ?? 0) > 0;
  wire.content = message.content || (hasCalls ? preset.toolCallContent : '');
  if (echoReasoning && message.reasoning_content) wire.reasoning_content = message.reasoning_content;
  if (hasCalls) wire.tool_calls = message.tool_calls;
  return wire;
}

export function buildRequestBody(
  request: ChatRequest,
  settings: ResolvedLlmSettings,
  stream: boolean,
  /** Send `reasoning_content` back on assistant messages (see openai-provider.ts). */
  echoReasoning = settings.preset.echoReasoning,
): Record<string, unknown> {
  const { preset } = settings;
  const body: Record<string, unknown> = {
    ...preset.thinking?.(settings.thinking, settings.thinkingBudget, stream),
    model: settings.model,
    messages: request.messages.map((m) => toWire(m, preset, echoReasoning)),
    temperature: request.temperature ?? settings.temperature,
    max_tokens: request.maxTokens ?? settings.maxTokens,
  };
  if (request.tools && request.tools.length > 0) {
    body.tools = request.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  }
  if (stream) {
    body.stream = true;
    if (preset.streamUsage) body.stream_options = { include_usage: true };
  }
  return body;
}
