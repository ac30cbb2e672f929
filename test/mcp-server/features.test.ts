/**
 * What `/mcp` offers besides tools, driven by the SDK's own client against a running box: the
 * Markdown skills as prompts, skills/memories/tasks as resources, completion of skill names,
 * tool annotations, log and progress notifications while a tool runs, and the 401 that names the
 * protected-resource metadata.
 */
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Box, startBox } from '../server/harness.js';

const token = 'mcp-features-token';
let box: Box;
let client: Client;

beforeAll(async () => {
  box = await startBox({
    config: { server: { token }, mcp: { serve_ask: true } },
    seed: (home) => {
      mkdirSync(join(home, 'skills'));
      writeFileSync(
        join(home, 'skills', 'haiku.md'),
        '# Write a haiku\n\nThree lines: 5, 7 and 5 syllables.\n',
      );
      const count = join(home, 'skills', 'count');
      writeFileSync(
        count,
        '#!/bin/sh\nif [ "$1" = "--help" ]; then echo "count: prints three lines"; exit 0; fi\necho "line 1"; echo "line 2"; echo "line 3"\n',
      );
      chmodSync(count, 0o755);
    },
  });
  client = new Client({ name: 'test', version: '1' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${box.server.url}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
});

afterAll(async () => {
  await client?.close();
  await box?.close();
});

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: number }) => error.code,
  );

describe('/mcp without the token', () => {
  it('answers 401 naming the protected-resource metadata, which names no authorization server', async () => {
    const metadataUrl = `${box.server.url}/.well-known/oauth-protected-resource/mcp`;
    const post = (headers: Record<string, string>) =>
      fetch(`${box.server.url}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    const missing = await post({});
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toBe(`Bearer resource_metadata="${metadataUrl}"`);
    const wrong = await post({ authorization: 'Bearer nope' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toBe(
      `Bearer error="invalid_token", resource_metadata="${metadataUrl}"`,
    );
    const metadata = await fetch(metadataUrl);
    expect(metadata.status).toBe(200);
    const body = (await metadata.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ resource: `${box.server.url}/mcp`, bearer_methods_supported: ['header'] });
    expect(body.authorization_servers).toBeUndefined();
  });
});

describe('/mcp features', () => {
  it('declares prompts, resources, completions and logging', () => {
    expect(client.getInstructions()).toContain('run_skill');
    expect(client.getInstructions()).not.toContain('ask cannot work');
    expect(client.getServerCapabilities()).toMatchObject({
      tools: {},
      prompts: {},
      resources: {},
      completions: {},
      logging: {},
    });
  });

  it('offers the Markdown skills as prompts', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['haiku']);
    expect(prompts[0]).toMatchObject({
      description: 'Write a haiku',
      arguments: [{ name: 'request', required: false }],
    });
    const got = await client.getPrompt({ name: 'haiku', arguments: { request: 'about tea' } });
    const text = (got.messages[0]?.content as { text?: string } | undefined)?.text ?? '';
    expect(text).toContain('Three lines: 5, 7 and 5 syllables.');
    expect(text).toContain('about tea');
    // An executable skill is a tool, not a prompt.
    expect(await codeOf(client.getPrompt({ name: 'count' }))).toBe(-32602);
    expect(
      await codeOf(client.getPrompt({ name: 'haiku', arguments: { request: 'x'.repeat(10_001) } })),
    ).toBe(-32602);
  });

  it('offers skills, memories and tasks as read-only resources', async () => {
    const memory = box.app.memory.save({ summary: 'likes oolong tea' });
    const { resources } = await client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([
      'aibox://memories',
      'aibox://tasks',
      'aibox://skills/count',
      'aibox://skills/haiku',
    ]);
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((r) => r.uriTemplate)).toEqual([
      'aibox://skills/{name}',
      'aibox://memories/{id}',
    ]);
    const skill = await client.readResource({ uri: 'aibox://skills/haiku' });
    expect(skill.contents[0]).toMatchObject({ mimeType: 'text/markdown' });
    expect((skill.contents[0] as { text: string }).text).toContain('5, 7 and 5');
    const one = await client.readResource({ uri: `aibox://memories/${memory.id}` });
    expect(JSON.parse((one.contents[0] as { text: string }).text)).toMatchObject({
      summary: 'likes oolong tea',
    });
    const recent = await client.readResource({ uri: 'aibox://memories' });
    expect((recent.contents[0] as { text: string }).text).toContain('likes oolong tea');
    expect(await codeOf(client.readResource({ uri: 'aibox://memories/999999' }))).toBe(-32002);
    expect(await codeOf(client.readResource({ uri: 'aibox://skills/../etc/passwd' }))).toBe(-32002);
    expect(await codeOf(client.listResources({ cursor: 'not-mine' }))).toBe(-32602);
  });

  it('completes skill names for the skill template, and nothing else', async () => {
    const names = await client.complete({
      ref: { type: 'ref/resource', uri: 'aibox://skills/{name}' },
      argument: { name: 'name', value: 'HA' },
    });
    expect(names.completion).toEqual({ values: ['haiku'], total: 1, hasMore: false });
    const other = await client.complete({
      ref: { type: 'ref/prompt', name: 'haiku' },
      argument: { name: 'request', value: 'a' },
    });
    expect(other.completion.values).toEqual([]);
  });

  it("tells the client's model to use its own tools, run_skill and show_skill", async () => {
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === 'search_skills')?.description).toContain('run_skill');
    const found = await client.callTool({ name: 'search_skills', arguments: { keyword: 'count' } });
    const text = (found.content as { text: string }[])[0]?.text ?? '';
    expect(text).toContain('run_skill (name="count"');
    expect(text).not.toContain('run_command');
  });

  it('annotates its tools', async () => {
    const { tools } = await client.listTools();
    const hints = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    expect(hints.show_skill).toMatchObject({
      title: 'Show a skill',
      readOnlyHint: true,
      destructiveHint: false,
    });
    expect(hints.run_skill).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      openWorldHint: true,
    });
    expect(hints.memory_save).toMatchObject({ readOnlyHint: false, destructiveHint: false });
  });

  it("sends a skill's output as log lines and progress while it runs", async () => {
    const logs: string[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
      logs.push(String(note.params.data));
    });
    const progress: string[] = [];
    const result = await client.callTool({ name: 'run_skill', arguments: { name: 'count' } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ''),
    });
    expect(result.isError).toBe(false);
    expect(logs.join('\n')).toContain('line 1');
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.at(-1)).toContain('line 3');
  });

  it('reports what an ask turn does as progress, before the answer', async () => {
    box.llm.script(
      { toolCalls: [{ name: 'search_skills', arguments: { keyword: 'haiku' } }] },
      { text: 'found it' },
    );
    const progress: string[] = [];
    const result = await client.callTool({ name: 'ask', arguments: { message: 'find a skill' } }, undefined, {
      onprogress: (p) => progress.push(p.message ?? ''),
    });
    expect((result.content as { text: string }[])[0]?.text).toBe('found it');
    expect(progress).toContain('Using the tool search_skills');
  });
});
