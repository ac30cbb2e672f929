/**
 * A picture described in words by `media.vision_model` (any OpenAI-compatible chat endpoint that
 * takes `image_url` parts), for a chat model that cannot see. One non-streamed request with a
 * time limit; the answer is bounded in bytes and the description in characters. The picture goes
 * only to that configured endpoint.
 */
import type { Lang } from '../../i18n/lang.js';
import { cappedFetch } from '../../util/capped-fetch.js';
import { mediaMessages } from './messages.js';

export interface VisionModelSettings {
  baseUrl: string;
  model: string;
  /** '' when the endpoint needs none. */
  apiKey: string;
}

export const DESCRIBE_TIMEOUT_MS = 60_000;
const MAX_ANSWER_BYTES = 1024 * 1024;
export const MAX_DESCRIPTION_CHARS = 4000;
const MAX_DESCRIPTION_TOKENS = 800;

export type DescribePicture = (
  settings: VisionModelSettings,
  dataUrl: string,
  lang: Lang,
  signal: AbortSignal,
) => Promise<string>;

export const describePicture: DescribePicture = async (settings, dataUrl, lang, signal) => {
  // The SDK is loaded by the first description, not at start.
  const { default: OpenAI } = await import('openai');
  const client = new OpenAI({
    baseURL: settings.baseUrl,
    apiKey: settings.apiKey || 'none',
    organization: null,
    project: null,
    maxRetries: 1,
    timeout: DESCRIBE_TIMEOUT_MS,
    logLevel: 'off',
    fetch: cappedFetch(MAX_ANSWER_BYTES),
  });
  const answer = await client.chat.completions.create(
    {
      model: settings.model,
      max_tokens: MAX_DESCRIPTION_TOKENS,
      temperature: 0.2,
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: mediaMessages(lang).describePrompt },
            { type: 'image_url', image_url: { url: dataUrl } },
          ],
        },
      ],
    },
    { signal },
  );
  const text = answer.choices?.[0]?.message?.content;
  if (typeof text !== 'string' || text.trim() === '') throw new Error(mediaMessages(lang).emptyDescription);
  const trimmed = text.trim();
  return trimmed.length > MAX_DESCRIPTION_CHARS ? `${trimmed.slice(0, MAX_DESCRIPTION_CHARS)}…` : trimmed;
};
