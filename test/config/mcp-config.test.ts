import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { redactConfig } from '../../src/config/redact-config.js';
import { validateConfig } from '../../src/config/validate-config.js';

function problems(raw: unknown) {
  try {
    validateConfig(raw);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => `${p.key}: ${p.expected.en}`);
    throw error;
  }
  return [];
}

describe('mcp config', () => {
  it('accepts the Claude Desktop shape for stdio and http servers', () => {
    const { config } = validateConfig({
      mcp: {
        servers: {
          fs: { command: 'npx', args: ['-y', 'x'], env: { A: '1' } },
          web: { url: 'http://127.0.0.1:3001/mcp', headers: { Authorization: 'Bearer t' } },
        },
      },
    });
    expect(config.mcp.servers.fs).toMatchObject({ command: 'npx', enabled: true, timeout_s: 60 });
    expect(config.mcp.servers.web).toMatchObject({
      url: 'http://127.0.0.1:3001/mcp',
      headers: { Authorization: 'Bearer t' },
    });
    expect(config.mcp.serve_ask).toBe(false);
    expect(config.server.openai_api).toBe(false);
  });

  it('names the key that is wrong', () => {
    expect(problems({ mcp: { servers: { a: { command: '' } } } })).toEqual([
      'mcp.servers.a.command: a value ≥ 1',
    ]);
    expect(problems({ mcp: { servers: { a: { command: 'x', bogus: 1 } } } })[0]).toMatch(
      /^mcp\.servers\.a\.bogus: no such key/,
    );
    expect(problems({ mcp: { servers: { a: { url: 'ftp://x' } } } })[0]).toMatch(/^mcp\.servers\.a\.url/);
    expect(problems({ mcp: { servers: { a: {} } } })[0]).toMatch(/^mcp\.servers\.a\.command/);
    expect(problems({ mcp: { servers: { 'a b': { command: 'x' } } } })[0]).toMatch(/^mcp\.servers/);
    expect(problems({ mcp: { servers: { a__b: { command: 'x' } } } })[0]).toMatch(/^mcp\.servers/);
  });

  it('never shows MCP env values or headers in /config', () => {
    const { config } = validateConfig({
      mcp: {
        servers: {
          gh: { command: 'gh-mcp', env: { GITHUB_TOKEN: 'ghp_secret' } },
          web: { url: 'https://x.example/mcp', headers: { Authorization: 'Bearer secret' } },
        },
      },
    });
    const shown = JSON.stringify(redactConfig(config));
    // The values, not the word: channel keys such as `app_secret` are named in /config too.
    expect(shown).not.toContain('ghp_secret');
    expect(shown).not.toContain('Bearer secret');
    expect(shown).toContain('"GITHUB_TOKEN":"[set]"');
    expect(shown).toContain('"Authorization":"[set]"');
  });
});
