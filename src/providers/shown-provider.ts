import type { ProviderId } from '../config/schema.js';
import { PRESETS } from './presets.js';
import type { ProviderInfo } from './types.js';

/**
 * The provider name to show (`/healthz`, the page's status bar): the preset, or `custom` when its
 * base URL was replaced (`llm.base_url`, `AIBOX_LLM_BASE_URL`) — then it is not that vendor any more.
 */
export function shownProvider(info: Pick<ProviderInfo, 'provider' | 'baseUrl'>): ProviderId {
  return info.baseUrl === PRESETS[info.provider].baseUrl ? info.provider : 'custom';
}
