import { LlmConfigSchema } from '../../src/config/schema.js';
import { createProvider } from '../../src/providers/create-provider.js';
import type { ChatProvider, ProviderEvent } from '../../src/providers/types.js';
import type { FakeLlm } from './fake-llm.js';

export const TEST_KEY = 'sk-test-secret-123';

/** A provider pointed at the fake server, with fast retries. */
export function fakeProvider(llm: FakeLlm, overrides: Record<string, unknown> = {}): ChatProvider {
  const config = LlmConfigSchema.parse({
    provider: 'custom',
    base_url: llm.baseUrl,
    model: 'test-model',
    api_key_env: 'TEST_LLM_KEY',
    timeout_s: 10,
    max_retries: 2,
    ...overrides,
  });
  return createProvider(config, {
    env: { TEST_LLM_KEY: TEST_KEY },
    home: '/nonexistent',
    lang: 'en',
    retryBaseMs: 1,
  });
}

export async function collect(events: AsyncIterable<ProviderEvent>): Promise<ProviderEvent[]> {
  const out: ProviderEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

export function lastEvent(events: ProviderEvent[]): ProviderEvent {
  const last = events.at(-1);
  if (!last) throw new Error('no events');
  return last;
}
