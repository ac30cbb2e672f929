/**
 * /api/settings on a real box over HTTP: every key of the schema with its type, default, live
 * flag and zh/en label, secrets only as set; a save writes config.json atomically (0600) and
 * applies the live keys at once (the model key included), names the restart ones, and a refused
 * save (unknown key with its nearest, wrong type, a hand-broken file) writes nothing. Changes need
 * the client key.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SettingKeyDto, SettingsDto } from '../../../src/server/api/dto.js';
import { type Box, personCookie, startBox } from '../harness.js';

let box: Box;
let configPath: string;
beforeAll(async () => {
  box = await startBox({
    config: { channels: { telegram: { token: '123:tg-secret', allowed_ids: [1] } } },
  });
  configPath = join(box.home, 'config.json');
});
afterAll(async () => {
  await box?.close();
});

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
type Json = any;

async function call(
  method: string,
  path: string,
  body?: unknown,
  cookie = true,
): Promise<{ status: number; body: Json; text: string }> {
  const url = `${box.server.url}/api/settings${path}`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const key = personCookie(box.server.url);
  if (cookie && key) headers.cookie = key;
  const res = await fetch(url, {
    method,
    headers,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), text };
}

const keyOf = (settings: SettingsDto, name: string) =>
  settings.keys.find((k) => k.key === name) as SettingKeyDto;

describe('/api/settings', () => {
  it('lists every key from the schema, secrets only as set', async () => {
    const { status, body, text } = await call('GET', '');
    expect(status).toBe(200);
    expect(body.keys.length).toBeGreaterThan(80);
    expect(text).not.toContain('123:tg-secret');
    expect(text).not.toContain('sk-server-test-secret-key');
    expect(keyOf(body, 'channels.telegram.token')).toMatchObject({
      secret: true,
      set: true,
      value: '',
      live: false,
    });
    expect(keyOf(body, 'llm.temperature')).toMatchObject({
      section: 'llm',
      live: true,
      default: 0.7,
      schema: { type: 'number', minimum: 0, maximum: 2 },
    });
    expect(keyOf(body, 'llm.temperature').label.zh).toMatch(/[\u4e00-\u9fff]/);
    expect(keyOf(body, 'safety.mode').schema).toMatchObject({ enum: ['ask', 'deny', 'off'] });
    expect(body.sections.find((s: { name: string }) => s.name === 'channels.telegram').label.en).toBe(
      'Telegram',
    );
    expect(body.modelReady).toBe(true);
  });

  it('saves and applies live keys at once, three-level keys alone, and names the restart ones', async () => {
    const saved = await call('PUT', '', {
      values: {
        'channels.telegram.allowed_ids': [1, 42],
        'safety.web_allow_hosts': ['nas.local'],
        'llm.temperature': 0.2,
        'server.port': 9999,
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.applied).toEqual([
      'channels.telegram.allowed_ids',
      'llm.temperature',
      'safety.web_allow_hosts',
    ]);
    expect(saved.body.restart).toEqual(['server.port']);
    expect(saved.body.settings.restartPending).toEqual(['server.port']);
    expect(box.app.config.channels.telegram).toMatchObject({ token: '123:tg-secret', allowed_ids: [1, 42] });
    expect(box.app.config.safety.web_allow_hosts).toEqual(['nas.local']);
    expect(box.app.config.server.port).not.toBe(9999);
    const file = JSON.parse(readFileSync(configPath, 'utf8'));
    expect(file.channels.telegram).toEqual({ token: '123:tg-secret', allowed_ids: [1, 42] });
    expect(statSync(configPath).mode & 0o777).toBe(0o600);
    // Back to the default: the key leaves the file.
    const reset = await call('PUT', '', { values: { 'server.port': null } });
    expect(reset.body.settings.restartPending).toEqual([]);
    expect(JSON.parse(readFileSync(configPath, 'utf8')).server.port).toBeUndefined();
  });

  it('takes the model key, applies it to the next request, and never shows it back', async () => {
    const saved = await call('PUT', '', { values: { 'llm.api_key': 'sk-typed-in-the-page' } });
    expect(saved.status).toBe(200);
    expect(saved.body.applied).toEqual(['llm.api_key']);
    expect(saved.text).not.toContain('sk-typed-in-the-page');
    expect(keyOf(saved.body.settings, 'llm.api_key')).toMatchObject({ set: true, value: '' });
    expect(box.app.provider.info.keyEnv).toBe('llm.api_key');
    expect(JSON.parse(readFileSync(configPath, 'utf8')).llm.api_key).toBe('sk-typed-in-the-page');
    const again = await call('GET', '');
    expect(again.text).not.toContain('sk-typed-in-the-page');
  });

  it('keeps MCP env secrets sent back as [set], and shows only their names', async () => {
    const server = {
      command: 'definitely-not-installed-mcp',
      env: { GITHUB_TOKEN: 'ghp_secret_value' },
      enabled: false,
    };
    expect((await call('PUT', '', { values: { 'mcp.servers': { gh: server } } })).status).toBe(200);
    const shown = await call('GET', '');
    expect(shown.text).not.toContain('ghp_secret_value');
    const value = keyOf(shown.body, 'mcp.servers').value as Record<string, { env: Record<string, string> }>;
    expect(value.gh?.env).toEqual({ GITHUB_TOKEN: '[set]' });
    // The page sends the shown value back with one change: the secret stays.
    const back = { gh: { ...value.gh, args: ['--x'] } };
    expect((await call('PUT', '', { values: { 'mcp.servers': back } })).status).toBe(200);
    expect(JSON.parse(readFileSync(configPath, 'utf8')).mcp.servers.gh.env).toEqual({
      GITHUB_TOKEN: 'ghp_secret_value',
    });
    expect(box.app.mcp.status().map((s) => s.name)).toEqual(['gh']);
  });

  it('refuses a bad save with each key named and writes nothing', async () => {
    const before = readFileSync(configPath, 'utf8');
    const typo = await call('PUT', '', { values: { 'llm.timeout': 5 } });
    expect(typo.status).toBe(400);
    expect(typo.body.error.code).toBe('settings_invalid');
    expect(typo.body.problems[0]).toMatchObject({ key: 'llm.timeout' });
    expect(typo.body.problems[0].expected.en).toContain('did you mean llm.timeout_s?');
    const wrong = await call('PUT', '', { values: { 'llm.temperature': 'hot', 'safety.mode': 'maybe' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.problems.map((p: { key: string }) => p.key).sort()).toEqual([
      'llm.temperature',
      'safety.mode',
    ]);
    expect(wrong.body.problems.find((p: { key: string }) => p.key === 'llm.temperature').found).toBe('"hot"');
    expect(readFileSync(configPath, 'utf8')).toBe(before);
    expect(box.app.config.llm.temperature).toBe(0.2);
  });

  it('reports a hand-broken file by line and column, never overwriting it', async () => {
    const before = readFileSync(configPath, 'utf8');
    const broken = '{\n  "llm": {\n    "model": "x",,\n  }\n}\n';
    writeFileSync(configPath, broken);
    try {
      const shown = await call('GET', '');
      expect(shown.body.fileProblems[0].expected.en).toMatch(/line 3, column \d+/);
      const save = await call('PUT', '', { values: { 'llm.temperature': 0.3 } });
      expect(save.status).toBe(400);
      expect(save.body.problems[0].expected.en).toMatch(/line 3, column \d+/);
      const reload = await call('POST', '/reload');
      expect(reload.status).toBe(400);
      expect(readFileSync(configPath, 'utf8')).toBe(broken);
    } finally {
      writeFileSync(configPath, before);
    }
  });

  it('needs the client key to change anything', async () => {
    const res = await call('PUT', '', { values: { 'llm.temperature': 0.5 } }, false);
    expect(res.status).toBe(403);
    expect(box.app.config.llm.temperature).toBe(0.2);
  });
});
