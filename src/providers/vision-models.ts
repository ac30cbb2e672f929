/**
 * Which models take pictures (OpenAI-style `image_url` content parts), per preset, by model name.
 * What each vendor documents as its vision models (checked 2026-12): DeepSeek's chat models take
 * text only; Ark's Doubao Seed 1.6 family and its `*vision*` models see; DashScope's `qwen-vl-*`,
 * `qwen2.5-vl-*`, `qwen3-vl-*`, `qvq-*` and `*-omni-*`; Moonshot's `moonshot-v1-*-vision-preview`
 * and `kimi-latest`; Zhipu's `glm-4v*`, `glm-4.1v*`, `glm-4.5v`; OpenAI's `gpt-4o*`, `gpt-4.1*`,
 * `gpt-5*`, `gpt-4-turbo`, `o1`, `o3`, `o4-mini`; Ollama's `llava*`, `*-vision`, `qwen2.5vl`,
 * `gemma3`, `minicpm-v`, `moondream`. A name the list does not know counts as blind unless it
 * says `vision` or `-vl`; `llm.vision: true|false` overrides all of this.
 */
import type { ProviderId } from '../config/schema.js';

const OPENAI = /^(gpt-4o|gpt-4\.1|gpt-5|gpt-4-turbo|o1$|o1-(?!mini)|o3|o4-mini)/i;

const SEEING: Partial<Record<ProviderId, RegExp>> = {
  ark: /seed-1[-.]6|seed-1[-.]8|vision/i,
  qwen: /(^|-)vl|qvq|omni/i,
  moonshot: /vision|^kimi-latest/i,
  zhipu: /^glm-[\d.]+v/i,
  openai: OPENAI,
  ollama: /llava|vision|vl|gemma3|minicpm-v|moondream/i,
};

/** Any vendor: names that say so. */
const SAYS_VISION = /vision|(^|[-_.])vl([-_.:]|$)/i;

/** OpenRouter names models `vendor/model`: judged by the vendor's own list. */
function openRouterSees(model: string): boolean {
  const [vendor = '', name = ''] = model.split('/', 2);
  if (vendor === 'openai') return OPENAI.test(name);
  if (vendor === 'anthropic' || vendor === 'google') return true;
  if (vendor === 'qwen') return SEEING.qwen?.test(name) ?? false;
  return SAYS_VISION.test(name);
}

export function modelSees(provider: ProviderId, model: string, override: boolean | 'auto'): boolean {
  if (override !== 'auto') return override;
  if (provider === 'openrouter') return openRouterSees(model);
  return (SEEING[provider]?.test(model) ?? false) || SAYS_VISION.test(model);
}
