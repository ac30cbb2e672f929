import { describe, expect, it } from 'vitest';
import { modelSees } from '../../src/providers/vision-models.js';

describe('modelSees', () => {
  it('knows the presets’ vision models by name', () => {
    expect(modelSees('deepseek', 'deepseek-chat', 'auto')).toBe(false);
    expect(modelSees('qwen', 'qwen-plus', 'auto')).toBe(false);
    expect(modelSees('qwen', 'qwen-vl-max', 'auto')).toBe(true);
    expect(modelSees('qwen', 'qwen2.5-vl-72b-instruct', 'auto')).toBe(true);
    expect(modelSees('zhipu', 'glm-4-flash', 'auto')).toBe(false);
    expect(modelSees('zhipu', 'glm-4v-flash', 'auto')).toBe(true);
    expect(modelSees('ark', 'doubao-seed-1-6-250615', 'auto')).toBe(true);
    expect(modelSees('moonshot', 'kimi-k2-0905-preview', 'auto')).toBe(false);
    expect(modelSees('moonshot', 'moonshot-v1-8k-vision-preview', 'auto')).toBe(true);
    expect(modelSees('openai', 'gpt-4o-mini', 'auto')).toBe(true);
    expect(modelSees('openai', 'o1-mini', 'auto')).toBe(false);
    expect(modelSees('ollama', 'qwen2.5:7b', 'auto')).toBe(false);
    expect(modelSees('ollama', 'llava:13b', 'auto')).toBe(true);
    expect(modelSees('openrouter', 'openai/gpt-4o', 'auto')).toBe(true);
    expect(modelSees('openrouter', 'deepseek/deepseek-chat', 'auto')).toBe(false);
    expect(modelSees('custom', 'my-model', 'auto')).toBe(false);
    expect(modelSees('custom', 'Qwen2.5-VL-7B', 'auto')).toBe(true);
  });

  it('llm.vision true or false overrides what the name says', () => {
    expect(modelSees('custom', 'my-model', true)).toBe(true);
    expect(modelSees('openai', 'gpt-4o', false)).toBe(false);
  });
});
