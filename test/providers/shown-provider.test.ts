import { describe, expect, it } from 'vitest';
import { PRESETS } from '../../src/providers/presets.js';
import { shownProvider } from '../../src/providers/shown-provider.js';

describe('shownProvider', () => {
  it('names the preset while its own base URL is used', () => {
    expect(shownProvider({ provider: 'deepseek', baseUrl: PRESETS.deepseek.baseUrl })).toBe('deepseek');
    expect(shownProvider({ provider: 'ollama', baseUrl: PRESETS.ollama.baseUrl })).toBe('ollama');
  });

  it('says custom when the base URL points elsewhere', () => {
    expect(shownProvider({ provider: 'deepseek', baseUrl: 'http://127.0.0.1:8080/v1' })).toBe('custom');
    expect(shownProvider({ provider: 'custom', baseUrl: 'http://box:1234/v1' })).toBe('custom');
  });
});
