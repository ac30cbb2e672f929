import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_CACHE_FILE, configCachePath } from '../../src/config/config-cache.js';
import { ConfigError } from '../../src/config/config-error.js';
import { loadConfig } from '../../src/config/load-config.js';
import { dataPaths } from '../../src/config/paths.js';
import { protectedPaths } from '../../src/safety/protected-paths.js';

function tempHome(): { home: string; path: string; cacheFile: string } {
  const home = mkdtempSync(join(tmpdir(), 'aibox-config-cache-'));
  return { home, path: join(home, 'config.json'), cacheFile: configCachePath(home) };
}

/** A config touching most kinds of value: enums, records, arrays, an MCP server, a legacy key. */
const RICH = {
  llm: { provider: 'ollama', model: 'qwen', api_key_env: 'KEY' },
  server: { port: 9100, token: 'secret-token' },
  safety: { rules: [{ command: 'ls *', decision: 'allow' }] },
  mcp: { servers: { files: { command: 'npx', args: ['-y', 'srv'], env: { A: '1' } } } },
  system: { websocket_port: 9100 },
};

function cached(cacheFile: string): Record<string, unknown> {
  return JSON.parse(readFileSync(cacheFile, 'utf8')) as Record<string, unknown>;
}

describe('loadConfig with the config cache (config.json validated once per change)', () => {
  it('gives what loadConfig without the cache gives, from the schema the first time and from the cache after', async () => {
    const { path, cacheFile } = tempHome();
    writeFileSync(path, JSON.stringify(RICH));
    const expected = await loadConfig(path);
    const first = await loadConfig(path, { cacheFile });
    expect(first).toStrictEqual(expected);
    expect(statSync(cacheFile).mode & 0o777).toBe(0o600);
    const second = await loadConfig(path, { cacheFile });
    expect(second).toStrictEqual(expected);
    expect(second.legacy.map((n) => n.key)).toContain('system.websocket_port');
  });

  it('creates the default config on first use, as without the cache', async () => {
    const { path, cacheFile } = tempHome();
    const first = await loadConfig(path, { cacheFile });
    expect(first.created).toBe(true);
    const again = await loadConfig(path, { cacheFile });
    expect(again).toStrictEqual({ ...(await loadConfig(path)), created: false });
  });

  it('takes the cache only for the very text, path and program it recorded', async () => {
    const { path, cacheFile } = tempHome();
    writeFileSync(path, JSON.stringify({ llm: { model: 'aaaa' } }));
    await loadConfig(path, { cacheFile });
    // The cache is what answers while the file is unchanged: a planted value shows through.
    const record = cached(cacheFile);
    const plant = (changes: Record<string, unknown>) =>
      writeFileSync(
        cacheFile,
        JSON.stringify({ ...record, ...changes, config: { ...(record.config as object), lang: 'zh' } }),
      );
    plant({});
    expect((await loadConfig(path, { cacheFile })).config.lang).toBe('zh');
    // Same size, same second: only the text tells the change, and it is what is compared.
    plant({});
    writeFileSync(path, JSON.stringify({ llm: { model: 'bbbb' } }));
    const changed = await loadConfig(path, { cacheFile });
    expect(changed.config.lang).toBe('');
    expect(changed.config.llm.model).toBe('bbbb');
    // Another program (a rebuild, an upgrade) or another config path: validated afresh.
    for (const other of [{ program: 'another build' }, { path: join(tmpdir(), 'elsewhere.json') }]) {
      plant({ text: readFileSync(path, 'utf8'), ...other });
      expect((await loadConfig(path, { cacheFile })).config.lang).toBe('');
    }
    // A cache others could have written (group or world access) is not trusted, even when it matches.
    plant({ text: readFileSync(path, 'utf8') });
    expect((await loadConfig(path, { cacheFile })).config.lang).toBe('zh');
    plant({ text: readFileSync(path, 'utf8') });
    chmodSync(cacheFile, 0o620);
    expect((await loadConfig(path, { cacheFile })).config.lang).toBe('');
  });

  it('reports a config broken after a good one with the same ConfigError, naming the key', async () => {
    const { path, cacheFile } = tempHome();
    writeFileSync(path, JSON.stringify({ server: { port: 9000 } }));
    await loadConfig(path, { cacheFile });
    writeFileSync(path, JSON.stringify({ server: { port: 'ninety' } }));
    const error = await loadConfig(path, { cacheFile }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.key)).toEqual(['server.port']);
    writeFileSync(path, '{ not json');
    const syntax = await loadConfig(path, { cacheFile }).catch((e: unknown) => e);
    expect((syntax as ConfigError).problems.map((p) => p.key)).toEqual(['(file)']);
  });

  it('survives a garbage cache and a cache it cannot write', async () => {
    const { home, path, cacheFile } = tempHome();
    writeFileSync(path, JSON.stringify({ server: { port: 9001 } }));
    writeFileSync(cacheFile, '{"config": nul');
    expect((await loadConfig(path, { cacheFile })).config.server.port).toBe(9001);
    expect(cached(cacheFile).text).toBe(readFileSync(path, 'utf8'));
    const blocked = join(home, 'not-a-dir');
    writeFileSync(blocked, '');
    expect((await loadConfig(path, { cacheFile: join(blocked, CONFIG_CACHE_FILE) })).config.server.port).toBe(
      9001,
    );
  });

  it('is protected like config.json: it holds the same secrets', () => {
    const home = mkdtempSync(join(tmpdir(), 'aibox-config-cache-'));
    mkdirSync(join(home, 'skills'));
    expect(protectedPaths(dataPaths(home), home)).toContain(join(home, CONFIG_CACHE_FILE));
  });
});
