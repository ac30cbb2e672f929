/**
 * `/config`: one list of secrets hides the same values in the text and in the data, MCP servers'
 * env values and headers included (names shown, values not), even a header name with a dot.
 */
import { describe, expect, it } from 'vitest';
import { isSecretPath } from '../../src/config/config-keys.js';
import { changedKeys } from '../../src/config/config-leaves.js';
import { dataPaths } from '../../src/config/paths.js';
import { validateConfig } from '../../src/config/validate-config.js';
import { createProvider } from '../../src/providers/create-provider.js';
import { configCommand } from '../../src/slash-commands/config.js';
import type { SlashCommand } from '../../src/slash-commands/types.js';
import { tempHome } from '../helpers/cli.js';

const SECRETS = [
  'sk-server-token',
  '123:tg-token',
  'lark-app-secret',
  'ghp_mcp_env',
  'Bearer mcp-header',
  'dotted-value',
];

function configWithSecrets() {
  return validateConfig({
    server: { token: 'sk-server-token' },
    channels: { telegram: { token: '123:tg-token' }, lark: { app_secret: 'lark-app-secret' } },
    mcp: {
      servers: {
        gh: { command: 'gh-mcp', env: { GITHUB_TOKEN: 'ghp_mcp_env', EMPTY: '' } },
        web: {
          url: 'https://x.example/mcp',
          headers: { Authorization: 'Bearer mcp-header', 'X.Api.Key': 'dotted-value' },
        },
      },
    },
  }).config;
}

type Session = Parameters<SlashCommand['run']>[0]['session'];
const noSession = {} as Session;

async function runConfig(lang: 'zh' | 'en') {
  const config = configWithSecrets();
  const home = tempHome('aibox-config-cmd-');
  const services = {
    config,
    configPath: `${home}/config.json`,
    paths: dataPaths(home),
    provider: createProvider(config.llm, { env: {}, home }),
  };
  return configCommand.run({ services, session: noSession, lang, args: '' });
}

describe('/config', () => {
  it('shows every secret as set / not set in the text and the data, never its value', async () => {
    const result = await runConfig('en');
    const everything = `${result.content}\n${JSON.stringify(result.data)}`;
    for (const secret of SECRETS) expect(everything).not.toContain(secret);
    const lines = result.content.split('\n');
    expect(lines).toContain('  server.token: (set, hidden)');
    expect(lines).toContain('  channels.dingtalk.client_secret: (not set)');
    expect(lines).toContain('  mcp.servers.gh.env.GITHUB_TOKEN: (set, hidden)');
    expect(lines).toContain('  mcp.servers.gh.env.EMPTY: (not set)');
    expect(lines).toContain('  mcp.servers.web.headers.X.Api.Key: (set, hidden)');
    expect(lines).toContain('  mcp.servers.gh.command: "gh-mcp"');
    const data = result.data as {
      config: { server: { token: string }; mcp: { servers: Record<string, unknown> } };
    };
    expect(data.config.server.token).toBe('[set]');
    expect(data.config.mcp.servers.gh).toMatchObject({
      command: 'gh-mcp',
      env: { GITHUB_TOKEN: '[set]', EMPTY: '' },
    });
    expect(data.config.mcp.servers.web).toMatchObject({
      headers: { Authorization: '[set]', 'X.Api.Key': '[set]' },
    });
  });

  it('says it in Chinese too', async () => {
    const result = await runConfig('zh');
    expect(result.content.split('\n')).toContain('  channels.lark.app_secret: (已设置，已隐藏)');
    for (const secret of SECRETS) expect(result.content).not.toContain(secret);
  });

  it('matches a secret by its keys, a `*` standing for any one key', () => {
    expect(isSecretPath(['server', 'token'])).toBe(true);
    expect(isSecretPath(['mcp', 'servers', 'any', 'env', 'ANY_NAME'])).toBe(true);
    expect(isSecretPath(['mcp', 'servers', 'any', 'env'])).toBe(false);
    expect(isSecretPath(['mcp', 'servers', 'any', 'command'])).toBe(false);
    expect(isSecretPath(['server', 'port'])).toBe(false);
  });

  it('names the keys a reload changed', () => {
    const before = configWithSecrets();
    const after = configWithSecrets();
    after.server.port = 9100;
    (after.mcp.servers.gh as { env: Record<string, string> }).env = { GITHUB_TOKEN: 'other' };
    expect(changedKeys(before, after)).toEqual([
      'mcp.servers.gh.env.EMPTY',
      'mcp.servers.gh.env.GITHUB_TOKEN',
      'server.port',
    ]);
  });
});
