import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LlmConfigSchema } from '../../src/config/schema.js';
import { createProvider } from '../../src/providers/create-provider.js';
import { resolveLlmSettings } from '../../src/providers/resolve-settings.js';
import { collect } from '../helpers/fake-llm-provider.js';

const llm = (values: Record<string, unknown> = {}) => LlmConfigSchema.parse(values);
const emptyHome = () => mkdtempSync(join(tmpdir(), 'aibox-home-'));

describe('resolveLlmSettings', () => {
  it('uses the deepseek preset by default with its key variable', () => {
    const s = resolveLlmSettings(llm(), { env: { DEEPSEEK_API_KEY: 'k1' }, home: emptyHome() });
    expect(s).toMatchObject({
      provider: 'deepseek',
      baseUrl: 'https://api.deepseek.com',
      model: 'deepseek-chat',
      apiKey: 'k1',
      keyEnv: 'DEEPSEEK_API_KEY',
      timeoutMs: 120_000,
      maxRetries: 3,
    });
    expect(s.problem).toBeUndefined();
  });

  it('lets AIBOX_LLM_* override config and preset, with notices', () => {
    const s = resolveLlmSettings(llm({ provider: 'qwen', model: 'qwen-max', api_key_env: 'MY_KEY' }), {
      env: {
        AIBOX_LLM_BASE_URL: 'http://127.0.0.1:9/v1',
        AIBOX_LLM_MODEL: 'other',
        AIBOX_LLM_API_KEY: 'k2',
        MY_KEY: 'k3',
      },
      lang: 'en',
    });
    expect(s).toMatchObject({
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'other',
      apiKey: 'k2',
      keyEnv: 'AIBOX_LLM_API_KEY',
    });
    expect(s.notices).toEqual([expect.stringContaining('AIBOX_LLM_MODEL')]);
  });

  it('reads llm.api_key_env', () => {
    const s = resolveLlmSettings(llm({ provider: 'zhipu', api_key_env: 'MY_KEY' }), {
      env: { MY_KEY: 'k3' },
    });
    expect(s).toMatchObject({ apiKey: 'k3', keyEnv: 'MY_KEY', model: 'glm-4-flash' });
  });

  it("falls back to the original's ~/.cert/deepseek.key, with a notice", () => {
    const home = emptyHome();
    mkdirSync(join(home, '.cert'));
    writeFileSync(join(home, '.cert', 'deepseek.key'), 'sk-from-file\n');
    const s = resolveLlmSettings(llm(), { env: {}, home, lang: 'en' });
    expect(s.apiKey).toBe('sk-from-file');
    expect(s.problem).toBeUndefined();
    expect(s.notices[0]).toContain(join(home, '.cert', 'deepseek.key'));
  });

  it("finds the key in the data dir's service.env when the environment has none (aibox mcp serve under a desktop app)", () => {
    const dir = emptyHome();
    const serviceEnv = join(dir, 'service.env');
    writeFileSync(serviceEnv, '# the service\nexport DEEPSEEK_API_KEY="sk-service"\nOTHER=1\n');
    const found = resolveLlmSettings(llm(), { env: {}, home: emptyHome(), serviceEnv });
    expect(found).toMatchObject({ apiKey: 'sk-service', keyEnv: 'DEEPSEEK_API_KEY' });
    expect(found.problem).toBeUndefined();
    // The environment and the config come first; AIBOX_LLM_API_KEY in the file before the preset's variable.
    expect(resolveLlmSettings(llm(), { env: { DEEPSEEK_API_KEY: 'sk-env' }, serviceEnv }).apiKey).toBe(
      'sk-env',
    );
    expect(resolveLlmSettings(llm({ api_key: 'sk-config' }), { env: {}, serviceEnv }).apiKey).toBe(
      'sk-config',
    );
    writeFileSync(serviceEnv, 'DEEPSEEK_API_KEY=sk-service\nAIBOX_LLM_API_KEY=sk-any\n');
    expect(resolveLlmSettings(llm(), { env: {}, serviceEnv })).toMatchObject({
      apiKey: 'sk-any',
      keyEnv: 'AIBOX_LLM_API_KEY',
    });
    // A file that is missing, or a directory, gives nothing.
    const none = resolveLlmSettings(llm(), { env: {}, home: emptyHome(), serviceEnv: join(dir, 'nope') });
    expect(none.problem?.code).toBe('no_key');
    expect(resolveLlmSettings(llm(), { env: {}, home: emptyHome(), serviceEnv: dir }).problem?.code).toBe(
      'no_key',
    );
  });

  it('ollama needs no key; custom needs a base URL and a model', () => {
    expect(resolveLlmSettings(llm({ provider: 'ollama' }), { env: {} }).problem).toBeUndefined();
    expect(resolveLlmSettings(llm({ provider: 'custom' }), { env: {} }).problem?.code).toBe('not_configured');
    const noModel = resolveLlmSettings(llm({ provider: 'custom', base_url: 'http://x/v1' }), {
      env: {},
      lang: 'en',
    });
    expect(noModel.problem?.message).toContain('llm.model');
  });
});

describe('createProvider without a key', () => {
  it('yields no_key naming the variable, in both languages, and complete() throws', async () => {
    const signal = new AbortController().signal;
    const request = { messages: [{ role: 'user' as const, content: 'hi' }] };
    const en = createProvider(llm({ provider: 'moonshot' }), { env: {}, home: emptyHome(), lang: 'en' });
    expect(en.info).toMatchObject({ hasKey: false, keyEnv: 'MOONSHOT_API_KEY' });
    const events = await collect(en.stream(request, signal));
    expect(events).toEqual([
      { type: 'error', code: 'no_key', message: expect.stringContaining('MOONSHOT_API_KEY') },
    ]);
    expect(events[0]?.type === 'error' && events[0].message).toMatch(/^no API key/);
    await expect(en.complete(request, signal)).rejects.toMatchObject({ code: 'llm_no_key' });
    const zh = createProvider(llm(), { env: {}, home: emptyHome() });
    const [zhEvent] = await collect(zh.stream(request, signal));
    expect(zhEvent?.type === 'error' && zhEvent.message).toMatch(/DEEPSEEK_API_KEY.*/);
    expect(zhEvent?.type === 'error' && zhEvent.message).toContain('没有 API Key');
  });
});
