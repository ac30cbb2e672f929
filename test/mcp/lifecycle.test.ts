/**
 * The MCP client against a real server (server-everything): asking a person, a description
 * that changed since it was allowed, call timeouts, reconnecting after a failure or a lost
 * connection, and the child process ending with the box.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultConfig, type McpServerConfig, type SafetyRule } from '../../src/config/schema.js';
import { silentLogger } from '../../src/log/logger.js';
import { createMcpManager } from '../../src/mcp/manager.js';
import type { McpManager } from '../../src/mcp/types.js';
import type { ApprovalAnswer, ApprovalRequest } from '../../src/safety/types.js';
import { createResultLimiter } from '../../src/tools/result-limit.js';
import type { ToolContext } from '../../src/tools/tool.js';
import { systemClock } from '../../src/util/clock.js';
import { tempHome } from '../helpers/cli.js';
import { isRunning } from '../helpers/processes.js';
import { until } from '../helpers/until.js';
import { EVERYTHING, everythingStdio } from './servers.js';

const managers: McpManager[] = [];
// After all, not after each: the tests run side by side, each with a home and a manager of its own.
afterAll(async () => {
  await Promise.all(managers.splice(0).map((m) => m.close()));
});

/** `rules` are read at every call, as after a `/reload`: a test may change them while the manager runs. */
function manager(home: string, servers: Record<string, Partial<McpServerConfig>>, rules: SafetyRule[] = []) {
  // defaultConfig() shares its nested default objects between calls: build new ones, never mutate.
  const base = defaultConfig();
  const entries = Object.entries(servers).map(([name, server]) => [
    name,
    { enabled: true, timeout_s: 60, args: [], env: {}, ...server } as McpServerConfig,
  ]);
  const config = {
    ...base,
    mcp: { ...base.mcp, servers: Object.fromEntries(entries) },
    safety: { ...base.safety, rules },
  };
  const m = createMcpManager({
    config,
    safety: () => config.safety,
    home,
    trustPath: join(home, 'mcp-trust.json'),
    lang: 'en',
    logger: silentLogger(),
    limiter: createResultLimiter({ maxChars: 10_000, dir: join(home, 'tool_results'), clock: systemClock }),
    version: 'test',
    backoff: { initialMs: 30, maxMs: 200 },
  });
  managers.push(m);
  m.start();
  return m;
}

function context(
  answer?: ApprovalAnswer,
  asked: Omit<ApprovalRequest, 'sessionId' | 'turnId' | 'callId'>[] = [],
) {
  const ctx: ToolContext = {
    signal: new AbortController().signal,
    output: () => undefined,
    sessionId: 's',
    turnId: 't',
    callId: 'c',
    lang: 'en',
    ...(answer
      ? {
          requestApproval: async (request) => {
            asked.push(request);
            return { approved: answer !== 'deny', how: answer, by: 'test' };
          },
        }
      : {}),
  };
  return ctx;
}

const tool = (m: McpManager, name: string) => {
  const found = m.tools().find((t) => t.name === name);
  if (!found) throw new Error(`no tool ${name}`);
  return found;
};

describe.concurrent('MCP trust', () => {
  it('asks a person by default, offers "always" for this tool, and records what was allowed', async () => {
    const home = tempHome('aibox-mcp-trust-');
    const m = manager(home, { everything: everythingStdio() });
    await m.settled();
    const echo = tool(m, 'everything__echo');

    const nobody = await echo.execute({ message: 'x' }, context());
    expect(nobody).toMatchObject({ ok: false });
    expect(nobody.content).toContain('nobody can be asked');

    const asked: Omit<ApprovalRequest, 'sessionId' | 'turnId' | 'callId'>[] = [];
    const denied = await echo.execute({ message: 'x' }, context('deny', asked));
    expect(denied.content).toContain('Not done: everything__echo {"message":"x"}');
    expect(denied.content).toContain('The user denied it');
    expect(asked[0]).toMatchObject({
      tool: 'everything__echo',
      command: 'everything__echo {"message":"x"}',
      rememberable: {
        decision: 'allow',
        tool: 'mcp',
        command: 'everything__echo',
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    });
    expect(existsSync(join(home, 'mcp-trust.json'))).toBe(false);

    const allowed = await echo.execute({ message: '好' }, context('allow', asked));
    expect(allowed).toMatchObject({ ok: true, content: 'Echo: 好' });
    const trust = JSON.parse(readFileSync(join(home, 'mcp-trust.json'), 'utf8'));
    expect(trust.tools.everything__echo.hash).toMatch(/^[0-9a-f]{64}$/);
    // What it said then is kept, to tell a person asked again what changed.
    expect(trust.tools.everything__echo.description).toBe(echo.description);
    expect(trust.tools.everything__echo.inputSchema).toMatchObject({
      type: 'object',
      properties: { message: {} },
    });
  });

  it('asks again when a tool description changed since it was allowed, even under an allow rule', async () => {
    const home = tempHome('aibox-mcp-rug-');
    writeFileSync(
      join(home, 'mcp-trust.json'),
      JSON.stringify({
        version: 1,
        tools: { everything__echo: { hash: 'f'.repeat(64), at: '2026-01-01T00:00:00Z' } },
      }),
    );
    const m = manager(home, { everything: everythingStdio() }, [
      { tool: 'mcp', command: 'everything__*', decision: 'allow' },
    ]);
    await m.settled();
    expect(m.status()[0]?.changedTools).toEqual(['echo']);
    // Other tools of the server run under the rule without asking.
    expect(await tool(m, 'everything__get-sum').execute({ a: 1, b: 2 }, context())).toMatchObject({
      ok: true,
    });

    const asked: Omit<ApprovalRequest, 'sessionId' | 'turnId' | 'callId'>[] = [];
    const echo = tool(m, 'everything__echo');
    expect((await echo.execute({ message: 'x' }, context())).content).toContain('nobody can be asked');
    expect(await echo.execute({ message: 'x' }, context('allow', asked))).toMatchObject({ ok: true });
    expect(asked[0]?.reason).toContain('changed after it was allowed');
    expect(m.status()[0]?.changedTools).toEqual([]);
    expect(await echo.execute({ message: 'y' }, context())).toMatchObject({ ok: true, content: 'Echo: y' });
  });
});

describe.concurrent('MCP rules with a hash', () => {
  it('a rule for another description asks at every call, even after "allow once"; one for this description does not', async () => {
    const home = tempHome('aibox-mcp-hash-');
    const outgrown: SafetyRule = {
      tool: 'mcp',
      command: 'everything__echo',
      decision: 'allow',
      hash: 'f'.repeat(64),
    };
    const rules = [outgrown];
    const m = manager(home, { everything: everythingStdio() }, rules);
    await m.settled();
    const echo = tool(m, 'everything__echo');
    const asked: Omit<ApprovalRequest, 'sessionId' | 'turnId' | 'callId'>[] = [];
    expect(await echo.execute({ message: 'a' }, context('allow', asked))).toMatchObject({ ok: true });
    expect(await echo.execute({ message: 'b' }, context('allow', asked))).toMatchObject({ ok: true });
    expect(asked.map((r) => r.reason)).toEqual([
      'the "Always" rule for everything__echo was given for an earlier description and input schema; asking again',
      'the "Always" rule for everything__echo was given for an earlier description and input schema; asking again',
    ]);
    const hash = asked[0]?.rememberable?.hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(outgrown.hash);

    // The rule for this description, as "Always" would write it and /reload would read it.
    rules[0] = { ...outgrown, hash: hash as string };
    expect(await echo.execute({ message: 'c' }, context())).toMatchObject({
      ok: true,
      content: 'Echo: c',
    });
  });
});

describe.concurrent('MCP lifecycle', () => {
  it('times a call out and cancels it', async () => {
    const home = tempHome('aibox-mcp-timeout-');
    const m = manager(home, { slow: { ...everythingStdio(), timeout_s: 0.3 } }, [
      { tool: 'mcp', command: '*', decision: 'allow' },
    ]);
    await m.settled();
    const result = await tool(m, 'slow__trigger-long-running-operation').execute(
      { duration: 1, steps: 1 },
      context(),
    );
    expect(result).toMatchObject({
      ok: false,
      content: 'the MCP call took longer than 0.3 s and was cancelled',
    });
  });

  it('retries a server that failed, reconnects after losing it, and ends its process on close', async () => {
    const home = tempHome('aibox-mcp-retry-');
    const marker = join(home, 'ready');
    const pidFile = join(home, 'pid');
    const script = `echo $$ > '${pidFile}'; test -f '${marker}' || { echo 'not ready yet' >&2; exit 1; }; exec '${process.execPath}' '${EVERYTHING}' stdio`;
    const m = manager(home, { flaky: { command: 'sh', args: ['-c', script] } });
    await m.settled();
    expect(m.status()[0]).toMatchObject({ state: 'failed' });
    expect(m.status()[0]?.error).toContain('not ready yet');
    expect(m.tools()).toEqual([]);

    writeFileSync(marker, '');
    await until(() => m.status()[0]?.state === 'connected', 'the retry to connect');
    expect(m.tools().length).toBeGreaterThan(5);

    const pid = Number(readFileSync(pidFile, 'utf8'));
    process.kill(pid, 'SIGKILL');
    await until(() => m.status()[0]?.state !== 'connected', 'the lost connection');
    expect(m.tools()).toEqual([]);
    await until(() => m.status()[0]?.state === 'connected', 'the reconnection');

    const again = Number(readFileSync(pidFile, 'utf8'));
    expect(again).not.toBe(pid);
    await m.close();
    await until(() => !isRunning(again), 'the server process to end');
  });
});
