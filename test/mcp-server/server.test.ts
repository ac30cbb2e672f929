/**
 * Aibox as an MCP server, driven by the SDK's own client: `aibox mcp serve` over stdio (the
 * built CLI as a child process), the same server in this process where only its config is
 * asked about, and `/mcp` over Streamable HTTP on a running box.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { createAiboxMcpServer, servedToolsOf } from '../../src/mcp-server/create-server.js';
import { homeEnv } from '../helpers/box.js';
import { CLI_PATH, tempHome } from '../helpers/cli.js';
import { startFakeLlm } from '../helpers/fake-llm.js';
import { createQuietApp } from '../helpers/quiet-app.js';
import { type Box, startBox } from '../server/harness.js';

const clients: Client[] = [];
/** The one box of the `/mcp` tests, started by the first of them (see sharedBox). */
let box: Promise<Box> | undefined;
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  if (box) await (await box).close();
});

function textOf(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
}

function homeWithSkill(): string {
  const home = tempHome('aibox-mcp-serve-');
  mkdirSync(join(home, 'skills'));
  const skill = join(home, 'skills', 'greet');
  writeFileSync(
    skill,
    '#!/bin/sh\nif [ "$1" = "--help" ]; then echo "greet: 向某人问好 (say hello to someone)"; exit 0; fi\nprintf "hello [%s] [%s]\\n" "$1" "$2"\n',
  );
  chmodSync(skill, 0o755);
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({
      lang: 'en',
      llm: {
        provider: 'custom',
        base_url: 'http://127.0.0.1:9/v1',
        model: 'm',
        api_key_env: 'AIBOX_TEST_NO_SUCH_KEY',
      },
      skills: { watch: false, install_examples: false },
      scheduler: { enabled: false },
      mcp: { serve_ask: true },
    }),
  );
  return home;
}

/** An SDK client of `aibox mcp serve [args]` on `home`, with the test's environment. */
async function serveStdio(home: string, args: string[] = []): Promise<Client> {
  const client = new Client({ name: 'test', version: '1' });
  clients.push(client);
  const env = Object.fromEntries(Object.entries(homeEnv(home)).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI_PATH, 'mcp', 'serve', ...args],
      env,
      stderr: 'pipe',
    }),
  );
  return client;
}

/** A box whose own language is Chinese, with `extra` in its config. */
function chineseBox(extra: Record<string, unknown> = {}): string {
  const home = homeWithSkill();
  const path = join(home, 'config.json');
  const config = JSON.parse(readFileSync(path, 'utf8'));
  writeFileSync(path, JSON.stringify({ ...config, lang: 'zh', mcp: { ...config.mcp, ...extra } }));
  return home;
}

/**
 * `aibox mcp serve` on a Chinese box, as it is started without --lang: one process for the two
 * tests that use it (each `aibox` start costs more than what they ask of it).
 */
let onChineseBox: Promise<Client> | undefined;
const servedOnChineseBox = () => {
  onChineseBox ??= serveStdio(chineseBox());
  return onChineseBox;
};

/** One box for the `/mcp` tests: Chinese, behind a token, with mcp.serve_ask on. */
const TOKEN = 'mcp-route-token';
const sharedBox = () => {
  box ??= startBox({ lang: 'zh', config: { server: { token: TOKEN }, mcp: { serve_ask: true } } });
  return box;
};

describe('aibox mcp serve (stdio)', () => {
  it('offers skills, memory and tasks to an MCP client', async () => {
    const client = await servedOnChineseBox();

    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual([
      'search_skills',
      'show_skill',
      'run_skill',
      'memory_search',
      'memory_save',
      'tasks',
      'ask',
    ]);
    // Started with a bare environment, it says at initialize what ask lacks.
    expect(client.getInstructions()).toContain('search_skills');
    expect(client.getInstructions()).toContain('ask cannot work now');
    expect(client.getInstructions()).toContain('AIBOX_TEST_NO_SUCH_KEY');
    const runSkill = tools.find((t) => t.name === 'run_skill');
    expect(runSkill?.inputSchema).toMatchObject({
      type: 'object',
      required: ['name'],
      properties: { args: { type: 'array' } },
    });

    expect(
      textOf(await client.callTool({ name: 'search_skills', arguments: { keyword: '问好' } })),
    ).toContain('greet');
    expect(textOf(await client.callTool({ name: 'show_skill', arguments: { name: 'greet' } }))).toContain(
      'say hello',
    );
    // The level set over stdio holds for the connection: the skill's output (info) is not sent.
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
      logs.push(note.params.data);
    });
    await client.setLoggingLevel('error');
    const ran = await client.callTool({
      name: 'run_skill',
      arguments: { name: 'greet', args: ["it's me", '$(rm -rf ~); x'] },
    });
    expect(textOf(ran)).toContain("hello [it's me] [$(rm -rf ~); x]");
    expect(ran.isError).toBe(false);
    expect(logs).toEqual([]);
    expect((await client.listResources()).resources.map((r) => r.uri)).toContain('aibox://skills/greet');

    const saved = await client.callTool({
      name: 'memory_save',
      arguments: { summary: '用户喜欢乌龙茶', keywords: ['茶'] },
    });
    expect(saved.isError).toBe(false);
    expect(textOf(await client.callTool({ name: 'memory_search', arguments: { query: '乌龙' } }))).toContain(
      '乌龙茶',
    );
    const added = await client.callTool({
      name: 'tasks',
      arguments: { action: 'add', title: 'water the plants', reminder_time: '+1h' },
    });
    expect(added.isError, textOf(added)).toBe(false);
    expect(textOf(await client.callTool({ name: 'tasks', arguments: { action: 'list' } }))).toContain(
      'water the plants',
    );

    const bad = await client.callTool({ name: 'run_skill', arguments: { name: '../etc/passwd' } });
    expect(bad.isError).toBe(true);
    expect(textOf(bad)).toContain('run_skill');
  });
});

describe('aibox mcp serve with the bare environment of a desktop app', () => {
  /** Only PATH and HOME (the SDK adds its few defaults): no AIBOX_HOME, no key variable, no LANG. */
  const bare = (home: string) =>
    new StdioClientTransport({
      command: process.execPath,
      args: [CLI_PATH, 'mcp', 'serve'],
      env: { PATH: process.env.PATH ?? '', HOME: home },
      stderr: 'pipe',
    });

  // Two starts of `aibox mcp serve` one after the other: seconds each on a loaded machine.
  it('says at initialize that the data dir it found was just created; started again, finds the model key in its service.env', {
    timeout: 60_000,
  }, async () => {
    const llm = await startFakeLlm();
    try {
      const home = tempHome('aibox-mcp-new-');
      const client = new Client({ name: 'test', version: '1' });
      clients.push(client);
      await client.connect(bare(home));
      expect(client.getInstructions()).toContain(`The data dir ${join(home, '.aibox')} was just created`);
      expect(client.getInstructions()).toContain('AIBOX_HOME');
      await client.close();

      // What the installed service keeps there: the model's key in service.env, not in the environment.
      const dataDir = join(home, '.aibox');
      writeFileSync(
        join(dataDir, 'config.json'),
        JSON.stringify({
          llm: {
            provider: 'custom',
            base_url: llm.baseUrl,
            model: 'm',
            api_key_env: 'AIBOX_TEST_SERVICE_KEY',
          },
          skills: { watch: false, install_examples: false },
          scheduler: { enabled: false },
          mcp: { serve_ask: true },
        }),
        { mode: 0o600 },
      );
      writeFileSync(join(dataDir, 'service.env'), 'AIBOX_TEST_SERVICE_KEY=sk-in-service-env\n', {
        mode: 0o600,
      });
      // Started again, the data dir is the same one and says nothing of it.
      const again = new Client({ name: 'test', version: '1' });
      clients.push(again);
      await again.connect(bare(home));
      expect(again.getInstructions()).not.toContain('was just created');
      expect(again.getInstructions()).not.toContain('ask cannot work now');
      llm.script({ text: 'answered with the key' });
      const asked = await again.callTool({ name: 'ask', arguments: { message: 'hi' } });
      expect(textOf(asked)).toContain('answered with the key');
      expect(llm.requests.at(-1)?.headers.authorization).toBe('Bearer sk-in-service-env');
    } finally {
      await llm.close();
    }
  });
});

describe('the language of what is served', () => {
  const described = async (client: Client) =>
    Object.fromEntries((await client.listTools()).tools.map((t) => [t.name, t.description]));

  it("is English unless told otherwise, whatever the box's own language", async () => {
    const client = await servedOnChineseBox();
    const tools = await described(client);
    expect(tools.search_skills).toContain("Search Aibox's skills");
    expect(tools.tasks).toContain('Scheduled tasks');
    expect(client.getInstructions()).toContain('search_skills finds skills');
    expect(client.getInstructions()).toContain('ask cannot work now');
    const missing = await client.callTool({ name: 'show_skill', arguments: { name: 'nope' } });
    expect(textOf(missing)).toBe('There is no skill named "nope" (find one with search_skills)');
    // The wrapped built-in's own schema is in English too.
    const tasks = (await client.listTools()).tools.find((t) => t.name === 'tasks');
    expect(JSON.stringify(tasks?.inputSchema)).toContain('Task title (required for add)');

    const http = new Client({ name: 'test', version: '1' });
    await http.connect(
      new StreamableHTTPClientTransport(new URL(`${(await sharedBox()).server.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    expect((await described(http)).show_skill).toContain("Show a skill's full description");
    await http.close();
  });

  it('is Chinese when mcp.serve_lang says so, or aibox mcp serve --lang zh', {
    timeout: 60_000,
  }, async () => {
    // mcp.serve_lang is read from the config by what serve-stdio.ts calls (servedLang without a
    // flag): built in this process; the flag's way through the CLI is the process below.
    const configuredHome = chineseBox({ serve_lang: 'zh' });
    const app = await createQuietApp({ home: configuredHome, env: homeEnv(configuredHome), mcp: false });
    try {
      const server = await createAiboxMcpServer(app, await servedToolsOf(app));
      const inProcess = new Client({ name: 'test', version: '1' });
      const [a, b] = InMemoryTransport.createLinkedPair();
      await Promise.all([server.connect(a), inProcess.connect(b)]);
      expect((await described(inProcess)).search_skills).toContain('搜索 Aibox 的技能');
      await inProcess.close();
    } finally {
      await app.close();
    }
    const flagged = await serveStdio(homeWithSkill(), ['--lang', 'zh']);
    expect((await described(flagged)).memory_save).toBe('保存一条长期记忆');
    expect(flagged.getInstructions()).toContain('search_skills 查找技能');
  });
});

describe('/mcp (Streamable HTTP)', () => {
  it('needs the token, and offers ask when mcp.serve_ask is on', async () => {
    const box = await sharedBox();
    const url = new URL(`${box.server.url}/mcp`);
    const denied = new Client({ name: 'test', version: '1' });
    await expect(denied.connect(new StreamableHTTPClientTransport(url))).rejects.toThrow(/unauthorized/);

    const client = new Client({ name: 'test', version: '1' });
    clients.push(client);
    await client.connect(
      new StreamableHTTPClientTransport(url, {
        requestInit: { headers: { authorization: `Bearer ${TOKEN}` } },
      }),
    );
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toContain('ask');
    box.llm.script({
      text: 'answer from the agent',
      usage: { prompt_tokens: 321, completion_tokens: 12, total_tokens: 333 },
    });
    const asked = await client.callTool({ name: 'ask', arguments: { message: 'hello box' } });
    expect(textOf(asked)).toBe('answer from the agent');
    // The turn's real usage, in /v1's shape, in the result's _meta.
    expect(asked._meta?.['aibox/usage']).toMatchObject({
      prompt_tokens: 321,
      completion_tokens: 12,
      total_tokens: 333,
    });
    expect(
      box.app.sessions
        .get('mcp')
        .history(10)
        .map((h) => h.content),
    ).toContain('hello box');
    await client.close();
  });
});
