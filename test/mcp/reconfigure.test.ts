/**
 * `McpManager.reconfigure` (a `/reload` of `mcp.servers`) against the real server-everything: an
 * entry that did not change keeps its connection, a new one connects, a changed one reconnects,
 * a removed one is closed and its tools are gone.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig, type McpServerConfig } from '../../src/config/schema.js';
import { silentLogger } from '../../src/log/logger.js';
import { createMcpManager } from '../../src/mcp/manager.js';
import type { McpManager } from '../../src/mcp/types.js';
import { createResultLimiter } from '../../src/tools/result-limit.js';
import { systemClock } from '../../src/util/clock.js';
import { tempHome } from '../helpers/cli.js';
import { until } from '../helpers/until.js';
import { everythingStdio } from './servers.js';

const server = (extra: Partial<McpServerConfig> = {}) =>
  ({ enabled: true, timeout_s: 60, env: {}, ...everythingStdio(), ...extra }) as McpServerConfig;

let manager: McpManager | undefined;
afterAll(async () => {
  await manager?.close();
});

describe('MCP reconfigure', () => {
  it('keeps unchanged servers, connects new ones, reconnects changed ones, closes removed ones', {
    timeout: 60_000,
  }, async () => {
    const home = tempHome('aibox-mcp-reconf-');
    const base = defaultConfig();
    const config = { ...base, mcp: { ...base.mcp, servers: { a: server() } } };
    manager = createMcpManager({
      config,
      safety: () => config.safety,
      home,
      trustPath: join(home, 'mcp-trust.json'),
      lang: 'en',
      logger: silentLogger(),
      limiter: createResultLimiter({ maxChars: 10_000, dir: join(home, 'tool_results'), clock: systemClock }),
      version: 'test',
    });
    const m = manager;
    m.start();
    await m.settled();
    const state = (name: string) => m.status().find((s) => s.name === name)?.state;
    expect(state('a')).toBe('connected');

    await m.reconfigure({ a: server(), b: server() });
    // `a` is the same connection (still connected at once); `b` is new.
    expect(state('a')).toBe('connected');
    expect(state('b')).toBe('connecting');
    await m.settled();
    expect(state('b')).toBe('connected');
    expect(m.tools().some((tool) => tool.name.startsWith('b__'))).toBe(true);

    await m.reconfigure({ b: server({ timeout_s: 30 }) });
    expect(m.status().map((s) => s.name)).toEqual(['b']);
    expect(state('b')).toBe('connecting');
    await until(() => state('b') === 'connected', 'b to reconnect', 30_000);
    expect(m.tools().some((tool) => tool.name.startsWith('a__'))).toBe(false);
  });
});
