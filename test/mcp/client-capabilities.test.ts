/**
 * What the box's MCP client offers servers besides calling tools, against the real
 * server-everything and server-filesystem (everything registers its roots and sampling tools only for a client that declares
 * them): roots (the workspace), sampling answered by the box's model (the fake LLM) after a
 * person's yes, refused on a no, counted in the usage ledger; `sampling: "deny"` declares nothing;
 * elicitation (a stdio server on the SDK's McpServer) answered with the form's defaults after a yes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app/create-app.js';
import type { ApprovalRequest } from '../../src/safety/types.js';
import type { AnyTool } from '../../src/tools/tool.js';
import { tempHome } from '../helpers/cli.js';
import { type FakeLlm, startFakeLlm } from '../helpers/fake-llm.js';
import { createQuietApp } from '../helpers/quiet-app.js';
import { makeContext } from '../helpers/tool-context.js';
import { boxConfig, testEnv } from '../server/harness.js';
import { everythingStdio, filesystemStdio } from './servers.js';

const ELICIT_SERVER = join(import.meta.dirname, 'fixtures/elicit-mcp-server.mjs');
const SAMPLING_SERVER = join(import.meta.dirname, 'fixtures/sampling-mcp-server.mjs');
let home: string;
let notes: string;
let llm: FakeLlm;
let app: App;

beforeAll(async () => {
  home = tempHome('aibox-mcp-caps-');
  notes = join(home, 'notes');
  mkdirSync(notes);
  llm = await startFakeLlm();
  const config = boxConfig(llm, {
    safety: { rules: [{ tool: 'mcp', command: '*', decision: 'allow' }] },
    mcp: {
      servers: {
        everything: everythingStdio(),
        closed: { ...everythingStdio(), sampling: 'deny' },
        fs: filesystemStdio(notes),
        elicit: { command: process.execPath, args: [ELICIT_SERVER] },
        sampler: { command: process.execPath, args: [SAMPLING_SERVER], sampling: 'allow' },
      },
    },
  });
  writeFileSync(join(home, 'config.json'), JSON.stringify(config));
  app = await createQuietApp({ home, env: testEnv(home) });
  await app.mcp.settled();
});

afterAll(async () => {
  await app?.close();
  await llm?.close();
});

function tool(name: string): AnyTool {
  const found = app.mcp.tools().find((t) => t.name === name);
  if (!found)
    throw new Error(
      `no tool ${name}: ${app.mcp
        .tools()
        .map((t) => t.name)
        .join(', ')}`,
    );
  return found;
}

describe('MCP client capabilities', () => {
  it('offers the workspace as the one root', async () => {
    const result = await tool('everything__get-roots-list').execute({}, makeContext());
    expect(result.ok, result.content).toBe(true);
    expect(result.content).toContain(pathToFileURL(join(home, 'workspace')).href);
  });

  it("keeps the folders a server's entry names among its roots (server-filesystem takes roots instead of its own)", async () => {
    const result = await tool('fs__list_allowed_directories').execute({}, makeContext());
    expect(result.content).toContain(notes);
    expect(result.content).toContain(join(home, 'workspace'));
    // A server's answer is outside text, named by its server (docs/memory-and-tasks.md).
    expect(result.untrusted).toBe('mcp:fs');
  });

  it('answers sampling with the box model after a yes, and records the usage', async () => {
    llm.script({
      text: 'sampled answer',
      usage: { prompt_tokens: 40, completion_tokens: 3, total_tokens: 43 },
    });
    const asked: Omit<ApprovalRequest, 'sessionId' | 'turnId' | 'callId'>[] = [];
    const ctx = makeContext();
    ctx.requestApproval = async (request) => {
      asked.push(request);
      return { approved: true, how: 'allow' };
    };
    const n = llm.requests.length + 1;
    const result = await tool('everything__trigger-sampling-request').execute(
      { prompt: 'say something', maxTokens: 100_000 },
      ctx,
    );
    expect(result.ok, result.content).toBe(true);
    expect(result.content).toContain('sampled answer');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ tool: 'everything__sampling' });
    expect(asked[0]?.command).toContain('say something');
    expect(asked[0]?.reason).toContain('4096 tokens');
    // The model got the server's system prompt and message, no tools, the capped max_tokens.
    const request = await llm.waitForRequest(n);
    expect(request.body.tools).toBeUndefined();
    expect(request.body.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    expect(JSON.stringify(request.body)).toContain('4096');
    const day = app.usage.sum('day');
    expect(day.total_tokens).toBeGreaterThanOrEqual(43);
  });

  it('refuses sampling on a no, and when nobody can be asked, without calling the model', async () => {
    const before = llm.requests.length;
    const ctx = makeContext();
    ctx.requestApproval = async () => ({ approved: false, how: 'deny' });
    const refused = await tool('everything__trigger-sampling-request').execute({ prompt: 'x' }, ctx);
    expect(refused.content).toContain('was not allowed to use the model');
    const unattended = await tool('everything__trigger-sampling-request').execute(
      { prompt: 'x' },
      makeContext(),
    );
    expect(unattended.content).toContain('nobody can be asked');
    expect(llm.requests.length).toBe(before);
  });

  it("caps a sampling answer's tokens at the model's max_tokens and agent.max_tokens_per_turn", async () => {
    const { llm: model, agent } = app.config;
    const saved = { maxTokens: model.max_tokens, perTurn: agent.max_tokens_per_turn };
    const maxTokensOf = async (asked: number) => {
      llm.script({ text: 'ok' });
      const n = llm.requests.length + 1;
      const result = await tool('sampler__ask').execute({ maxTokens: asked }, makeContext());
      expect(result.ok, result.content).toBe(true);
      return (await llm.waitForRequest(n)).body.max_tokens;
    };
    try {
      agent.max_tokens_per_turn = 300;
      expect(await maxTokensOf(100_000)).toBe(300);
      expect(await maxTokensOf(50)).toBe(50);
      model.max_tokens = 200;
      expect(await maxTokensOf(100_000)).toBe(200);
      agent.max_tokens_per_turn = 0;
      model.max_tokens = 100_000;
      expect(await maxTokensOf(100_000)).toBe(4096);
      // Hostile numbers: none below 1.
      expect(await maxTokensOf(-5)).toBe(1);
    } finally {
      model.max_tokens = saved.maxTokens;
      agent.max_tokens_per_turn = saved.perTurn;
    }
  });

  it('refuses sampling requests with too many messages, too much text or no text, without calling the model', async () => {
    const before = llm.requests.length;
    const many = await tool('sampler__many').execute({}, makeContext());
    expect(many.content).toContain('more than 50 messages');
    const huge = await tool('sampler__huge').execute({}, makeContext());
    expect(huge.content).toContain('more than 50000 characters');
    const picture = await tool('sampler__picture').execute({}, makeContext());
    expect(picture.content).toContain('sampling takes text only');
    expect(llm.requests.length).toBe(before);
  });

  it('declares no sampling to a server whose sampling is deny', () => {
    const names = app.mcp.tools().map((t) => t.name);
    expect(names).toContain('closed__get-roots-list');
    expect(names).not.toContain('closed__trigger-sampling-request');
  });

  it("a plain yes (where only yes/no can be asked) accepts a form's defaults; no, no answer, nobody, or a required field left empty declines", async () => {
    const asked: string[] = [];
    const yes = makeContext();
    yes.requestApproval = async (request) => {
      asked.push(request.command);
      return { approved: true, how: 'allow' };
    };
    const accepted = await tool('elicit__defaults').execute({}, yes);
    expect(JSON.parse(accepted.content)).toEqual({
      action: 'accept',
      content: { item: 'tea', count: 2, size: 'large', extras: ['milk'], hot: true },
    });
    expect(asked[0]).toContain('Please confirm the order');
    expect(asked[0]).toContain('item: tea');
    expect(asked[0]).toContain('extras: milk');

    const no = makeContext();
    no.requestApproval = async () => ({ approved: false, how: 'deny' });
    expect(JSON.parse((await tool('elicit__defaults').execute({}, no)).content)).toEqual({
      action: 'decline',
    });
    const late = makeContext();
    late.requestApproval = async () => ({ approved: false, how: 'timeout' });
    expect(JSON.parse((await tool('elicit__defaults').execute({}, late)).content)).toEqual({
      action: 'decline',
    });
    // Nobody to ask; a yes to a form with a required field and no default (nothing to send).
    expect(JSON.parse((await tool('elicit__defaults').execute({}, makeContext())).content)).toEqual({
      action: 'decline',
    });
    expect(JSON.parse((await tool('elicit__needs_name').execute({}, yes)).content)).toEqual({
      action: 'decline',
    });
    expect(asked).toHaveLength(2);
  });

  it("offers a server's resources and prompts as two tools of it", async () => {
    const listed = await tool('everything__mcp_resources').execute({ action: 'list' }, makeContext());
    expect(listed.ok, listed.content).toBe(true);
    const uri = /demo:\/\/resource\/static\/document\/\S+/.exec(listed.content)?.[0];
    expect(uri, listed.content).toBeDefined();
    expect(listed.content).toContain('(URI template)');
    const read = await tool('everything__mcp_resources').execute({ action: 'read', uri }, makeContext());
    expect(read.ok, read.content).toBe(true);
    expect(read.content).toContain(`[${uri}]`);
    const missing = await tool('everything__mcp_resources').execute({ action: 'read' }, makeContext());
    expect(missing).toMatchObject({ ok: false, content: 'uri is missing' });

    const prompts = await tool('everything__mcp_prompts').execute({ action: 'list' }, makeContext());
    expect(prompts.content).toContain('simple-prompt()');
    expect(prompts.content).toContain('args-prompt(city');
    const got = await tool('everything__mcp_prompts').execute(
      { action: 'get', name: 'args-prompt', arguments: { city: 'Hangzhou' } },
      makeContext(),
    );
    expect(got.content).toContain('[user]');
    expect(got.content).toContain('Hangzhou');
    // server-filesystem declares neither.
    expect(app.mcp.tools().map((t) => t.name)).not.toContain('fs__mcp_resources');
  });

  it('leaves out a tool that runs only as a task, saying why', () => {
    const everything = app.mcp.status().find((status) => status.name === 'everything');
    expect(app.mcp.tools().map((t) => t.name)).not.toContain('everything__simulate-research-query');
    expect(everything?.disabledTools).toContainEqual({
      tool: 'simulate-research-query',
      reason: expect.stringContaining('execution.taskSupport is required'),
    });
  });
});
