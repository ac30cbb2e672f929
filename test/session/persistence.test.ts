import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/conversations/conversation-repo.js';
import { createMessageRepo } from '../../src/conversations/message-repo.js';
import { assertValidHistory, createFixture, type Fixture, record } from './fixture.js';

let fx: Fixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('persistence', () => {
  it('stores each message as it happens (visible to a second connection mid-turn)', async () => {
    fx = await createFixture();
    const dbPath = fx.paths.database;
    let seen: { role: string; content: string | null; tool_name: string | null }[] = [];
    fx.llm.script({ toolCalls: [{ id: 'e1', name: 'echo', arguments: { text: 'hi' } }] }, () => {
      // The turn is mid-way: the tool ran, the model is asked again. Read from another connection.
      const other = new BetterSqlite3(dbPath, { readonly: true });
      seen = other.prepare('SELECT role, content, tool_name FROM messages ORDER BY seq').all() as typeof seen;
      other.close();
      return { text: 'final' };
    });
    await fx.manager.get('main').enqueue({ content: 'say hi', source: 'user' }).done;
    expect(seen.map((r) => r.role)).toEqual(['user', 'assistant', 'tool']);
    expect(seen[2]).toMatchObject({ content: 'echo: hi', tool_name: 'echo' });
  });

  it('resumes the conversation after the database is reopened (server restart)', async () => {
    fx = await createFixture();
    fx.llm.script({ text: 'I will remember' }, { text: 'you said apples' });
    await fx.manager.get('main').enqueue({ content: 'I like apples', source: 'user' }).done;
    await fx.reopen();
    const session = fx.manager.get('main');
    const history = session.history(10);
    expect(history.map((h) => [h.role, h.content])).toEqual([
      ['user', 'I like apples'],
      ['assistant', 'I will remember'],
    ]);
    expect(history[0]?.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
    await session.enqueue({ content: 'what do I like?', source: 'user' }).done;
    const sent = fx.llm.calls[1]?.messages as { role: string; content: string }[];
    expect(sent.slice(1).map((m) => m.content)).toEqual([
      'I like apples',
      'I will remember',
      'what do I like?',
    ]);
  });

  it('answers tool calls lost to a crash before sending the history again', async () => {
    fx = await createFixture();
    // A crash right after the assistant's tool-call message was stored: no tool result row.
    const conversations = createConversationRepo(fx.db);
    const messages = createMessageRepo(fx.db);
    conversations.create({
      id: 'conv_crash',
      sessionId: 'main',
      startedAt: '2026-11-30T10:00:00+00:00',
      topic: 'x',
    });
    const at = '2026-11-30T10:00:01+00:00';
    messages.append('conv_crash', { role: 'user', content: 'run it', createdAt: at });
    messages.append('conv_crash', {
      role: 'assistant',
      content: null,
      toolCalls: [{ id: 'lost_1', type: 'function', function: { name: 'echo', arguments: '{"text":"x"}' } }],
      createdAt: at,
    });
    await fx.reopen();
    await fx.manager.get('main').enqueue({ content: 'are you there?', source: 'user' }).done;
    const sent = fx.llm.calls[0]?.messages;
    assertValidHistory(sent);
    expect(sent.map((m: { role: string }) => m.role)).toEqual([
      'system',
      'user',
      'assistant',
      'tool',
      'user',
    ]);
    expect(sent[3].content).toContain('interrupted');
  });

  it('reset archives the conversation (unique JSON files) and starts fresh', async () => {
    const fixed = new Date('2026-11-30T10:00:00Z');
    fx = await createFixture({ clock: { now: () => fixed } });
    const session = fx.manager.get('main');
    const rec = record(session);
    fx.llm.script({ text: 'one' }, { text: 'two' }, { text: 'three' });
    await session.enqueue({ content: 'first conversation', source: 'user' }).done;
    await session.reset();
    await session.enqueue({ content: 'second conversation', source: 'user' }).done;
    await session.reset();
    expect(rec.events.filter((e) => e.type === 'dialogue_reset')).toHaveLength(2);
    expect(session.history(10)).toEqual([]);

    // Same second, two archives: both kept.
    const files = readdirSync(fx.paths.archive).filter((f) => f.endsWith('.json'));
    expect(files).toHaveLength(2);
    for (const file of files) expect(file).toMatch(/^conversation_\d{8}_\d{6}_conv_[0-9a-f]+\.json$/);
    const exported = files.map((f) => JSON.parse(readFileSync(join(fx!.paths.archive, f), 'utf8')));
    const topics = exported.map((e) => e.topic).sort();
    expect(topics).toEqual(['first conversation', 'second conversation']);
    const first = exported.find((e) => e.topic === 'first conversation');
    expect(first).toMatchObject({ status: 'archived', sessionId: 'main', format: 'aibox.conversation.v1' });
    expect(first.messages.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    expect(first.stats).toEqual({ user_messages: 1, ai_messages: 1, tool_calls: 0 });

    await session.enqueue({ content: 'third', source: 'user' }).done;
    const sent = fx.llm.calls[2]?.messages as { role: string }[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
    const statuses = fx.db.prepare('SELECT status FROM conversations ORDER BY rowid').all();
    expect(statuses).toEqual([{ status: 'archived' }, { status: 'archived' }, { status: 'active' }]);
  });

  it('reset during a turn aborts it, then archives', async () => {
    fx = await createFixture();
    fx.llm.script({ stall: 'mid-stream' });
    const session = fx.manager.get('main');
    const rec = record(session);
    const turn = session.enqueue({ content: 'stalling', source: 'user' });
    await fx.llm.waitForCall(1);
    await session.reset();
    expect(await turn.done).toMatchObject({ status: 'error', code: 'aborted' });
    const types = rec.events.map((e) => e.type);
    expect(types.indexOf('error')).toBeLessThan(types.indexOf('dialogue_reset'));
    expect(existsSync(fx.paths.archive)).toBe(true);
    expect(readdirSync(fx.paths.archive).filter((f) => f.endsWith('.json'))).toHaveLength(1);
  });
});

describe('two processes on one session', () => {
  it('a conversation archived by another connection is not written to any more', async () => {
    fx = await createFixture();
    const session = fx.manager.get('main');
    fx.llm.script({ text: 'one' }, { text: 'two' });
    await session.enqueue({ content: 'first', source: 'user' }).done;
    // Another process (its own connection and session manager) runs /new on `main`.
    const other = new BetterSqlite3(fx.paths.database);
    other
      .prepare("UPDATE conversations SET status = 'archived', archived_at = ? WHERE session_id = 'main'")
      .run('x');
    other.close();
    await session.enqueue({ content: 'second', source: 'user' }).done;
    expect(fx.llm.calls[1]?.messages.map((m: { role: string }) => m.role)).toEqual(['system', 'user']);
    const counts = fx.db
      .prepare(
        'SELECT c.status, COUNT(m.id) AS n FROM conversations c JOIN messages m ON m.conversation_id = c.id GROUP BY c.id ORDER BY c.rowid',
      )
      .all();
    expect(counts).toEqual([
      { status: 'archived', n: 2 },
      { status: 'active', n: 2 },
    ]);
  });
});
