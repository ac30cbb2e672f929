import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { loadConfig } from '../../src/config/load-config.js';
import { defaultConfig } from '../../src/config/schema.js';
import { validateConfig } from '../../src/config/validate-config.js';

function tempConfigPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'aibox-config-')), 'config.json');
}

async function expectConfigError(path: string): Promise<ConfigError> {
  const error = await loadConfig(path).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ConfigError);
  return error as ConfigError;
}

describe('loadConfig', () => {
  it('writes the documented defaults on first use and reads them back', async () => {
    const path = tempConfigPath();
    const loaded = await loadConfig(path);
    expect(loaded.created).toBe(true);
    expect(loaded.config).toEqual(defaultConfig());
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual(defaultConfig());
    expect(loaded.config.server).toMatchObject({ host: '127.0.0.1', port: 8765 });
    expect(loaded.config.skills.probe_timeout_s).toBe(10);
    expect((await loadConfig(path)).created).toBe(false);
  });

  it('deep-merges user values over the defaults', async () => {
    const path = tempConfigPath();
    writeFileSync(path, JSON.stringify({ llm: { provider: 'ollama' }, server: { port: 9000 } }));
    const { config } = await loadConfig(path);
    expect(config.llm.provider).toBe('ollama');
    expect(config.llm.temperature).toBe(0.7);
    expect(config.server).toMatchObject({ port: 9000, host: '127.0.0.1' });
  });

  it('names the bad key, what was expected and what was found, and never rewrites the file', async () => {
    const path = tempConfigPath();
    const text = JSON.stringify({ llm: { temperature: 'hot' }, server: { port: 70000 } });
    writeFileSync(path, text);
    const error = await expectConfigError(path);
    const keys = error.problems.map((p) => p.key);
    expect(keys).toContain('llm.temperature');
    expect(keys).toContain('server.port');
    const temperature = error.problems.find((p) => p.key === 'llm.temperature')!;
    expect(temperature.found).toBe('"hot"');
    expect(temperature.expected).toEqual({ zh: '数字类型', en: 'a number' });
    expect(error.problems.find((p) => p.key === 'server.port')?.expected.en).toBe('a value ≤ 65535');
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('names each wrong value of the consolidation and elicitation keys, and never rewrites the file', async () => {
    const path = tempConfigPath();
    const text = JSON.stringify({
      memory: { consolidate: { enabled: 'yes', time: '25:99', max_tokens: 1e12 } },
      mcp: { elicitation_timeout_s: -5 },
    });
    writeFileSync(path, text);
    const keys = (await expectConfigError(path)).problems.map((p) => p.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'memory.consolidate.enabled',
        'memory.consolidate.time',
        'memory.consolidate.max_tokens',
        'mcp.elicitation_timeout_s',
      ]),
    );
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('takes a hash only on an MCP allow rule, and only as sha256 hex', async () => {
    const hash = 'a'.repeat(64);
    const ok = validateConfig({
      safety: { rules: [{ tool: 'mcp', command: 'fs__read', decision: 'allow', hash }] },
    });
    expect(ok.config.safety.rules[0]?.hash).toBe(hash);
    const path = tempConfigPath();
    writeFileSync(
      path,
      JSON.stringify({
        safety: {
          rules: [
            { command: 'ls', decision: 'allow', hash },
            { tool: 'mcp', command: 'fs__read', decision: 'deny', hash },
            { tool: 'mcp', command: 'fs__read', decision: 'allow', hash: 'abc' },
          ],
        },
      }),
    );
    const error = await expectConfigError(path);
    expect(error.problems.map((p) => p.key)).toEqual([
      'safety.rules.0.hash',
      'safety.rules.1.hash',
      'safety.rules.2.hash',
    ]);
    expect(error.problems[0]?.expected).toEqual({
      zh: '仅用于 "tool": "mcp" 的 allow 规则',
      en: 'only on an allow rule with "tool": "mcp"',
    });
    expect(error.problems[0]?.found).toBe(JSON.stringify(hash));
  });

  it('reports unknown keys instead of ignoring them', async () => {
    const path = tempConfigPath();
    writeFileSync(path, JSON.stringify({ skills: { probe_timeout: 5 } }));
    const error = await expectConfigError(path);
    expect(error.problems).toEqual([expect.objectContaining({ key: 'skills.probe_timeout', found: '5' })]);
  });

  it('suggests the known key an unknown one is probably a typo of, at any depth', async () => {
    const path = tempConfigPath();
    const text = JSON.stringify({
      llm: { timeout: 5 },
      channels: { telegram: { alowed_ids: [1] } },
      server: { zzzzzz: 1 },
    });
    writeFileSync(path, text);
    const error = await expectConfigError(path);
    const said = Object.fromEntries(error.problems.map((p) => [p.key, p.expected]));
    expect(said['llm.timeout']).toEqual({
      zh: '不存在此配置项，是否想写 llm.timeout_s？',
      en: 'no such key; did you mean llm.timeout_s?',
    });
    expect(said['channels.telegram.alowed_ids']?.en).toBe(
      'no such key; did you mean channels.telegram.allowed_ids?',
    );
    expect(said['server.zzzzzz']?.en).toBe('no such key (see docs/configuration.md)');
    expect(readFileSync(path, 'utf8')).toBe(text);
  });

  it('reports a file that is not JSON with the parser message', async () => {
    const path = tempConfigPath();
    writeFileSync(path, '{ "llm": ');
    const error = await expectConfigError(path);
    expect(error.problems[0]?.key).toBe('(file)');
    expect(error.problems[0]?.expected.en).toBe('valid JSON (the error is at line 1, column 10)');
  });

  it('names the line and column of a syntax error', async () => {
    const path = tempConfigPath();
    writeFileSync(path, '{\n  "llm": {\n    "timeout_s": 5,\n  }\n}\n');
    const error = await expectConfigError(path);
    expect(error.problems[0]?.expected).toEqual({
      zh: '合法的 JSON（第 4 行第 3 列有误）',
      en: 'valid JSON (the error is at line 4, column 3)',
    });
    expect(error.problems[0]?.found).not.toMatch(/position/);
  });

  it("accepts the original Aibox's config.json and maps its keys", async () => {
    const path = tempConfigPath();
    const original = {
      system: {
        debug_level: 3,
        websocket_host: 'localhost',
        websocket_port: 8766,
        skills_dir: '~/my-skills',
      },
      scheduler: { enabled: false, check_interval: 1.0, max_tasks_per_run: 10, broadcast_enabled: true },
      api: {
        deepseek_api_url: 'https://ark.cn-beijing.volces.com/api/v3/chat/completions',
        deepseek_model: 'doubao-seed-2-0-mini-260215',
        api_key_env: 'ARK_API_KEY',
        timeout: 30,
        temperature: 0.5,
      },
      context: { max_tokens: 4096, compress_enabled: true },
      commands: { enabled: false },
      tools: { max_result_length: 20000, save_result_to_file: false },
      memo: { default_reminder_minutes: 60 },
    };
    writeFileSync(path, JSON.stringify(original));
    const { config, legacy } = await loadConfig(path);
    expect(config.server).toMatchObject({ host: '127.0.0.1', port: 8766 });
    expect(config.log.level).toBe('debug');
    expect(config.skills.dir).toBe('~/my-skills');
    expect(config.scheduler.enabled).toBe(false);
    expect(config.llm).toMatchObject({
      base_url: 'https://ark.cn-beijing.volces.com/api/v3',
      model: 'doubao-seed-2-0-mini-260215',
      api_key_env: 'ARK_API_KEY',
      temperature: 0.5,
      max_tokens: 4096,
    });
    expect(config.tools).toMatchObject({ commands_enabled: false, max_result_chars: 20000 });
    expect(legacy.map((n) => n.key)).toEqual(expect.arrayContaining(['api.deepseek_model', 'memo']));
  });

  it('lets a new-style key win over its legacy twin', async () => {
    const path = tempConfigPath();
    writeFileSync(path, JSON.stringify({ server: { port: 9001 }, system: { websocket_port: 8766 } }));
    expect((await loadConfig(path)).config.server.port).toBe(9001);
  });
});

describe('config defaults', () => {
  it('are fresh per parse: a rule added to one config never appears in another', async () => {
    const a = defaultConfig();
    a.safety.rules.push({ decision: 'allow', tool: 'run_command', command: 'ls' });
    a.server.allowed_origins.push('http://x');
    expect(defaultConfig().safety.rules).toEqual([]);
    expect(validateConfig({}).config.server.allowed_origins).toEqual([]);
  });
});
