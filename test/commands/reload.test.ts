/**
 * `/reload` sets each changed value by its full path: a three-level key such as
 * `channels.telegram.allowed_ids` changes that list and nothing else of its section (the bot token
 * beside it stays), and keys that need a restart are named and left as they were.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { reloadCommand } from '../../src/commands/reload.js';
import type { SlashCommand } from '../../src/commands/types.js';
import { validateConfig } from '../../src/config/validate-config.js';
import { silentLogger } from '../../src/log/logger.js';
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

async function reloadWith(next: unknown) {
  const home = tempHome('aibox-reload-');
  const configPath = join(home, 'config.json');
  const config = validateConfig(FILE).config;
  writeFileSync(configPath, JSON.stringify(next));
  const logger = silentLogger();
  let held = 0;
  const mcp = { status: () => [], holdNextTurn: () => void held++ };
  const services = { config, configPath, logger, mcp };
  const result = await reloadCommand.run({ services, session: {} as Session, lang: 'en', args: '' });
  return { config, result, held };
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
  });

  it('names a live key once, whatever lists it', async () => {
    const next = { ...structuredClone(FILE), safety: { mode: 'deny' } };
    const { config, result } = await reloadWith(next);
    expect(result.data).toMatchObject({ ok: true, applied: ['safety.mode'], restart: [] });
    expect(config.safety.mode).toBe('deny');
  });
});
