/** The box's MCP client: no server connected when disabled; a configured one is listed, not started. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openBoxMcp } from '../../src/app/open-box-mcp.js';
import { dataPaths } from '../../src/config/paths.js';
import { ConfigSchema } from '../../src/config/schema.js';
import { silentLogger } from '../../src/log/logger.js';
import { resultLimiterFromConfig } from '../../src/tools/result-limit.js';
import { systemClock } from '../../src/util/clock.js';
import { tempHome } from '../helpers/cli.js';

function options(enabled: boolean) {
  const home = tempHome('aibox-box-mcp-');
  const config = ConfigSchema.parse({
    mcp: { servers: { echo: { command: join(home, 'no-such-server') } } },
  });
  const paths = dataPaths(home);
  return {
    enabled,
    config,
    liveConfig: () => config,
    paths,
    sandbox: { kind: 'off', network: true } as const,
    env: {},
    lang: 'en' as const,
    logger: silentLogger(),
    limiter: resultLimiterFromConfig(config, paths, systemClock),
    sampler: { provider: undefined as never, usage: undefined as never },
  };
}

describe('the MCP client of a box', () => {
  it('connects no server when disabled, and lists a configured one before it starts', async () => {
    const off = await openBoxMcp(options(false));
    expect(off.status()).toEqual([]);
    expect(off.tools()).toEqual([]);
    await off.close();
    const on = await openBoxMcp(options(true));
    expect(on.status().map((server) => server.name)).toEqual(['echo']);
    await on.close();
  });
});
