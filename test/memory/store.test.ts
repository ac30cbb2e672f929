import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../src/memory/store.js';
import type { MemoryStore } from '../../src/memory/types.js';
import type { Database } from '../../src/store/database.js';
import { tempDatabase } from '../helpers/test-database.js';

let db: Database;
let memory: MemoryStore;
let now = new Date('2026-11-01T00:00:00Z');
const clock = { now: () => now };

beforeEach(async () => {
  db = await tempDatabase('aibox-mem-');
  memory = createMemoryStore({ db, clock });
});

function save(summary: string, extra: { topic?: string; importance?: number; content?: string } = {}) {
  now = new Date(now.getTime() + 60_000);
  return memory.save({ summary, ...extra });
}

describe('memory store', () => {
  it('finds a 2-character Chinese word inside a longer run, and single characters', () => {
    const a = save('项目进度讨论，确定了发布日期', { topic: '周会' });
    save('今天天气很好，去公园散步');
    expect(memory.search('项目').items.map((m) => m.id)).toEqual([a.id]);
    expect(memory.search('进度讨论').items.map((m) => m.id)).toEqual([a.id]);
    expect(memory.search('讨论').total).toBe(1);
    expect(memory.search('园').total).toBe(1); // last character of a run
    expect(memory.search('度讨').total).toBe(1);
    expect(memory.search('项讨').total).toBe(0);
    expect(memory.search('项目').items[0]?.snippet).toContain('项目');
  });

  it('treats quotes and FTS syntax as plain text', () => {
    const a = save('He said "hello" to the NEAR team (alpha*)');
    for (const q of [
      '"hello',
      'hello"',
      'NEAR(',
      'alpha*',
      'a OR',
      '"',
      '^*:-()',
      'NOT AND',
      'summary:hello',
    ]) {
      expect(() => memory.search(q), q).not.toThrow();
    }
    expect(memory.search('"hello"').items.map((m) => m.id)).toEqual([a.id]);
    expect(memory.search('summary:hello').total).toBe(0); // both words required? no: "summary" and "hello" ANDed
    expect(memory.search('()').total).toBe(0);
  });

  it('removes deleted memories from the index', () => {
    const a = save('数据库迁移方案');
    const b = save('数据库备份方案');
    expect(memory.search('数据库').total).toBe(2);
    expect(memory.delete(a.id)).toBe(1);
    expect(memory.search('数据库').items.map((m) => m.id)).toEqual([b.id]);
    expect(memory.search('迁移').total).toBe(0);
    const indexRows = db.prepare('SELECT count(*) AS n FROM memory_index').get() as { n: number };
    expect(indexRows.n).toBe(1);
    // Even a raw SQL delete leaves the index (trigger).
    db.prepare('DELETE FROM memories WHERE id = ?').run(b.id);
    expect(memory.search('数据库').total).toBe(0);
  });

  it('ranks by relevance, then importance, then recency; matchAll requires every keyword', () => {
    const weak = save('a note that mentions garden once', { topic: 'misc' });
    const strong = save('garden garden: tomatoes in the garden', { topic: 'garden plan' });
    const both = save('garden and kitchen renovation', { topic: 'house' });
    const hits = memory.search('garden kitchen');
    expect(hits.total).toBe(3);
    // Matching both keywords beats repeating one; repeating one beats a passing mention.
    expect(hits.items.map((m) => m.id)).toEqual([both.id, strong.id, weak.id]);
    expect(hits.items[0]?.score).toBeGreaterThan(hits.items[2]?.score ?? 0);
    expect(memory.search('garden kitchen', { matchAll: true }).items.map((m) => m.id)).toEqual([both.id]);
    // Same text: importance first, then the newer one.
    const low = save('重复的内容', { importance: 1 });
    const high = save('重复的内容', { importance: 5 });
    const newer = save('重复的内容', { importance: 1 });
    expect(memory.search('重复').items.map((m) => m.id)).toEqual([high.id, newer.id, low.id]);
  });

  it('pages search results and recent memories (recent works)', () => {
    const ids = Array.from({ length: 25 }, (_, i) => save(`会议记录 第${i}次`).id);
    const page2 = memory.search('会议', { page: 2, pageSize: 10 });
    expect(page2).toMatchObject({ total: 25, page: 2, pageSize: 10, pages: 3 });
    expect(page2.items).toHaveLength(10);
    const recent = memory.recent({ pageSize: 5 });
    expect(recent.total).toBe(25);
    expect(recent.items.map((m) => m.id)).toEqual(ids.slice(-5).reverse());
    expect(memory.recent({ page: 3, pageSize: 10 }).items).toHaveLength(5);
    expect(memory.get(ids[0] ?? 0)?.summary).toBe('会议记录 第0次');
    expect(memory.get(99999)).toBeUndefined();
  });

  it('bounds the work for very common terms: ranks within the newest matches, counts up to the cap', async () => {
    // 2,500 matches: more than the 500 newest matches that get ranked, and than the 1,000 counted.
    db.transaction(() => {
      for (let i = 0; i < 2500; i++) save(i === 2490 ? '常见 常见 常见 重点' : `常见的词 第${i}条`);
    })();
    const page = memory.search('常见');
    expect(page.total).toBe(1000);
    expect(page.capped).toBe(true);
    expect(page.items[0]?.summary).toBe('常见 常见 常见 重点'); // most relevant among the newest
    expect(memory.search('常见 重点', { matchAll: true }).total).toBe(1);
  });
});

describe('memory kinds', () => {
  it("defaults to user (chat for a chat's memory), filters search and lists by kind, with a scope too", () => {
    const tea = save('likes green tea');
    const work = memory.save({ summary: 'green tea shop opens at 9, checked with curl', kind: 'work' });
    const alice = memory.save({ summary: 'Alice likes green tea', chat: 'telegram:42' });
    expect([tea.kind, work.kind, alice.kind]).toEqual(['user', 'work', 'chat']);
    expect(memory.search('green tea', { kind: 'work' }).items.map((m) => m.id)).toEqual([work.id]);
    expect(memory.search('green tea', { kind: 'user' }).total).toBe(1);
    expect(memory.recent({ kind: 'chat' }).items.map((m) => m.id)).toEqual([alice.id]);
    expect(memory.recent({ kind: 'chat', scope: null }).total).toBe(0);
    expect(memory.search('green tea', { kind: 'chat', scope: 'telegram:42' }).total).toBe(1);
    expect(memory.recent({ kind: 'journal' }).total).toBe(0);
  });

  it('keeps one journal a day, marks memories outdated (an update makes one current again) and restores one as it was', () => {
    const note = memory.save({ summary: 'Went hiking', kind: 'journal', day: '2026-11-01' });
    expect(memory.journal('2026-11-01')?.id).toBe(note.id);
    expect(memory.journal('2026-11-02')).toBeUndefined();
    expect(() => memory.save({ summary: 'again', kind: 'journal', day: '2026-11-01' })).toThrow(/UNIQUE/);

    const old = save('lives in Shanghai', { topic: 'home' });
    expect(memory.outdate(old.id)?.outdatedAt).toBe(now.toISOString());
    expect(memory.outdate(9999)).toBeUndefined();
    expect(memory.update(old.id, { summary: 'lives in Shanghai, Pudong' })?.outdatedAt).toBeNull();

    const before = memory.get(old.id);
    memory.update(old.id, { summary: 'lives in Beijing', topic: 'moved' });
    expect(memory.search('Beijing').total).toBe(1);
    if (!before) throw new Error('missing');
    expect(memory.restore(before)).toEqual(before);
    expect(memory.search('Beijing').total).toBe(0);
    expect(memory.search('Pudong').items.map((m) => m.id)).toEqual([old.id]);
    // A deleted memory comes back with its id, and is found again.
    memory.delete(old.id);
    expect(memory.restore(before)).toEqual(before);
    expect(memory.search('Pudong').items.map((m) => m.id)).toEqual([old.id]);
  });

  it('keeps the outside text a memory came with: an update adds to it, a restore puts it back', () => {
    const clean = save('The bike is blue');
    expect(clean.untrusted).toEqual([]);
    const read = memory.update(clean.id, { summary: 'The bike is dark blue', untrusted: ['web'] });
    expect(read?.untrusted).toEqual(['web']);
    expect(
      memory.update(clean.id, { summary: 'The bike is navy', untrusted: ['mcp:fs'] })?.untrusted,
    ).toEqual(['mcp:fs', 'web']);
    // An update that read nothing removes nothing: the memory still came from that text.
    expect(memory.update(clean.id, { summary: 'The bike is navy blue' })?.untrusted).toEqual([
      'mcp:fs',
      'web',
    ]);
    memory.restore(clean);
    expect(memory.get(clean.id)?.untrusted).toEqual([]);
    // A change recorded before migration 19 has no `untrusted` at all.
    const { untrusted: _none, ...old } = clean;
    expect(memory.restore(old as typeof clean).untrusted).toEqual([]);
  });
});
