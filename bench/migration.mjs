// Migrating the original Aibox's memories: `node --expose-gc bench/migration.mjs [count]` (after
// `npm run build`; default 1,000,000). Builds a memories.db as the Python Aibox left it (memories +
// memories_fts, local-time strings) once, then migrates a copy of it in a child process with this
// build's migrations (memory 002 reads the rows in bounded batches) and another copy with the
// baseline in the same run: the same migrations with 002 as it was before issue 20 (every row read
// into one array, twice). Prints wall time and the child's peak RSS for both and their ratios. The
// batched run also takes the data-dir snapshot a box takes before migrating (src/backup), timed apart.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const [, , first, second, third] = process.argv;

if (first === '--child') {
  await migrateInChild(second, third);
} else {
  await main(Number(first ?? 1_000_000));
}

async function main(count) {
  const dir = mkdtempSync(join(tmpdir(), 'aibox-bench-migration-'));
  try {
    const original = join(dir, 'original.db');
    const t0 = performance.now();
    buildOriginal(original, count);
    console.log(
      `built ${count.toLocaleString('en')} original memories in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const results = {};
    for (const mode of ['batched', 'whole-table']) {
      // A data dir of its own: the snapshot holds what is in it.
      mkdirSync(join(dir, mode));
      const copy = join(dir, mode, 'memories.db');
      copyFileSync(original, copy);
      const run = spawnSync(process.execPath, ['--expose-gc', import.meta.filename, '--child', mode, copy], {
        encoding: 'utf8',
        maxBuffer: 1 << 26,
      });
      if (run.status !== 0) throw new Error(`${mode} failed: ${run.stderr}`);
      results[mode] = JSON.parse(run.stdout.trim().split('\n').at(-1));
      const r = results[mode];
      console.log(
        `${mode.padEnd(12)} ${(r.ms / 1000).toFixed(1).padStart(6)} s wall, ${(r.cpuMs / 1000).toFixed(1).padStart(6)} s CPU   peak RSS ${String(Math.round(r.maxRssMb)).padStart(5)} MB   progress reports ${r.progress}   rows ${r.rows}`,
      );
      if (r.snapshot)
        console.log(
          `  snapshot before migrating: ${(r.snapshot.ms / 1000).toFixed(1)} s, ${(r.snapshot.bytes / 1048576).toFixed(1)} MB archive of a ${(r.snapshot.dbBytes / 1048576).toFixed(0)} MB database, ${(r.snapshot.cpuMs / 1000).toFixed(1)} s CPU (not in the time above)`,
        );
      rmSync(join(dir, mode), { recursive: true, force: true });
    }
    const a = results.batched;
    const b = results['whole-table'];
    console.log(
      `batched / whole-table: wall ×${(a.ms / b.ms).toFixed(2)}, CPU ×${(a.cpuMs / b.cpuMs).toFixed(2)}, peak RSS ×${(a.maxRssMb / b.maxRssMb).toFixed(2)}`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The original's schema (as test/store/legacy-db.ts) with `count` memories, mixed Chinese and English. */
function buildOriginal(path, count) {
  const db = new Database(path);
  db.exec(`
    CREATE TABLE memories (id INTEGER PRIMARY KEY AUTOINCREMENT, topic TEXT NOT NULL, summary TEXT NOT NULL, content TEXT,
      start_time TEXT NOT NULL, end_time TEXT NOT NULL, created_at TEXT NOT NULL, tags TEXT, importance INTEGER DEFAULT 1);
    CREATE VIRTUAL TABLE memories_fts USING fts5(topic, summary, content, tags, content=memories);
  `);
  const insert = db.prepare(
    'INSERT INTO memories (topic, summary, content, start_time, end_time, created_at, tags, importance) VALUES (?,?,?,?,?,?,?,?)',
  );
  const zh =
    '项目进度讨论发布计划数据库迁移备份服务器家庭孩子学校作业天气公园散步晚饭菜谱医院体检预约旅行机票酒店预算';
  const en =
    'project progress meeting plan release database migration backup server family school homework weather';
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const day = String(1 + (i % 28)).padStart(2, '0');
      const time = `2025-06-${day} ${String(i % 24).padStart(2, '0')}:30:00`;
      const offset = i % 40;
      insert.run(
        `${zh.slice(offset % 20, (offset % 20) + 6)} ${i}`,
        `${zh.slice(offset % 30, (offset % 30) + 14)}，${en.slice(offset, offset + 40)}`,
        `${en} ${zh} ${i}`,
        time,
        time,
        time,
        '项目,计划',
        1 + (i % 3),
      );
    }
  })();
  db.close();
}

async function migrateInChild(mode, path) {
  const { openDatabase } = await import('../dist/store/database.js');
  const { MIGRATIONS } = await import('../dist/store/migrations/index.js');
  const migrations = mode === 'batched' ? MIGRATIONS : await withWholeTableMemories(MIGRATIONS);
  let progress = 0;
  let snapshot;
  const snapshots = mode === 'batched' ? await timedSnapshots(path, (s) => (snapshot = s)) : undefined;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const db = await openDatabase(path, {
    migrations,
    onBackup: () => {},
    ...(snapshots ? { snapshots } : {}),
    onProgress: () => {
      progress += 1;
    },
  });
  // The migration alone: the snapshot taken before it is reported apart.
  const cpu = process.cpuUsage(cpu0);
  const ms = performance.now() - t0 - (snapshot?.ms ?? 0);
  const cpuMs = (cpu.user + cpu.system) / 1000 - (snapshot?.cpuMs ?? 0);
  const rows = db.prepare('SELECT count(*) AS n FROM memory_index').get().n;
  db.close();
  const maxRssMb = process.resourceUsage().maxRSS / 1024;
  console.log(JSON.stringify({ ms, cpuMs, maxRssMb, progress, rows, snapshot }));
}

/** The box's own snapshots (a home around the database file), timing the one taken before migrating. */
async function timedSnapshots(path, report) {
  const { migrationSnapshots } = await import('../dist/backup/migration-snapshots.js');
  const { statSync } = await import('node:fs');
  const { dirname } = await import('node:path');
  const home = dirname(path);
  const inner = migrationSnapshots({
    places: {
      home,
      database: path,
      config: join(home, 'config.json'),
      skills: join(home, 'skills'),
      prompts: join(home, 'prompts'),
    },
    logFile: join(home, 'ai.log'),
    dir: join(home, 'backups'),
    keep: 1,
    command: 'aibox',
  });
  return {
    ...inner,
    async beforeMigrate(db, from, to) {
      const t0 = performance.now();
      const cpu0 = process.cpuUsage();
      const back = await inner.beforeMigrate(db, from, to);
      const cpu = process.cpuUsage(cpu0);
      const file = back.replace(/^aibox restore /, '');
      report({
        ms: performance.now() - t0,
        cpuMs: (cpu.user + cpu.system) / 1000,
        bytes: statSync(file).size,
        dbBytes: statSync(path).size,
      });
      return back;
    },
  };
}

/** The baseline: migration 002 as it was before issue 20, reading every row into one array (twice). */
async function withWholeTableMemories(migrations) {
  const { indexText } = await import('../dist/store/fts-terms.js');
  const { legacyToIso, tableExists } = await import('../dist/store/legacy-time.js');
  const whole = {
    version: 2,
    name: 'memories',
    up(db) {
      if (!tableExists(db, 'memories')) throw new Error('the bench migrates an original database');
      const rows = db.prepare('SELECT id, start_time, end_time, created_at FROM memories').all();
      const update = db.prepare(
        'UPDATE memories SET start_time = ?, end_time = ?, created_at = ? WHERE id = ?',
      );
      for (const r of rows)
        update.run(legacyToIso(r.start_time), legacyToIso(r.end_time), legacyToIso(r.created_at), r.id);
      db.exec(`
        DROP TABLE IF EXISTS memories_fts;
        CREATE INDEX IF NOT EXISTS idx_memories_created ON memories(created_at);
        CREATE VIRTUAL TABLE memory_index USING fts5(topic, summary, content, tags, tokenize = 'unicode61 remove_diacritics 2');
        CREATE TRIGGER memories_index_delete AFTER DELETE ON memories BEGIN
          DELETE FROM memory_index WHERE rowid = old.id;
        END;
      `);
      const insert = db.prepare(
        'INSERT INTO memory_index (rowid, topic, summary, content, tags) VALUES (?, ?, ?, ?, ?)',
      );
      const all = db.prepare('SELECT id, topic, summary, content, tags FROM memories').all();
      for (const r of all)
        insert.run(r.id, indexText(r.topic), indexText(r.summary), indexText(r.content), indexText(r.tags));
    },
  };
  return migrations.map((m) => (m.version === 2 ? whole : m));
}
