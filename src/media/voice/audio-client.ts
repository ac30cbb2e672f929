/**
 * An `openai` SDK client for one configured audio endpoint (`media.transcription`,
 * `media.speech`): its base URL, the key from the variable `api_key_env` names (none: a local
 * server, a placeholder is sent), one retry, a time limit, and an answer at most `maxAnswerBytes`.
 */
import OpenAI from 'openai';
import { cappedFetch } from '../../util/capped-fetch.js';
import type { AudioEndpoint } from './audio-endpoint.js';

export function audioClient(
  endpoint: AudioEndpoint,
  options: { env: NodeJS.ProcessEnv; timeoutMs: number; maxAnswerBytes: number },
): OpenAI {
  const keyEnv = endpoint.api_key_env.trim();
  const apiKey = keyEnv ? (options.env[keyEnv]?.trim() ?? '') : '';
  return new OpenAI({
    baseURL: endpoint.base_url.trim().replace(/\/+$/, ''),
    apiKey: apiKey || 'none',
    organization: null,
    project: null,
    maxRetries: 1,
    timeout: options.timeoutMs,
    logLevel: 'off',
    fetch: cappedFetch(options.maxAnswerBytes),
  });
}

/** The SDK's error as one short line (its status and the vendor's message, never the key). */
export function describeAudioError(error: unknown): string {
  if (error instanceof OpenAI.APIError) {
    const status = error.status ? `HTTP ${error.status}` : '';
    return [status, error.message.replace(/^\d{3}\s*/, '')].filter(Boolean).join(': ').slice(0, 300);
  }
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
