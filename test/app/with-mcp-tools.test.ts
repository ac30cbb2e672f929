/**
 * The tool list of a turn (src/app/with-mcp-tools.ts): the built-ins plus the MCP tools connected
 * now, the very same array while neither changed (the agent keys its tool offer on it), a new one
 * when a server's tools come or go, and it waits until the servers are ready.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { withMcpTools } from '../../src/app/with-mcp-tools.js';
import type { AnyTool } from '../../src/tools/tool.js';

const tool = (name: string): AnyTool => ({
  name,
  description: name,
  parameters: z.strictObject({}),
  execute: async () => ({ ok: true, content: name }),
});

describe('a turn’s tools', () => {
  it('are the same array until the MCP tools change, and wait for the servers', async () => {
    const builtins = [tool('read_file')];
    let connected: AnyTool[] = [];
    let readyCalls = 0;
    const tools = withMcpTools(async () => builtins, {
      tools: () => connected,
      ready: async () => {
        readyCalls++;
      },
    });
    const first = await tools();
    expect(first).toBe(builtins);
    expect(await tools()).toBe(first);
    connected = [tool('fs__list')];
    const second = await tools();
    expect(second.map((t) => t.name)).toEqual(['read_file', 'fs__list']);
    expect(await tools()).toBe(second);
    expect(readyCalls).toBe(4);
  });
});
