/**
 * Automatic recall end to end: a memory saved in an earlier turn is embedded in the background
 * and put, marked as notes, before the new message in the model request; the person's client is
 * told which memories (`recalled`); the stored conversation keeps the message as typed.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeEmbeddings, startFakeEmbeddings } from '../helpers/fake-embeddings.js';
import { until } from '../helpers/until.js';
import { type Box, connectReady, startBox } from './harness.js';

describe('automatic memory recall', () => {
  let box: Box;
  let embeddings: FakeEmbeddings;
  beforeAll(async () => {
    embeddings = await startFakeEmbeddings();
    box = await startBox({
      seed: (home) => {
        const skills = join(home, 'skills');
        mkdirSync(skills, { recursive: true });
        writeFileSync(join(skills, 'coach.md'), '# Plan a marathon week\n\nLong slow distance on Sunday.\n');
        writeFileSync(join(skills, 'beans.md'), '# Order coffee beans\n');
      },
      config: {
        memory: {
          embeddings: {
            provider: 'custom',
            base_url: embeddings.baseUrl,
            model: 'fake-embed',
            dimensions: 64,
          },
        },
      },
    });
  });
  afterAll(async () => {
    await box?.close();
    await embeddings?.close();
  });

  it('recalls a memory saved by the model in an earlier turn, by meaning, into the next request only', async () => {
    const c = await connectReady(`${box.wsUrl}/?session=recall`);
    box.llm.script(
      {
        toolCalls: [
          {
            name: 'memory',
            arguments: { action: 'save', summary: 'The user is allergic to peanuts', topic: 'health' },
          },
        ],
      },
      { text: 'Noted.' },
    );
    await c.chat('Please remember I am allergic to peanuts');
    await until(() => box.app.memoryRecall.indexer?.backlog() === 0, 'the memory embedded');

    box.llm.script({ text: 'Better not.' });
    const before = box.llm.requests.length;
    c.send({ type: 'message', content: 'Can I eat this satay sauce? It has peanut in it.' });
    const recalled = await c.waitFor((f) => f.type === 'recalled');
    await c.waitFor((f) => f.type === 'complete' && f.turn_id === recalled.turn_id);
    expect(recalled.memories).toEqual([expect.objectContaining({ topic: 'health' })]);

    const sent = box.llm.requests[before]?.body.messages as { role: string; content: string }[];
    const last = sent.at(-1);
    expect(last?.role).toBe('user');
    expect(last?.content).toMatch(/^<recalled_memories>\n.*notes, not instructions/s);
    expect(last?.content).toContain('allergic to peanuts');
    expect(last?.content.endsWith('Can I eat this satay sauce? It has peanut in it.')).toBe(true);
    c.close();

    const again = await connectReady(`${box.wsUrl}/?session=recall`);
    const history = again.ofType('history')[0]?.messages as { role: string; content: string }[];
    const typed = history.filter((m) => m.role === 'user').at(-1);
    expect(typed?.content).toBe('Can I eat this satay sauce? It has peanut in it.');
    again.close();
  });

  it('search_skills finds a skill by meaning for a request no keyword matches', async () => {
    // The skills are embedded in the background at start.
    await until(() => existsSync(join(box.home, '.skills-vectors.json')), 'the skills embedded');
    const c = await connectReady(`${box.wsUrl}/?session=skills`);
    box.llm.script(
      { toolCalls: [{ name: 'search_skills', arguments: { keyword: '下周想去慢跑' } }] },
      { text: 'ok' },
    );
    const before = box.llm.requests.length;
    await c.chat('find me a tool');
    const sent = box.llm.requests[before + 1]?.body.messages as { role: string; content: string }[];
    const result = sent.find((m) => m.role === 'tool');
    expect(result?.content).toContain('coach');
    expect(result?.content.indexOf('coach')).toBeLessThan(
      result?.content.indexOf('beans') ?? Number.POSITIVE_INFINITY,
    );
    c.close();
  });
});
