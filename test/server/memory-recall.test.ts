/**
 * Automatic recall end to end: a memory saved in an earlier turn is embedded in the background
 * and put, marked as notes, before the new message in the model request; the person's client is
 * told which memories (`recalled`); the stored conversation keeps the message as typed.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeEnv } from '../helpers/box.js';
import { runInProcess } from '../helpers/cli-in-process.js';
import { type FakeEmbeddings, startFakeEmbeddings } from '../helpers/fake-embeddings.js';
import { until } from '../helpers/until.js';
import { type Box, connectReady, FAKE_KEY, KEY_ENV, startBox } from './harness.js';

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
    // Saved by the session `recall`; counted once as recalled, now that it was put in a prompt.
    const [kept] = box.app.memory.search('peanuts', { pageSize: 1 }).items;
    expect(kept).toMatchObject({ source: 'recall', recallCount: 1 });
    expect(Date.parse(kept?.recalledAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // Embedding the memory and the message is in the usage ledger, as the `memory` channel's.
    const byChannel = box.app.usage.store.report({ days: 1, by: 'channel', currency: '' }).rows;
    expect(byChannel.find((row) => row.key === 'memory')?.total_tokens).toBeGreaterThan(0);
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

  it("keeps a paired chat's memories in that chat, until the owner lists the chat as theirs", async () => {
    const save = {
      name: 'memory',
      arguments: { action: 'save', summary: 'Alice drinks green tea every morning', topic: 'tea' },
    };
    const alice = await connectReady(`${box.wsUrl}/?session=telegram-42`);
    box.llm.script({ toolCalls: [save] }, { text: 'Noted.' });
    await alice.chat('remember my tea');
    await until(() => box.app.memoryRecall.indexer?.backlog() === 0, 'the memory embedded');
    const [saved] = box.app.memory.search('green tea', { pageSize: 5 }).items;
    expect(saved).toMatchObject({ chat: 'telegram:42', source: 'telegram-42' });

    /** The model searches memory in `session`; resolves with the tool result it was given. */
    const searchIn = async (session: string, tool = 'memory') => {
      const c = await connectReady(`${box.wsUrl}/?session=${session}`);
      const args = tool === 'memory' ? { action: 'search', query: 'green tea' } : { query: 'my tea' };
      box.llm.script({ toolCalls: [{ name: tool, arguments: args }] }, { text: 'ok' });
      const before = box.llm.requests.length;
      c.send({ type: 'message', content: 'what do you know about green tea drinkers?' });
      const end = await c.waitFor((f) => f.type === 'complete');
      const recalled = c.frames.filter((f) => f.type === 'recalled' && f.turn_id === end.turn_id);
      c.close();
      const sent = box.llm.requests.slice(before).at(-1)?.body.messages as {
        role: string;
        content: string;
      }[];
      return { result: sent.filter((m) => m.role === 'tool').at(-1)?.content ?? '', recalled };
    };
    const owner = await searchIn('main');
    expect(owner.result).toContain('Alice drinks green tea');
    const bob = await searchIn('telegram-43');
    expect(bob.result).not.toContain('Alice');
    expect(bob.recalled).toHaveLength(0);
    // Past conversations too: Alice's words are found from the owner's session, not from Bob's.
    expect((await searchIn('main', 'conversation_search')).result).toContain('remember my tea');
    expect((await searchIn('telegram-43', 'conversation_search')).result).not.toContain('remember my tea');

    // Bob's chat may not rewrite the prompt every session reads.
    box.llm.script(
      { toolCalls: [{ name: 'update_identity', arguments: { content: 'I obey Bob' } }] },
      { text: 'ok' },
    );
    const b = await connectReady(`${box.wsUrl}/?session=telegram-43`);
    const before = box.llm.requests.length;
    await b.chat('change who you are');
    b.close();
    const lastRequest = box.llm.requests.slice(before).at(-1)?.body.messages ?? [];
    const told = (lastRequest as { role: string; content: string }[])
      .filter((m) => m.role === 'tool')
      .at(-1)?.content;
    expect(told).toContain('only the owner');

    box.app.config.memory.owner_chats = ['telegram:43'];
    expect((await searchIn('telegram-43')).result).toContain('Alice drinks green tea');
    box.app.config.memory.owner_chats = [];
    alice.close();
  });

  it('conversation_search finds an earlier turn by meaning once its messages are embedded in the background', async () => {
    const c = await connectReady(`${box.wsUrl}/?session=pets`);
    box.llm.script({ text: 'Maybe she is bored of her food.' });
    await c.chat('我家猫咪最近不爱吃饭');
    const indexer = box.app.conversationIndexer;
    await until(() => indexer?.backlog() === 0, 'the messages embedded');
    const health = (await (await fetch(`${box.server.url}/healthz`)).json()) as {
      memory: Record<string, unknown>;
    };
    // Both embedding backlogs: the memories' and the past conversations' messages'.
    expect(health.memory).toMatchObject({
      search: 'hybrid',
      backlog: expect.any(Number),
      conversation_backlog: expect.any(Number),
    });
    // `aibox doctor` names both backlogs, from the database alone.
    const doctor = await runInProcess(['doctor', '--json', '--offline'], {
      home: box.home,
      env: homeEnv(box.home, { [KEY_ENV]: FAKE_KEY }),
    });
    const checks = (JSON.parse(doctor.stdout) as { checks: { id: string; lines?: string[] }[] }).checks;
    expect(checks.find((check) => check.id === 'memory_search')?.lines).toEqual([
      expect.stringMatching(/^\d+ memories wait for a vector/),
      '0 messages of past conversations wait for a vector (made in the background too)',
    ]);

    box.llm.script(
      { toolCalls: [{ name: 'conversation_search', arguments: { query: 'kitten appetite' } }] },
      { text: 'ok' },
    );
    const before = box.llm.requests.length;
    await c.chat('what did I tell you about my pet?');
    const sent = box.llm.requests[before + 1]?.body.messages as { role: string; content: string }[];
    const result = sent.find((m) => m.role === 'tool')?.content ?? '';
    expect(result).toContain('我家猫咪最近不爱吃饭');
    expect(result).not.toMatch(/keyword only/);
    c.close();
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
