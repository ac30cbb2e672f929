// Memory search at scale: `node bench/memory.mjs [count]` (after `npm run build`).
// Builds N memories (default 100,000; mixed Chinese and English) in a temp memories.db through the
// real store, then times searches (p50/p99) against two baselines on the same rows in the same run:
// a LIKE '%q%' scan, and the original Aibox's FTS5 unicode61 index (which cannot find 2-character
// Chinese words inside longer text at all; its hit counts are printed to show that).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryStore } from '../dist/memory/store.js';
import { openDatabase } from '../dist/store/database.js';
import { indexText } from '../dist/store/fts-terms.js';

const COUNT = Number(process.argv[2] ?? 100_000);
const RUNS = 200;
// The LIKE scan reads every row (~0.5 s each at 100,000 on a loaded machine): fewer samples.
const BASELINE_RUNS = 10;

let seed = 42;
const rand = () => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
};
const ZH =
  '项目 进度 讨论 会议 计划 发布 数据库 迁移 备份 服务器 家庭 孩子 学校 作业 天气 公园 散步 晚饭 菜谱 医院 体检 预约 旅行 机票 酒店 预算 工资 账单 电费 保险 手机 电脑 网络 路由器 相机 照片 音乐 电影 读书 笔记 运动 跑步 游泳 健身 睡眠 早餐 咖啡 朋友 生日 礼物 快递 购物 超市 水果 蔬菜 花园 浇水 植物 宠物 小猫 小狗 周末 假期 春节 中秋 搬家 装修 家具 灯泡 空调 冰箱 洗衣机 打扫 垃圾 分类 邻居 物业 停车 地铁 公交 开车 加油 维修 合同 律师 银行 贷款 投资 股票 基金 学习 英语 编程 代码 测试 部署 文档 设计 需求 客户 老板 同事 面试 简历'.split(
    ' ',
  );
const EN =
  'project progress meeting plan release database migration backup server family school homework weather park walk dinner recipe hospital checkup booking travel flight hotel budget salary bill electricity insurance phone laptop network router camera photo music movie reading notes running swimming gym sleep breakfast coffee friend birthday gift parcel shopping market fruit vegetables garden watering plants cat dog weekend holiday moving furniture repair contract bank loan invest stock fund learning english coding tests deploy docs design customer interview resume tomatoes basil kitchen'.split(
    ' ',
  );

// Word frequencies follow Zipf's law over a 5,000-word vocabulary per language (generated words), with
// the real words above placed at ranks 5, 15, 25 … so queries span common to rare terms.
function vocabulary(real, make) {
  const words = Array.from({ length: 5000 }, (_, i) => make(i));
  real.forEach((w, i) => {
    words[5 + i * 10] = w;
  });
  const weights = words.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  let acc = 0;
  const cdf = weights.map((w) => (acc += w / total));
  return { words, cdf };
}
const HAN =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清己美再采转更单风切打白教速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严';
const randomWord = (pool, len) =>
  Array.from({ length: len }, () => pool[Math.floor(rand() * pool.length)]).join('');
const ZH_VOCAB = vocabulary(ZH, () => randomWord(HAN, 2 + Math.floor(rand() * 2)));
const EN_VOCAB = vocabulary(EN, () => randomWord('abcdefghijklmnopqrstuvwxyz', 4 + Math.floor(rand() * 6)));

function sentence(vocab, n, joiner) {
  return Array.from({ length: n }, () => {
    const r = rand();
    let lo = 0;
    let hi = vocab.cdf.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (vocab.cdf[mid] < r) lo = mid + 1;
      else hi = mid;
    }
    return vocab.words[lo];
  }).join(joiner);
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function time(fn, queries, runs = RUNS) {
  const samples = [];
  let hits = 0;
  for (let i = 0; i < runs; i++) {
    const q = queries[i % queries.length];
    const t0 = process.hrtime.bigint();
    hits += fn(q);
    samples.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p99: percentile(samples, 99), hits: hits / runs };
}

const dir = mkdtempSync(join(tmpdir(), 'aibox-bench-mem-'));
const db = await openDatabase(join(dir, 'memories.db'));
const store = createMemoryStore({ db });
// The original's index, on the same rows, for comparison.
db.exec("CREATE VIRTUAL TABLE legacy_fts USING fts5(topic, summary, content, tags, content='memories')");
const legacyInsert = db.prepare(
  'INSERT INTO legacy_fts (rowid, topic, summary, content, tags) VALUES (?, ?, ?, ?, ?)',
);

const t0 = performance.now();
db.transaction(() => {
  for (let i = 0; i < COUNT; i++) {
    const zh = i % 2 === 0;
    const m = store.save({
      topic: zh ? sentence(ZH_VOCAB, 2, '') : sentence(EN_VOCAB, 2, ' '),
      summary: zh
        ? `${sentence(ZH_VOCAB, 12, '')}，${sentence(ZH_VOCAB, 10, '')}。`
        : `${sentence(EN_VOCAB, 25, ' ')}.`,
      content: zh ? sentence(ZH_VOCAB, 30, '') : sentence(EN_VOCAB, 50, ' '),
      importance: 1 + (i % 5),
    });
    legacyInsert.run(m.id, m.topic, m.summary, m.content, '');
  }
})();
const buildMs = performance.now() - t0;
console.log(
  `built ${COUNT.toLocaleString()} memories in ${(buildMs / 1000).toFixed(1)} s (store.save + legacy index)`,
);

const like = db.prepare(
  'SELECT id FROM memories WHERE topic LIKE ? OR summary LIKE ? OR content LIKE ? ORDER BY importance DESC, created_at DESC LIMIT 10',
);
const likeCount = db.prepare(
  'SELECT count(*) AS n FROM memories WHERE topic LIKE ? OR summary LIKE ? OR content LIKE ?',
);
const legacy = db.prepare(
  'SELECT m.id FROM legacy_fts JOIN memories m ON m.id = legacy_fts.rowid WHERE legacy_fts MATCH ? ORDER BY rank LIMIT 10',
);
const legacyCount = db.prepare('SELECT count(*) AS n FROM legacy_fts WHERE legacy_fts MATCH ?');

const sets = {
  'Chinese 2-char (项目, 备份 …)': ['项目', '备份', '天气', '孩子', '预算', '账单', '照片', '快递'],
  'Chinese 3-4 char (数据库, 洗衣机 …)': ['数据库', '洗衣机', '路由器', '会议计划', '体检预约'],
  'Chinese two words (项目 进度)': ['项目 进度', '备份 服务器', '孩子 学校'],
  'English one word': ['database', 'tomatoes', 'router', 'budget'],
  'English two words': ['database migration', 'garden watering', 'flight hotel'],
  'rare / no match (量子, zebra)': ['量子', 'zebra', '量子 zebra'],
  // Worst case: the most frequent words of the corpus (in most memories); ranked within the newest matches.
  'most common words (top 5)': [...ZH_VOCAB.words.slice(0, 3), ...EN_VOCAB.words.slice(0, 2)],
};

const rows = [];
for (const [name, queries] of Object.entries(sets)) {
  const ours = time((q) => store.search(q, { pageSize: 10 }).total, queries);
  const base = time(
    (q) => {
      const like1 = `%${q.split(' ')[0]}%`;
      like.all(like1, like1, like1);
      return likeCount.get(like1, like1, like1).n;
    },
    queries,
    BASELINE_RUNS,
  );
  const orig = time((q) => {
    const expr = q
      .split(' ')
      .map((k) => `"${k}"`)
      .join(' OR ');
    legacy.all(expr);
    return legacyCount.get(expr).n;
  }, queries);
  rows.push({ name, ours, base, orig });
}

const f = (n) => `${n.toFixed(2)} ms`;
console.log(
  '\n| query set | ours p50 | ours p99 | hits | LIKE scan p50 | LIKE p99 | ratio p99 | original FTS p50 | original hits |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const r of rows) {
  console.log(
    `| ${r.name} | ${f(r.ours.p50)} | ${f(r.ours.p99)} | ${Math.round(r.ours.hits)} | ${f(r.base.p50)} | ${f(r.base.p99)} | ${(r.base.p99 / r.ours.p99).toFixed(1)}× | ${f(r.orig.p50)} | ${Math.round(r.orig.hits)} |`,
  );
}
const worst = Math.max(...rows.map((r) => r.ours.p99));
console.log(`\nworst p99 of ours: ${f(worst)} (target < 20 ms) ${worst < 20 ? 'OK' : 'OVER TARGET'}`);
console.log(
  `index text of one Chinese summary is ${indexText('项目进度讨论').split(' ').filter(Boolean).length} terms for 6 characters`,
);
db.close();
rmSync(dir, { recursive: true, force: true });
