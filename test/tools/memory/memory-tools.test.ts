import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createDedupingSave } from '../../../src/memory/hybrid/dedupe-save.js';
import { createMemoryStore } from '../../../src/memory/store.js';
import type { MemoryStore } from '../../../src/memory/types.js';
import { createTaskStore } from '../../../src/tasks/store.js';
import { createMemoryTools } from '../../../src/tools/memory/memory-tools.js';
import type { AnyTool } from '../../../src/tools/tool.js';
import { tempHome } from '../../helpers/cli.js';
import { openDatabaseForTest } from '../../helpers/test-database.js';
import { toolContext } from '../../helpers/tool-context.js';

let memory: MemoryStore;
let tasks: ReturnType<typeof createTaskStore>;
let tools: Record<string, AnyTool>;
let prompts: string;
const clock = { now: () => new Date('2026-11-30T10:00:00Z') };

beforeEach(async () => {
  const home = tempHome('aibox-tools-');
  prompts = join(home, 'prompts');
  const db = await openDatabaseForTest(join(home, 'memories.db'));
  memory = createMemoryStore({ db, clock });
  tasks = createTaskStore({ db, clock });
  tools = Object.fromEntries(
    createMemoryTools({ memory, tasks, promptsDir: prompts, lang: 'en', clock, defaultTimezone: 'UTC' }).map(
      (t) => [t.name, t],
    ),
  );
});

async function call(name: string, args: unknown, lang: 'zh' | 'en' = 'en') {
  const tool = tools[name] as AnyTool;
  return tool.execute(tool.parameters.parse(args), toolContext(lang));
}

describe('memory tool', () => {
  it('saves, searches, lists recent (works), gets and deletes with confirm', async () => {
    expect(
      (await call('memory', { action: 'save', summary: '讨论了项目进度', topic: '周会', keywords: ['项目'] }))
        .ok,
    ).toBe(true);
    await call('memory', { action: 'save', summary: 'bought tomatoes' });
    // The session that saved it is kept (the tool context's: `main`).
    expect(memory.get(2)).toMatchObject({ source: 'main', recallCount: 0, recalledAt: null });
    const search = await call('memory', { action: 'search', query: '项目' });
    expect(search.content).toContain('1 memories');
    expect(search.content).toContain('[ID: 1]');
    const recent = await call('memory', { action: 'recent', limit: 1 });
    expect(recent.ok).toBe(true);
    expect(recent.content).toContain('Page 1/2');
    expect(recent.content).toContain('More: page=2');
    expect((await call('memory', { action: 'get', memory_id: 1 })).content).toContain('讨论了项目进度');
    const refused = await call('memory', { action: 'delete', memory_id: 1 });
    expect(refused.ok).toBe(false);
    expect(memory.count()).toBe(2);
    expect((await call('memory', { action: 'delete', memory_id: 1, confirm: true })).ok).toBe(true);
    expect(memory.search('项目').total).toBe(0);
    expect((await call('memory', { action: 'search', query: '"' })).content).toContain('0 memories');
  });
  it("saves a kind (user by default, work when asked), refuses journal and chat in the owner's session, lists one kind", async () => {
    await call('memory', { action: 'save', summary: 'likes oolong' });
    const work = await call('memory', {
      action: 'save',
      summary: 'the NAS answers on port 5000',
      kind: 'work',
    });
    expect(work.content).toContain('work');
    expect(memory.recent({ kind: 'work' }).items.map((m) => m.summary)).toEqual([
      'the NAS answers on port 5000',
    ]);
    expect(memory.get(1)?.kind).toBe('user');
    for (const kind of ['journal', 'chat']) {
      const refused = await call('memory', { action: 'save', summary: 'x', kind });
      expect(refused).toMatchObject({ ok: false });
      expect(refused.content).toContain(`${kind} memory`);
    }
    expect(() => tools.memory?.parameters.parse({ action: 'save', summary: 'x', kind: 'boss' })).toThrow();
    expect(() => tools.memory?.parameters.parse({ action: 'save', summary: 'x', kind: 3 })).toThrow();
    const listed = await call('memory', { action: 'recent', kind: 'work' });
    expect(listed.content).toContain('[work]');
    expect(listed.content).not.toContain('oolong');
    const searched = await call('memory', { action: 'search', query: 'oolong NAS', kind: 'user' });
    expect(searched.content).toContain('Summary: likes oolong');
    expect(searched.content).not.toContain('port 5000');
  });
  it("records what the model had read, and `stranger` in a chat that is not the owner's; shows it back", async () => {
    const chatTools = createMemoryTools({
      memory,
      tasks,
      promptsDir: prompts,
      lang: 'en',
      clock,
      defaultTimezone: 'UTC',
      scopeOf: (session) => (session === 'telegram-42' ? 'telegram:42' : undefined),
    });
    const save = chatTools.find((t) => t.name === 'memory') as AnyTool;
    const run = (session: string, untrustedRead: string[], summary: string) =>
      save.execute(save.parameters.parse({ action: 'save', summary }), {
        ...toolContext(),
        sessionId: session,
        untrustedRead,
      });
    await run('main', [], 'Owner said it directly');
    await run('main', ['mcp:fs', 'web'], 'Read from two places');
    await run('telegram-42', [], 'Alice likes coffee');
    await run('telegram-42', ['file'], 'Alice sent a file');
    expect(memory.recent({ pageSize: 10 }).items.map((m) => [m.summary, m.untrusted])).toEqual([
      ['Alice sent a file', ['file', 'stranger']],
      ['Alice likes coffee', ['stranger']],
      ['Read from two places', ['mcp:fs', 'web']],
      ['Owner said it directly', []],
    ]);
    const lines = (await call('memory', { action: 'recent' })).content.split('\n');
    expect(lines.find((l) => l.includes('[ID: 2]'))).toContain('(From untrusted input: mcp:fs, web)');
    expect(lines.find((l) => l.includes('[ID: 1]'))).not.toContain('untrusted');
    expect((await call('memory', { action: 'get', memory_id: 2 })).content).toMatch(
      /From untrusted input: mcp:fs, web/,
    );
  });

  it('has Chinese descriptions by default', () => {
    const zh = createMemoryTools({ memory, tasks, promptsDir: prompts, lang: 'zh' });
    expect(zh.map((t) => t.name)).toEqual([
      'memory',
      'memo',
      'update_identity',
      'update_soul',
      'save_memory_and_end_conversation',
    ]);
    expect(zh[0]?.description).toContain('长期记忆库');
    expect(zh[1]?.description).toContain('定时任务');
  });
});

describe('save_memory_and_end_conversation', () => {
  it('refuses a short summary clearly', async () => {
    const result = await call('save_memory_and_end_conversation', {
      summary: 'too short',
      current_status: 'ok',
    });
    expect(result.ok).toBe(false);
    expect(result.content).toContain('at least 50 characters');
    expect(result.endConversation).toBeUndefined();
    expect(memory.count()).toBe(0);
  });
  it('stores exactly one memory (with or without topic), writes 100_STATUS.md and ends the conversation', async () => {
    const summary =
      '我们讨论了家庭服务器的备份方案，决定每天凌晨三点做增量备份，每周日做完整备份，并把备份同步到外置硬盘和云端。';
    const result = await call(
      'save_memory_and_end_conversation',
      { summary, current_status: '备份方案已确定', next_goals: '配置定时任务' },
      'zh',
    );
    expect(result.ok).toBe(true);
    expect(result.endConversation).toBe(true);
    expect(memory.count()).toBe(1);
    const status = readFileSync(join(prompts, '100_STATUS.md'), 'utf8');
    expect(status).toContain('【当前状态】\n备份方案已确定');
    expect(status).toContain('【下一步计划】\n配置定时任务');
    expect(status).toContain(summary);
    expect(memory.search('备份').items[0]).toMatchObject({ importance: 3, source: 'main' });
  });
  it('goes through the deduping save: the same summary again updates the memory instead of adding a copy', async () => {
    tools = Object.fromEntries(
      createMemoryTools({
        memory,
        memorySave: createDedupingSave(memory, undefined),
        tasks,
        promptsDir: prompts,
        lang: 'en',
        clock,
        defaultTimezone: 'UTC',
      }).map((t) => [t.name, t]),
    );
    const summary =
      'We settled the home server backup plan: incremental backups at 3 am daily, a full one on Sundays, synced offsite.';
    await call('memory', { action: 'save', summary, topic: 'backup' });
    const result = await call('save_memory_and_end_conversation', {
      summary: `${summary.toUpperCase()}  `,
      current_status: 'plan agreed',
    });
    expect(result.ok).toBe(true);
    expect(result.endConversation).toBe(true);
    expect(result.content).toContain('Memory #1 already said this');
    expect(memory.count()).toBe(1);
    expect(memory.get(1)).toMatchObject({ topic: 'backup', content: 'plan agreed' });
  });
});

describe('update_identity / update_soul', () => {
  it('write the prompt files atomically', async () => {
    const r = await call('update_identity', { content: 'You are Aibox, a helpful home assistant.' });
    expect(r.ok).toBe(true);
    expect(readFileSync(join(prompts, '00_IDENTITY.md'), 'utf8')).toMatch(/^# Identity\n\nYou are Aibox/);
    await call('update_soul', { content: '# Soul\nBe kind.' });
    expect(readFileSync(join(prompts, '99_SOUL.md'), 'utf8')).toMatch(/^# Soul\nBe kind\.\n\n\[Update log\]/);
    expect((await call('update_soul', { content: '   ' })).ok).toBe(false);
  });
});
