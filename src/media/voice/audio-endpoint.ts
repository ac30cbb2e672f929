/** A configured audio endpoint (`media.transcription`, `media.speech`), without the SDK loaded. */
export interface AudioEndpoint {
  base_url: string;
  api_key_env: string;
}

/** True when the endpoint is configured (a base URL and a model). */
export function isConfigured(endpoint: AudioEndpoint & { model: string }): boolean {
  return endpoint.base_url.trim() !== '' && endpoint.model.trim() !== '';
}
