import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { redactConfig } from '../../src/config/redact-config.js';
import { validateConfig } from '../../src/config/validate-config.js';

function problems(raw: unknown, lang: 'zh' | 'en' = 'en') {
  try {
    validateConfig(raw);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => `${p.key}: ${p.expected[lang]}`);
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

  it('takes a pre-registered OAuth client and refuses what does not go together', () => {
    const url = 'https://x.example/mcp';
    const { config } = validateConfig({
      mcp: {
        servers: {
          a: { url, client_id: 'aibox', client_secret: 's3cret', grant: 'client_credentials', scope: 'read' },
          b: { url, client_id: 'aibox', private_key: '/keys/aibox.pem' },
        },
      },
    });
    expect(config.mcp.servers.a).toMatchObject({ client_id: 'aibox', grant: 'client_credentials' });
    expect(JSON.stringify(redactConfig(config))).not.toContain('s3cret');
    const server = (entry: Record<string, unknown>) =>
      problems({ mcp: { servers: { a: { url, ...entry } } } });
    expect(server({ client_secret: 's' })).toEqual(['mcp.servers.a.client_secret: needs client_id']);
    expect(problems({ mcp: { servers: { a: { url, client_secret: 's' } } } }, 'zh')).toEqual([
      'mcp.servers.a.client_secret: 需要同时设置 client_id',
    ]);
    expect(server({ client_id: 'c', client_secret: 's', private_key: '/k' })).toEqual([
      'mcp.servers.a.private_key: client_secret or private_key, not both',
    ]);
    expect(server({ client_id: 'c', private_key: '/k', grant: 'authorization_code' })).toEqual([
      'mcp.servers.a.grant: a private key is used with the client_credentials grant',
    ]);
    expect(server({ client_id: 'c', grant: 'client_credentials' })).toEqual([
      'mcp.servers.a.grant: client_credentials needs client_secret or private_key',
    ]);
    expect(server({ client_id: 'c', headers: { authorization: 'Bearer t' } })).toEqual([
      'mcp.servers.a.client_id: an Authorization header already authenticates: no OAuth then',
    ]);
    // Wrong types, too long, unknown grants, and none of it on a stdio server.
    expect(server({ client_id: 7 })[0]).toMatch(/^mcp\.servers\.a\.client_id: /);
    expect(server({ client_id: 'c'.repeat(501) })[0]).toMatch(/^mcp\.servers\.a\.client_id: /);
    expect(server({ client_id: 'c', grant: 'password' })[0]).toMatch(/^mcp\.servers\.a\.grant: /);
    expect(problems({ mcp: { servers: { a: { command: 'x', client_id: 'c' } } } })[0]).toMatch(
      /^mcp\.servers\.a\.client_id: no such key/,
    );
  });
});
