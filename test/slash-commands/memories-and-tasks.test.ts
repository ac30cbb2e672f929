import { describe, expect, it } from 'vitest';
import { createConversationRepo } from '../../src/conversations/conversation-repo.js';
import { createMessageRepo } from '../../src/conversations/message-repo.js';
import { createMemoryStore } from '../../src/memory/store.js';
import { checkCommand } from '../../src/slash-commands/check.js';
import { listCommand } from '../../src/slash-commands/list.js';
import { memoriesCommand } from '../../src/slash-commands/memories.js';
import { pendingTasksCommand } from '../../src/slash-commands/pending-tasks.js';
import { searchCommand } from '../../src/slash-commands/search.js';
import type { CommandServices } from '../../src/slash-commands/services.js';
import { tasksCommand } from '../../src/slash-commands/tasks.js';
import type { SlashCommand } from '../../src/slash-commands/types.js';
import { buildSchedule } from '../../src/tasks/build-schedule.js';
import { createTaskStore } from '../../src/tasks/store.js';
import { tempDatabase } from '../helpers/test-database.js';

/** The commands here never touch the session: any use of it fails the test. */
const noSession = new Proxy({} as SlashCommandSession, {
  get: (_target, key) => {
    throw new Error(`the command used session.${String(key)}`);
  },
});
type SlashCommandSession = Parameters<SlashCommand['run']>[0]['session'];

describe('slash commands for memories and tasks', () => {
  it('/memories, /search, /memos, /tasks (distinct stats), /check (lists, does not run)', async () => {
    let now = new Date('2026-11-30T10:00:00Z');
    const clock = { now: () => now };
    const db = await tempDatabase('aibox-cmd-');
    const memory = createMemoryStore({ db, clock });
    const tasks = createTaskStore({ db, clock });
    // Only what these commands declare: no database handle, no config, no session.
    const memoryScope = (id: string) => (id === 'telegram-7' ? 'telegram:7' : undefined);
    const services: Pick<CommandServices, 'memory' | 'memoryScope' | 'tasks' | 'clock'> = {
      memory,
      memoryScope,
      tasks,
      clock,
    };
    const run = (cmd: SlashCommand<keyof typeof services>, args = '', lang: 'zh' | 'en' = 'en') =>
      cmd.run({ services, session: noSession, lang, args });
    /** Memory commands read only the session's id (whose memories it sees). */
    const inSession = (
      id: string,
      cmd: SlashCommand<keyof typeof services>,
      args = '',
      lang: 'zh' | 'en' = 'en',
    ) => cmd.run({ services, session: { id } as SlashCommandSession, lang, args });

    expect((await inSession('web', memoriesCommand)).content).toBe('No memories yet');
    memory.save({ summary: '项目进度讨论：本周完成数据库迁移', topic: '周会' });
    memory.save({
      summary: '项目 of the chat: bring snacks',
      topic: 'chat note',
      chat: 'telegram:7',
      untrusted: ['stranger'],
    });
    expect((await inSession('web', memoriesCommand)).content).toContain('chat note');
    // What a memory came with follows its line; a memory that came with none has no mark.
    expect((await inSession('web', memoriesCommand)).content).toMatch(
      /chat note - .*bring snacks ⚠ stranger\n/,
    );
    expect((await inSession('web', memoriesCommand)).content).not.toMatch(/周会 - .*⚠/);
    expect((await inSession('web', memoriesCommand, '', 'zh')).content).toContain('📚 最近的记忆');
    const search = await inSession('web', searchCommand, '项目');
    expect(search.content).toContain("🔍 Search '项目': 2 memories");
    // A paired chat sees its own memories only.
    const mine = await inSession('telegram-7', memoriesCommand);
    expect(mine.content).toContain('chat note');
    expect(mine.content).not.toContain('周会');
    expect((await inSession('telegram-7', searchCommand, '项目')).content).toContain(
      "🔍 Search '项目': 1 memories",
    );
    expect((await inSession('web', searchCommand, '')).content).toBe('Usage: /search KEYWORDS');

    const sched = (s: Parameters<typeof buildSchedule>[0]) =>
      buildSchedule({ timezone: 'UTC', ...s }, { now, lang: 'en' });
    tasks.add({ title: 'soon', schedule: sched({ at: '+1m' }) });
    tasks.add({ title: 'later', schedule: sched({ at: '+1d' }) });
    const done = tasks.add({ title: 'done', schedule: sched({ at: '+2m' }) });
    tasks.complete(done.id);
    now = new Date(now.getTime() + 120_000);
    const stats = await run(tasksCommand);
    expect(stats.content).toContain('total=3, pending=2, due=1, completed=1, runs=0, failed=0');
    expect(stats.content).toContain('The task scheduler is disabled');
    const check = await run(checkCommand);
    expect(check.content).toContain('1 due tasks');
    expect(check.content).toContain('soon');
    expect(tasks.due(now)).toHaveLength(1); // /check did not run it
    const memos = await run(pendingTasksCommand);
    expect(memos.content).toMatch(/⚠️ \[ID: 1\] soon[\s\S]*⏰ \[ID: 2\] later/);
  });

  it('/list shows saved conversations through the conversation store, newest first', async () => {
    const db = await tempDatabase('aibox-cmd-');
    const conversations = createConversationRepo(db);
    const services: Pick<CommandServices, 'conversations'> = { conversations };
    const list = (args = '') => listCommand.run({ services, session: noSession, lang: 'en', args });

    expect((await list()).content).toBe('No saved conversations yet');
    conversations.create({ id: 'c1', sessionId: 'main', startedAt: '2026-11-30T10:00:00Z', topic: '周报' });
    conversations.create({
      id: 'c2',
      sessionId: 'task-3',
      startedAt: '2026-11-30T11:00:00Z',
      topic: 'backup',
    });
    conversations.markArchived('c1', '2026-11-30T12:00:00Z');
    createMessageRepo(db).append('c2', { role: 'user', content: 'hi', createdAt: '2026-11-30T11:00:01Z' });
    const all = await list();
    expect(all.content.indexOf('backup')).toBeLessThan(all.content.indexOf('周报'));
    expect(all.data).toMatchObject({
      conversations: [
        { id: 'c2', sessionId: 'task-3', messageCount: 1 },
        { id: 'c1', status: 'archived', messageCount: 0 },
      ],
    });
    expect((await list('1')).data).toMatchObject({ conversations: [{ id: 'c2' }] });
  });
});
