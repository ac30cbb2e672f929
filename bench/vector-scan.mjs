// The box's vector scan against sqlite-vec, in the same run: `node bench/vector-scan.mjs [counts]
// [dims]` (after `npm run build`; counts and dims comma-separated, default 10000,100000 and
// 512,1024). sqlite-vec is NOT a dependency of the project: its platform package
// (sqlite-vec-<os>-<arch>, which ships vec0.so) is fetched with `npm pack` into a cache outside
// the repository ($AIBOX_BENCH_CACHE, default ~/.cache/aibox-bench) and loaded into the project's
// better-sqlite3; when it cannot be fetched or loaded, the bench says so and exits 0.
// For each size it builds N unit vectors (clustered: 1 cluster per 100 vectors, as real
// embeddings have neighbours far closer than the rest) in one temp SQLite file, twice: in a table
// of the box's shape through the box's own createVectorStore (dist/store/vectors/vector-store.js:
// sign-bit codes in memory, then 200 candidates re-scored from the float BLOBs), and in a vec0
// virtual table (float[D], cosine: an exact brute-force scan in C). Then it times the same k-NN
// query (k = 20), one query on each in turn, over all rows and with a prefilter by ids (a tenth of
// the rows, as a chat's messages among everyone's: `only` for the box, `rowid IN (...)` for vec0),
// and prints wall medians, p95 and CPU medians, ratios, and how many of the exact top 20 (vec0's) the box found.
// With `--baseline DIR` (a built checkout of another commit), that checkout's createVectorStore
// runs too, as `box before`, on a copy of the box's table with the same rows, in the same turns.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const VERSION = '0.1.9';
const K = 20;
const RUNS = 50;
const here = resolve(fileURLToPath(new URL('..', import.meta.url)));
const list = (arg, fallback) =>
  (arg ?? fallback)
    .split(',')
    .map(Number)
    .filter((n) => n > 0);
const argv = process.argv.slice(2);
const at = argv.indexOf('--baseline');
const baselineRoot = at >= 0 ? resolve(argv[at + 1] ?? '') : undefined;
if (at >= 0) argv.splice(at, 2);
const COUNTS = list(argv[0], '10000,100000');
const DIMS = list(argv[1], '512,1024');

const skip = (why) => {
  console.log(`vector-scan: skipped: ${why}`);
  process.exit(0);
};

/** vec0's shared library from the registry's platform package, fetched once into the cache. */
function fetchVec0() {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[process.platform];
  if (!os) skip(`no sqlite-vec package for ${process.platform}`);
  const name = `sqlite-vec-${os}-${process.arch}`;
  const dir = join(
    process.env.AIBOX_BENCH_CACHE ?? join(homedir(), '.cache', 'aibox-bench'),
    `${name}-${VERSION}`,
  );
  const lib = join(
    dir,
    'package',
    os === 'windows' ? 'vec0.dll' : os === 'darwin' ? 'vec0.dylib' : 'vec0.so',
  );
  if (existsSync(lib)) return lib;
  mkdirSync(dir, { recursive: true });
  const pack = spawnSync(
    'npm',
    ['pack', `${name}@${VERSION}`, '--pack-destination', dir, '--loglevel=error'],
    {
      encoding: 'utf8',
      timeout: 120_000,
    },
  );
  const tgz = readdirSync(dir).find((f) => f.endsWith('.tgz'));
  if (pack.status !== 0 || !tgz)
    skip(`${name}@${VERSION} could not be fetched: ${(pack.stderr ?? '').trim().slice(0, 200)}`);
  const untar = spawnSync('tar', ['xzf', join(dir, tgz), '-C', dir], { encoding: 'utf8' });
  if (untar.status !== 0 || !existsSync(lib)) skip(`${name}@${VERSION} has no ${lib}`);
  return lib;
}

const lib = fetchVec0();
const Database = createRequire(join(here, 'package.json'))('better-sqlite3');
const { createVectorStore } = await import(join(here, 'dist/store/vectors/vector-store.js'));
const { normalize } = await import(join(here, 'dist/util/vector-math.js'));
const baseline = baselineRoot
  ? (await import(join(baselineRoot, 'dist/store/vectors/vector-store.js'))).createVectorStore
  : undefined;

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
const fmt = (x) => `${x.toFixed(2)} ms`;
const rows = [];

for (const dims of DIMS) {
  for (const count of COUNTS) {
    let seed = 11;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff - 0.5;
    };
    const centers = Array.from({ length: Math.max(1, count / 100) }, () =>
      Float32Array.from({ length: dims }, rand),
    );
    const near = (base, spread) => normalize(Float32Array.from(base, (x) => x + spread * rand()));
    const home = mkdtempSync(join(tmpdir(), 'aibox-vector-scan-'));
    const db = new Database(join(home, 'vectors.db'));
    db.pragma('journal_mode = WAL');
    try {
      db.loadExtension(lib);
    } catch (error) {
      db.close();
      rmSync(home, { recursive: true, force: true });
      skip(`vec0 does not load here: ${error.message}`);
    }
    // The box's vectors table, as migrations 6 and 17 make them; vec0's exact table; vec0's bit
    // codes (sign bits, as the box's), re-scored from the box's float BLOBs like the box does.
    db.exec(`CREATE TABLE bench_rows (id INTEGER PRIMARY KEY);
      CREATE TABLE bench_vectors (row_id INTEGER PRIMARY KEY, model TEXT NOT NULL, dims INTEGER NOT NULL,
        vector BLOB NOT NULL, code BLOB NOT NULL);
      CREATE TABLE bench_vectors_before (row_id INTEGER PRIMARY KEY, model TEXT NOT NULL, dims INTEGER NOT NULL,
        vector BLOB NOT NULL, code BLOB NOT NULL);
      CREATE VIRTUAL TABLE vec_items USING vec0(embedding float[${dims}] distance_metric=cosine);
      CREATE VIRTUAL TABLE vec_bits USING vec0(code bit[${dims}]);
      CREATE VIRTUAL TABLE vec_parts USING vec0(grp integer partition key, embedding float[${dims}] distance_metric=cosine);`);
    const box = createVectorStore(db, `bench/${dims}`, dims, {
      table: 'bench_vectors',
      key: 'row_id',
      source: 'bench_rows',
    });
    const before = baseline?.(db, `bench/${dims}`, dims, {
      table: 'bench_vectors_before',
      key: 'row_id',
      source: 'bench_rows',
    });
    const vecInsert = db.prepare('INSERT INTO vec_items (rowid, embedding) VALUES (?, ?)');
    const bitsInsert = db.prepare('INSERT INTO vec_bits (rowid, code) VALUES (?, vec_quantize_binary(?))');
    const partsInsert = db.prepare('INSERT INTO vec_parts (rowid, grp, embedding) VALUES (?, ?, ?)');
    const vectors = Array.from({ length: count }, (_, i) => near(centers[i % centers.length], 0.8));
    const build = (fn) => {
      const t0 = performance.now();
      db.transaction(() => {
        for (const [i, v] of vectors.entries()) fn(i + 1, v);
      })();
      return `${((performance.now() - t0) / 1000).toFixed(1)} s`;
    };
    const built = [
      build((id, v) => box.put(id, v)),
      build((id, v) => vecInsert.run(BigInt(id), Buffer.from(v.buffer))),
      build((id, v) => bitsInsert.run(BigInt(id), Buffer.from(v.buffer))),
      build((id, v) => partsInsert.run(BigInt(id), BigInt(id % 10), Buffer.from(v.buffer))),
      ...(before ? [build((id, v) => before.put(id, v))] : []),
    ];

    const filter = (on) => (on ? ' AND rowid IN (SELECT value FROM json_each(?))' : '');
    const exactSql = (on) =>
      db.prepare(`SELECT rowid AS id FROM vec_items WHERE embedding MATCH ? AND k = ?${filter(on)}`).pluck();
    const bitsSql = (on) =>
      db
        .prepare(
          `WITH coarse AS (SELECT rowid AS id FROM vec_bits WHERE code MATCH vec_quantize_binary(?) AND k = ?${filter(on)})
           SELECT c.id FROM coarse c JOIN bench_vectors v ON v.row_id = c.id
           ORDER BY vec_distance_cosine(v.vector, ?) LIMIT ?`,
        )
        .pluck();
    const [exactAll, exactOnly, bitsAll, bitsOnly] = [
      exactSql(false),
      exactSql(true),
      bitsSql(false),
      bitsSql(true),
    ];
    const only = new Set(Array.from({ length: count }, (_, i) => i + 1).filter((id) => id % 10 === 3));
    const onlyJson = JSON.stringify([...only]);
    // As many candidates as the box re-scores (MIN_CANDIDATES, RERANK_FACTOR × k).
    const coarse = Math.max(200, 8 * K);
    const methods = {
      box: (q, _blob, on) => box.nearest(q, K, on ? only : undefined).map((h) => h.id),
      'vec0 exact': (_q, blob, on) =>
        (on ? exactOnly.all(blob, K, onlyJson) : exactAll.all(blob, K)).map(Number),
      'vec0 bits + re-score': (_q, blob, on) =>
        (on ? bitsOnly.all(blob, coarse, onlyJson, blob, K) : bitsAll.all(blob, coarse, blob, K)).map(Number),
    };
    // The prefilter as a partition key (the rows of one chat stored apart): not the box's list of
    // ids, but what a switch to vec0 would do; with no prefilter it is `vec0 exact` again.
    const byPart = db
      .prepare('SELECT rowid AS id FROM vec_parts WHERE embedding MATCH ? AND k = ? AND grp = 3')
      .pluck();
    methods['vec0 exact, partition key'] = (_q, blob, on) =>
      on ? byPart.all(blob, K).map(Number) : undefined;
    if (before)
      methods['box before'] = (q, _blob, on) => before.nearest(q, K, on ? only : undefined).map((h) => h.id);
    const names = Object.keys(methods);
    const queries = Array.from({ length: RUNS }, (_, i) => near(vectors[(i * 7919) % count], 0.5));
    const t0 = performance.now();
    box.nearest(queries[0], K); // loads the codes once
    const boxLoad = performance.now() - t0;
    before?.nearest(queries[0], K);
    const size = `${count.toLocaleString('en')} × ${dims}`;
    console.log(
      `${size}: built in ${built.map((b, i) => `${b} (${names[i]})`).join(', ')}; box's codes loaded in ${fmt(boxLoad)}`,
    );
    for (const on of [false, true]) {
      const wall = Object.fromEntries(names.map((n) => [n, []]));
      const cpu = Object.fromEntries(names.map((n) => [n, []]));
      const found = Object.fromEntries(names.map((n) => [n, 0]));
      for (const [i, q] of queries.entries()) {
        const blob = Buffer.from(q.buffer);
        const answers = {};
        // One query on each in turn, the order rotated every time, so a load change weighs on all.
        for (let j = 0; j < names.length; j++) {
          const name = names[(i + j) % names.length];
          const c0 = process.cpuUsage();
          const w0 = performance.now();
          answers[name] = methods[name](q, blob, on);
          if (!answers[name]) continue;
          wall[name].push(performance.now() - w0);
          const c = process.cpuUsage(c0);
          cpu[name].push((c.user + c.system) / 1000);
        }
        const exact = new Set(answers['vec0 exact']);
        if (on && answers['vec0 exact'].some((id) => !only.has(id)))
          throw new Error('vec0 answered outside the prefilter');
        for (const name of names) found[name] += (answers[name] ?? []).filter((id) => exact.has(id)).length;
      }
      const what = on ? `prefilter ${only.size.toLocaleString('en')} ids` : 'all rows';
      for (const name of names.filter((n) => wall[n].length > 0)) {
        const row = {
          size,
          what,
          method: name,
          'wall p50 / p95': `${fmt(pct(wall[name], 0.5))} / ${fmt(pct(wall[name], 0.95))}`,
          'CPU p50': fmt(pct(cpu[name], 0.5)),
          'CPU / box': `×${(pct(cpu[name], 0.5) / pct(cpu.box, 0.5)).toFixed(2)}`,
          'recall@20': `${((100 * found[name]) / (K * RUNS)).toFixed(1)} %`,
        };
        rows.push(row);
        console.log(
          `  ${what}, ${name}: wall ${row['wall p50 / p95']}, CPU ${row['CPU p50']} (${row['CPU / box']}), recall ${row['recall@20']}`,
        );
      }
    }
    db.close();
    rmSync(home, { recursive: true, force: true });
  }
}
console.log(
  `\nsqlite-vec ${VERSION} (${lib}), k = ${K}, ${RUNS} queries each; recall: of vec0's exact top ${K}`,
);
console.table(rows);
