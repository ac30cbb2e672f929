import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { archiveConversation, archiveFileName } from '../../src/conversations/archive.js';
import { createConversationRepo, listConversations } from '../../src/conversations/conversation-repo.js';
import { createMessageRepo } from '../../src/conversations/message-repo.js';
import { openDatabase } from '../../src/store/database.js';

let dir: string;
let db: Database;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'aibox-conv-'));
  db = await openDatabase(join(dir, 'memories.db'));
});
afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const at = (s: number) => `2026-11-30T10:00:${String(s).padStart(2, '0')}+00:00`;

describe('conversation and message repositories', () => {
  it('append numbers messages in order and keeps tool calls, tool names and reasoning', () => {
    const conversations = createConversationRepo(db);
    const messages = createMessageRepo(db);
    conversations.create({ id: 'c1', sessionId: 'main', startedAt: at(0), topic: 'hello' });
    messages.append('c1', { role: 'user', content: 'hello', createdAt: at(1), turnId: 't1' });
    const call = { id: 'x', type: 'function' as const, function: { name: 'echo', arguments: '{"a":1}' } };
    messages.append('c1', {
      role: 'assistant',
      content: null,
      toolCalls: [call],
      reasoning: 'hmm',
      createdAt: at(2),
    });
    const tool = messages.append('c1', {
      role: 'tool',
      content: 'done',
      toolCallId: 'x',
      toolName: 'echo',
      createdAt: at(3),
    });
    expect(tool.seq).toBe(3);
    const all = messages.all('c1');
    expect(all.map((m) => m.seq)).toEqual([1, 2, 3]);
    expect(all[1]).toMatchObject({ toolCalls: [call], reasoning: 'hmm', content: null });
    expect(all[2]).toMatchObject({ toolCallId: 'x', toolName: 'echo' });
    expect(messages.recentTranscript('c1', 2).map((m) => m.seq)).toEqual([2, 3]);
  });

  it('compress marks the replaced rows and puts the summary first in the live history', () => {
    const conversations = createConversationRepo(db);
    const messages = createMessageRepo(db);
    conversations.create({ id: 'c1', sessionId: 'main', startedAt: at(0), topic: 't' });
    const rows = [1, 2, 3, 4].map((n) =>
      messages.append('c1', { role: n % 2 ? 'user' : 'assistant', content: `m${n}`, createdAt: at(n) }),
    );
    const summary = messages.compress('c1', [rows[0]!.id, rows[1]!.id], {
      role: 'system',
      content: 'S',
      createdAt: at(5),
    });
    expect(summary.kind).toBe('summary');
    expect(messages.live('c1').map((m) => m.content)).toEqual(['S', 'm3', 'm4']);
    expect(messages.all('c1').filter((m) => m.compressedInto === summary.id)).toHaveLength(2);
    expect(messages.recentTranscript('c1', 10).map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4']);
  });

  it('a summary carries the outside text of the rows it replaces', () => {
    const conversations = createConversationRepo(db);
    const messages = createMessageRepo(db);
    conversations.create({ id: 'c1', sessionId: 'main', startedAt: at(0), topic: 't' });
    const tool = (n: number, untrusted: string[]) =>
      messages.append('c1', {
        role: 'tool',
        content: `r${n}`,
        toolCallId: `x${n}`,
        untrusted,
        createdAt: at(n),
      });
    const [web, mcp, file] = [tool(1, ['web']), tool(2, ['mcp:fs', 'web']), tool(3, ['file'])];
    const summary = messages.compress('c1', [web.id, mcp.id], {
      role: 'system',
      content: 'S',
      createdAt: at(4),
    });
    expect(summary.untrusted).toEqual(['mcp:fs', 'web']);
    expect(messages.live('c1').map((m) => m.untrusted)).toEqual([['mcp:fs', 'web'], file.untrusted]);
  });

  it('current() resumes the latest non-archived conversation; list is newest first with counts', () => {
    const conversations = createConversationRepo(db);
    const messages = createMessageRepo(db);
    conversations.create({ id: 'a', sessionId: 'main', startedAt: at(0), topic: 'A' });
    conversations.create({ id: 'b', sessionId: 'main', startedAt: at(1), topic: 'B' });
    conversations.create({ id: 'c', sessionId: 'task-1', startedAt: at(2), topic: 'C' });
    messages.append('b', { role: 'user', content: 'x', createdAt: at(3) });
    expect(conversations.current('main')?.id).toBe('b');
    conversations.markEnded('b', at(4));
    expect(conversations.current('main')).toMatchObject({ id: 'b', status: 'ended', endedAt: at(4) });
    conversations.markArchived('b', at(5));
    expect(conversations.current('main')?.id).toBe('a');
    expect(listConversations(db).map((c) => [c.id, c.messageCount])).toEqual([
      ['c', 0],
      ['b', 1],
      ['a', 0],
    ]);
    expect(listConversations(db, { sessionId: 'main', includeArchived: false }).map((c) => c.id)).toEqual([
      'a',
    ]);
    expect(listConversations(db, { limit: 1 })).toHaveLength(1);
  });

  it('archives to uniquely named JSON files, even within the same second', async () => {
    const conversations = createConversationRepo(db);
    const messages = createMessageRepo(db);
    const clock = { now: () => new Date(2026, 10, 30, 9, 8, 7) };
    for (const id of ['one', 'two']) {
      conversations.create({ id, sessionId: 'main', startedAt: at(0), topic: id });
      messages.append(id, { role: 'user', content: `hi ${id}`, createdAt: at(1) });
      const result = await archiveConversation(
        { conversations, messages, archiveDir: join(dir, 'archive'), clock },
        id,
      );
      expect(result?.file).toBe(join(dir, 'archive', `conversation_20261130_090807_${id}.json`));
    }
    expect(readdirSync(join(dir, 'archive')).sort()).toEqual([
      'conversation_20261130_090807_one.json',
      'conversation_20261130_090807_two.json',
    ]);
    const data = JSON.parse(
      readFileSync(join(dir, 'archive', 'conversation_20261130_090807_two.json'), 'utf8'),
    );
    expect(data).toMatchObject({
      id: 'two',
      status: 'archived',
      messages: [{ role: 'user', content: 'hi two' }],
    });
    expect(conversations.get('two')?.status).toBe('archived');
    expect(archiveFileName('a/b', new Date(2026, 0, 2, 3, 4, 5))).toBe(
      'conversation_20260102_030405_a_b.json',
    );
  });

  it('migration 1 creates its tables and is recorded in user_version', () => {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type='table' ORDER BY name").all();
    expect(tables).toEqual(expect.arrayContaining([{ name: 'conversations' }, { name: 'messages' }]));
    expect(db.pragma('user_version', { simple: true })).toBeGreaterThanOrEqual(1);
  });
});
