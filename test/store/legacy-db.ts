/** Builds a memories.db exactly as the original Python Aibox created it (its tables: docs/memory-and-tasks.md). */
import BetterSqlite3 from 'better-sqlite3';

export function buildLegacyDb(path: string): void {
  const db = new BetterSqlite3(path);
  db.exec(`
    CREATE TABLE memos (id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT NOT NULL, content TEXT, created_at TEXT NOT NULL,
      reminder_time TEXT, completed_at TEXT, is_completed INTEGER DEFAULT 0, tags TEXT, priority INTEGER DEFAULT 1,
      created_by TEXT, source TEXT, repeat_type TEXT DEFAULT 'none', repeat_interval INTEGER DEFAULT 0,
      repeat_interval_unit TEXT DEFAULT 'days', repeat_end_time TEXT, last_triggered_at TEXT,
      trigger_count INTEGER DEFAULT 0, is_immediate INTEGER DEFAULT 0);
    CREATE INDEX idx_memos_reminder ON memos(reminder_time) WHERE is_completed = 0;
    CREATE INDEX idx_memos_immediate ON memos(is_immediate) WHERE is_immediate = 1 AND is_completed = 0;
    CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, summary TEXT NOT NULL, content TEXT,
      start_time TEXT NOT NULL, end_time TEXT NOT NULL, created_at TEXT NOT NULL, tags TEXT, importance INTEGER DEFAULT 1);
    CREATE VIRTUAL TABLE memories_fts USING fts5(topic, summary, content, tags, content=memories);
  `);
  const mem = db.prepare(
    'INSERT INTO memories (topic, summary, content, start_time, end_time, created_at, tags, importance) VALUES (?,?,?,?,?,?,?,?)',
  );
  const fts = db.prepare(
    'INSERT INTO memories_fts (rowid, topic, summary, content, tags) VALUES (?,?,?,?,?)',
  );
  const rows: [string, string, string, string, number][] = [
    ['项目进度讨论', '讨论了项目进度和下周的发布计划', '详细内容：里程碑与风险', '项目,计划', 3],
    ['Garden notes', 'Planted tomatoes and basil in the raised bed', 'Water every two days', 'garden', 2],
    ['待删除', '这条记忆会被原程序删除，但索引残留', '', '', 1],
  ];
  rows.forEach(([topic, summary, content, tags, importance], i) => {
    const t = `2025-06-0${i + 1} 14:30:00`;
    const id = Number(mem.run(topic, summary, content, t, t, t, tags, importance).lastInsertRowid);
    fts.run(id, topic, summary, content, tags);
  });
  // The original deleted with a plain DELETE on the row: the FTS entry stays behind (stale).
  db.prepare('DELETE FROM memories WHERE id = 3').run();
  const memo =
    db.prepare(`INSERT INTO memos (title, content, created_at, reminder_time, is_completed, tags, priority,
    created_by, source, repeat_type, repeat_interval, repeat_interval_unit, trigger_count, is_immediate)
    VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?)`);
  memo.run(
    '喝水提醒',
    '记得喝水',
    '2025-06-01 08:00:00',
    '2025-06-01 09:00:00',
    0,
    '健康',
    2,
    'AI',
    'user',
    'daily',
    0,
    'days',
    5,
    0,
  );
  memo.run(
    'raw reminder',
    'stored by --memo-add',
    '2025-06-01 08:00:00',
    '+1h',
    0,
    '',
    1,
    'cli',
    'cli',
    'none',
    0,
    'days',
    0,
    0,
  );
  memo.run(
    'done',
    'finished',
    '2025-05-01 08:00:00',
    '2025-05-01 09:00:00',
    1,
    '',
    1,
    'user',
    'websocket',
    'none',
    0,
    'days',
    1,
    0,
  );
  memo.run(
    '每两小时',
    '',
    '2025-06-01 08:00:00',
    '2025-06-01 10:00:00',
    0,
    '',
    1,
    'AI',
    'user',
    'custom',
    2,
    'hours',
    0,
    0,
  );
  db.close();
}
