/**
 * The compact profile (issue 21 §3) in a real box against the fake LLM: what the first request
 * of a fresh session carries per profile, a tool offered on demand once the model calls it, the
 * automatic choice (`ollama`, a small known window), and the history budget sized to the window.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/config/schema.js';
import { historyBudget, resolveProfile } from '../../src/providers/model-profile.js';
import { type Box, connectReady, startBox } from '../server/harness.js';

const CORE = [
  'run_command',
  'read_file',
  'write_file',
  'list_files',
  'web',
  'memory',
  'save_memory_and_end_conversation',
  'search_skills',
];

interface SentTool {
  function: { name: string; description: string };
}

let box: Box | undefined;
afterEach(async () => {
  await box?.close();
  box = undefined;
});

/** Sends one message on a fresh session and returns the request bodies the model got. */
async function ask(b: Box, content = 'hello') {
  const c = await connectReady(`${b.wsUrl}/?session=fresh`);
  c.send({ type: 'message', content });
  await c.waitFor((f) => f.type === 'complete' || (f.type === 'error' && f.turn_id !== undefined));
  c.close();
  // Chat requests only (with `ollama`, memory recall may ask the same server for embeddings).
  return b.llm.requests.map((r) => r.body).filter((body) => Array.isArray(body.messages));
}

const names = (body: { tools?: SentTool[] }) => (body.tools ?? []).map((t) => t.function.name);

describe('llm.profile', () => {
  it('compact: a short guide instead of the shipped files, the core tools with short descriptions, the rest named', async () => {
    box = await startBox({ config: { llm: { profile: 'compact' } } });
    box.llm.script({ text: 'hi' });
    const [first] = await ask(box);
    expect(names(first).sort()).toEqual([...CORE].sort());
    for (const tool of first.tools as SentTool[])
      expect(tool.function.description.length).toBeLessThanOrEqual(120);
    const system: string = first.messages[0].content;
    expect(system).toContain('# How to work');
    expect(system).toMatch(/^memo: reminders and scheduled tasks$/m);
    expect(system).toMatch(/^calculator: /m);
    expect(system).not.toContain('# Recalling'); // the shipped 1_memory_search.md
    expect(system).not.toContain('# Who I am'); // the shipped 99_SOUL.md, unchanged
  });

  it('compact: a prompt file a person changed is kept word for word', async () => {
    box = await startBox({
      config: { llm: { profile: 'compact' } },
      seed: (home) => {
        mkdirSync(join(home, 'prompts'), { recursive: true });
        writeFileSync(join(home, 'prompts', '99_SOUL.md'), '# Me\nI answer in haiku.\n');
      },
    });
    box.llm.script({ text: 'hi' });
    const [first] = await ask(box);
    expect(first.messages[0].content).toContain('# Me\nI answer in haiku.');
  });

  it('compact: a tool the model calls by name is offered with its definition from the next round', async () => {
    box = await startBox({ config: { llm: { profile: 'compact' } } });
    box.llm.script({ toolCalls: [{ name: 'memo', arguments: { action: 'list' } }] }, { text: 'no tasks' });
    const [first, second] = await ask(box, 'what tasks do I have?');
    expect(names(first)).not.toContain('memo');
    expect(names(second)).toContain('memo');
    const result = second.messages.at(-1);
    expect(result).toMatchObject({ role: 'tool' });
    expect(result.content).not.toMatch(/^Error/);
  });

  it('default: every tool, the prompt files as they are', async () => {
    box = await startBox({ config: { llm: { profile: 'default' } } });
    box.llm.script({ text: 'hi' });
    const [first] = await ask(box);
    expect(names(first)).toHaveLength(18);
    expect(names(first)).toContain('conversation_search');
    expect(first.messages[0].content).toContain('# Recalling');
  });

  it('auto: compact for ollama', async () => {
    box = await startBox({ config: { llm: { provider: 'ollama' } } });
    box.llm.script({ text: 'hi' });
    const [first] = await ask(box);
    expect(names(first).sort()).toEqual([...CORE].sort());
  });
});

describe('resolveProfile and historyBudget', () => {
  const config = (llm: Record<string, unknown>, agent: Record<string, unknown> = {}) =>
    ConfigSchema.parse({ llm, agent });

  it('auto picks compact for ollama and a known window up to 32k, default otherwise', () => {
    expect(resolveProfile(config({}).llm)).toBe('default');
    expect(resolveProfile(config({ provider: 'ollama' }).llm)).toBe('compact');
    expect(resolveProfile(config({ context_window: 32_768 }).llm)).toBe('compact');
    expect(resolveProfile(config({ context_window: 128_000 }).llm)).toBe('default');
    expect(resolveProfile(config({ provider: 'ollama', profile: 'default' }).llm)).toBe('default');
  });

  it('sizes the history budget to the window: less the reply room and the tools, never above the configured one', () => {
    // 8,192 − min(8,192, 2,048) − 1,500 (compact tools)
    expect(historyBudget(config({ context_window: 8192 }), 'compact')).toBe(4644);
    // unknown window, compact: taken as 8,192
    expect(historyBudget(config({ provider: 'ollama' }), 'compact')).toBe(4644);
    expect(historyBudget(config({ context_window: 32_768, max_tokens: 2000 }), 'compact')).toBe(29_268);
    expect(historyBudget(config({}), 'default')).toBe(60_000);
    expect(historyBudget(config({ context_window: 1_000_000 }), 'default')).toBe(60_000);
  });
});
