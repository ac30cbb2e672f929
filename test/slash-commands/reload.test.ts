/**
 * `/reload` sets each changed key by its full path: a three-level key such as
 * `channels.telegram.allowed_ids` changes that list and nothing else of its section (the bot token
 * beside it stays); every key the schema calls live is applied (safety.web_allow_hosts, the MCP
 * servers), keys that need a restart are named and left as they were, and a broken file changes
 * nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reloadConfigInto } from '../../src/app/config-reloader.js';
import type { McpServerConfig } from '../../src/config/schema.js';
import { validateConfig } from '../../src/config/validate-config.js';
import { silentLogger } from '../../src/log/logger.js';
import { noMcpServers } from '../../src/mcp/no-servers.js';
import { reloadCommand } from '../../src/slash-commands/reload.js';
import type { SlashCommand } from '../../src/slash-commands/types.js';
import { tempHome } from '../helpers/cli.js';

type Session = Parameters<SlashCommand['run']>[0]['session'];

const FILE = {
  channels: {
    telegram: { token: '123:tg-token', allowed_ids: [1] },
    lark: { app_id: 'cli_0123456789abcdef', app_secret: 'lark-secret', allowed_ids: ['ou_1'] },
    dingtalk: { client_id: 'ding-id', client_secret: 'ding-secret', allowed_ids: ['a'] },
  },
  server: { port: 8765 },
};

async function reloadWith(next: unknown, lang: 'zh' | 'en' = 'en') {
  const home = tempHome('aibox-reload-');
  const configPath = join(home, 'config.json');
  const config = validateConfig(FILE).config;
  const text = typeof next === 'string' ? next : JSON.stringify(next);
  writeFileSync(configPath, text);
  const reconfigured: Record<string, McpServerConfig>[] = [];
  let held = 0;
  const mcp = {
    ...noMcpServers(),
    reconfigure: async (servers: Record<string, McpServerConfig>) => {
      reconfigured.push(structuredClone(servers));
    },
    holdNextTurn: () => void held++,
  };
  const target = { config, configPath, logger: silentLogger(), mcp };
  const services = { reloadConfig: () => reloadConfigInto(target) };
  const result = await reloadCommand.run({ services, session: {} as Session, lang, args: '' });
  return { config, result, reconfigured, held, fileAfter: readFileSync(configPath, 'utf8'), text };
}

describe('/reload', () => {
  it('changes a three-level key alone, keeping the rest of its section', async () => {
    const next = structuredClone(FILE);
    next.channels.telegram.allowed_ids = [1, 2];
    next.channels.dingtalk.allowed_ids = ['a', 'b'];
    next.channels.lark.allowed_ids = ['ou_1', 'ou_2'];
    next.server.port = 9100;
    const { config, result, held } = await reloadWith(next);
    // The next turn waits for MCP servers still connecting, as after start.
    expect(held).toBe(1);
    expect(result.data).toMatchObject({
      ok: true,
      applied: [
        'channels.dingtalk.allowed_ids',
        'channels.lark.allowed_ids',
        'channels.telegram.allowed_ids',
      ],
      restart: ['server.port'],
    });
    expect(config.channels.telegram).toMatchObject({ token: '123:tg-token', allowed_ids: [1, 2] });
    expect(config.channels.dingtalk).toMatchObject({
      client_id: 'ding-id',
      client_secret: 'ding-secret',
      allowed_ids: ['a', 'b'],
    });
    expect(config.channels.lark).toMatchObject({ app_secret: 'lark-secret', allowed_ids: ['ou_1', 'ou_2'] });
    expect(config.server.port).toBe(8765);
    expect(result.content).toContain('Needs a server restart to take effect: server.port');
  });

  it('keeps a changed secret of a three-level key that needs a restart, and says so', async () => {
    const next = structuredClone(FILE);
    next.channels.telegram.token = '456:new-token';
    next.channels.telegram.allowed_ids = [7];
    const { config, result } = await reloadWith(next);
    expect(result.data).toMatchObject({
      applied: ['channels.telegram.allowed_ids'],
      restart: ['channels.telegram.token'],
    });
    expect(config.channels.telegram).toMatchObject({ token: '123:tg-token', allowed_ids: [7] });
  });

  it('names a live key once, whatever lists it', async () => {
    const next = { ...structuredClone(FILE), safety: { mode: 'deny' } };
    const { config, result } = await reloadWith(next);
    expect(result.data).toMatchObject({ ok: true, applied: ['safety.mode'], restart: [] });
    expect(config.safety.mode).toBe('deny');
  });

  it('applies safety.web_allow_hosts and the connection caps live', async () => {
    const next = {
      ...structuredClone(FILE),
      safety: { web_allow_hosts: ['nas.local'] },
      server: { port: 8765, max_connections: 64 },
    };
    const { config, result } = await reloadWith(next);
    expect(result.data).toMatchObject({
      applied: ['safety.web_allow_hosts', 'server.max_connections'],
      restart: [],
    });
    expect(config.safety.web_allow_hosts).toEqual(['nas.local']);
  });

  it('names a changed MCP server by its key and hands the new servers to the MCP manager', async () => {
    const next = {
      ...structuredClone(FILE),
      mcp: { servers: { fs: { command: 'mcp-fs', args: ['/tmp'], env: { TOKEN: 'x' } } } },
    };
    const { config, result, reconfigured } = await reloadWith(next);
    expect(result.data).toMatchObject({ applied: ['mcp.servers'], restart: [] });
    expect(config.mcp.servers.fs).toMatchObject({ command: 'mcp-fs', args: ['/tmp'] });
    expect(reconfigured).toEqual([config.mcp.servers]);
  });

  it('changes nothing for a broken file and never rewrites it', async () => {
    const broken = '{"channels": {"telegram": {"allowed_ids": [1, 2]}},\n  "llm": {"timeout": 5}}';
    const { config, result, fileAfter, text } = await reloadWith(broken);
    expect(result.data).toMatchObject({ ok: false });
    expect(result.content).toContain('did you mean llm.timeout_s?');
    expect(config.channels.telegram.allowed_ids).toEqual([1]);
    expect(fileAfter).toBe(text);
    const syntax = await reloadWith('{\n  "llm": {\n    "model": "x",,\n  }\n}');
    expect(syntax.result.content).toMatch(/line 3, column \d+/);
    expect(syntax.fileAfter).toBe(syntax.text);
    const wrongType = await reloadWith({ llm: { temperature: 'hot' } }, 'zh');
    expect(wrongType.result.content).toContain('llm.temperature');
    expect(wrongType.result.content).toContain('数字');
    expect(wrongType.result.content).toContain('"hot"');
  });
});
