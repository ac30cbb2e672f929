// Skills benchmark: cold load, warm reload, reload after one change, search latency, and the
// original's way (probing one skill after another) measured in the same run.
// Run after a build: `npm run build && node bench/skills.mjs [--sizes 100,500] [--search 1000]`
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SKILLS_CACHE_FILE } from '../dist/skills/cache/probe-cache-file.js';
import { createSkillRegistry } from '../dist/skills/registry.js';
import { createSegmenter } from '../dist/skills/search/segmenter.js';

const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const sizes = opt('sizes', '100,500')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const searchSize = Number(opt('search', '1000'));
const cores = availableParallelism();

const ZH = [
  '发送',
  '邮件',
  '温度',
  '转换',
  '系统',
  '状态',
  '磁盘',
  '网络',
  '备份',
  '文件',
  '图片',
  '压缩',
  '日志',
  '监控',
  '天气',
  '翻译',
  '股票',
  '提醒',
  '数据库',
  '传感器',
  '电压',
  '串口',
  '下载',
  '音乐',
];
const EN = [
  'send',
  'mail',
  'convert',
  'temperature',
  'disk',
  'network',
  'backup',
  'file',
  'image',
  'compress',
  'log',
  'monitor',
  'weather',
  'translate',
  'stock',
  'reminder',
  'database',
  'sensor',
  'voltage',
  'serial',
  'download',
  'music',
];
const pick = (list, i, k) => list[(i * 7 + k * 13) % list.length];

function summary(i) {
  return `${pick(ZH, i, 1)}${pick(ZH, i, 2)}工具 - ${pick(EN, i, 3)} ${pick(EN, i, 4)} helper number ${i}`;
}

function pythonSkill(i) {
  return `#!/usr/bin/env python3
import argparse
p = argparse.ArgumentParser(description="${summary(i)}", epilog="使用示例:\\n  skill_${i} --${pick(EN, i, 5)} VALUE", formatter_class=argparse.RawDescriptionHelpFormatter)
p.add_argument("--${pick(EN, i, 5)}", help="${pick(ZH, i, 6)}参数")
p.add_argument("--count", type=int, default=1, help="次数")
p.parse_args()
`;
}

function bashSkill(i) {
  return `#!/bin/bash
if [ "$1" = "--help" ]; then
  echo "${summary(i)}"
  echo ""
  echo "用法: skill_${i} [-n NAME] --${pick(EN, i, 5)} VALUE"
  echo "  -n NAME   ${pick(ZH, i, 6)}名称"
  exit 0
fi
echo ok
`;
}

/** Half Python argparse, half Bash (`mix`), or Bash and Markdown only (fast to generate at scale). */
function generate(n, kind = 'mix') {
  const dir = mkdtempSync(join(tmpdir(), `aibox-bench-${n}-`));
  for (let i = 0; i < n; i += 1) {
    if (kind === 'fast' && i % 2 === 1) {
      writeFileSync(
        join(dir, `skill_${i}.md`),
        `# ${summary(i)}\n\n## 步骤\n${pick(ZH, i, 8)}，然后${pick(ZH, i, 9)}。${pick(EN, i, 10)} first.\n`,
      );
      continue;
    }
    const path = join(dir, `skill_${i}`);
    writeFileSync(path, kind === 'mix' && i % 2 === 0 ? pythonSkill(i) : bashSkill(i));
    chmodSync(path, 0o755);
  }
  return dir;
}

const ms = (x) => `${x.toFixed(1)} ms`;
const now = () => performance.now();
const rows = [];
const failures = [];

for (const n of sizes) {
  const dir = generate(n);
  let t = now();
  const sequential = await createSkillRegistry({ dir, concurrency: 1, probeTimeoutMs: 10_000 });
  const sequentialMs = now() - t;
  await sequential.close();

  // The cold load keeps its probes in a cache file (as `createApp` does), for the restart below.
  const home = mkdtempSync(join(tmpdir(), `aibox-bench-home-${n}-`));
  const cacheFile = join(home, SKILLS_CACHE_FILE);
  t = now();
  const registry = await createSkillRegistry({ dir, probeTimeoutMs: 10_000, cacheFile });
  const coldMs = now() - t;
  const broken = registry.list().filter((s) => s.status === 'broken').length;

  const before = registry.stats().probesSpawned;
  t = now();
  await registry.reload();
  const warmMs = now() - t;
  const warmSpawns = registry.stats().probesSpawned - before;

  writeFileSync(join(dir, 'skill_1'), bashSkill(100_001));
  t = now();
  const changed = await registry.reload();
  const oneChangeMs = now() - t;
  await registry.close();

  // A restart: a new registry over the same dir with the cache file warm must probe nothing.
  t = now();
  const restarted = await createSkillRegistry({ dir, probeTimeoutMs: 10_000, cacheFile });
  const restartMs = now() - t;
  const restartSpawns = restarted.stats().probesSpawned;
  await restarted.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(home, { recursive: true, force: true });

  const limit = (sequentialMs / cores) * 1.3;
  rows.push({
    n,
    sequentialMs,
    coldMs,
    warmMs,
    warmSpawns,
    oneChangeMs,
    restartMs,
    restartSpawns,
    broken,
    limit,
    changed: changed.changed.join(','),
  });
  if (coldMs > limit)
    failures.push(`cold load of ${n} (${ms(coldMs)}) above sequential/cores×1.3 (${ms(limit)})`);
  if (n >= 500 && warmMs >= 100) failures.push(`warm reload of ${n} took ${ms(warmMs)} (target < 100 ms)`);
  if (warmSpawns !== 0) failures.push(`warm reload of ${n} spawned ${warmSpawns} processes`);
  if (restartSpawns !== 0)
    failures.push(`restart of ${n} with the cache file spawned ${restartSpawns} processes`);
  if (broken) failures.push(`${broken} of ${n} generated skills are broken`);
}

console.log(`cores: ${cores}, node ${process.version}`);
console.log(
  'skills | sequential (original) | cold load (parallel) | speed-up | limit seq/cores×1.3 | warm reload | spawns | reload after 1 change | restart, cache file warm | spawns',
);
for (const r of rows) {
  console.log(
    `${r.n} | ${ms(r.sequentialMs)} | ${ms(r.coldMs)} | ${(r.sequentialMs / r.coldMs).toFixed(2)}× | ${ms(r.limit)} | ${ms(r.warmMs)} | ${r.warmSpawns} | ${ms(r.oneChangeMs)} (${r.changed}) | ${ms(r.restartMs)} | ${r.restartSpawns}`,
  );
}

// Search latency at `searchSize` skills (Bash + Markdown, so generating them is quick).
const searchDir = generate(searchSize, 'fast');
const segmenter = createSegmenter();
let t = now();
const big = await createSkillRegistry({ dir: searchDir, segmenter, probeTimeoutMs: 10_000 });
const bigLoadMs = now() - t;
const queries = [
  '邮件',
  '发送邮件',
  '温度 转换',
  '系统状态',
  '磁盘备份',
  'mail',
  'temp',
  'network monitor',
  'helper 42',
  '传感器 电压',
  '翻译工具',
  'zzz-nothing',
  '数据库',
  'compress image',
  '下载音乐',
  '',
];
t = now();
big.search('冷启动 first query');
const firstMs = now() - t;
for (const q of queries) big.search(q); // warm-up round (JIT), not measured
const times = [];
const cpuTimes = [];
for (let round = 0; round < 60; round += 1) {
  for (const q of queries) {
    const c = process.cpuUsage();
    const s = now();
    big.search(q);
    times.push(now() - s);
    const used = process.cpuUsage(c);
    cpuTimes.push((used.user + used.system) / 1000);
  }
}
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const pick_ = (list, q) => list[Math.min(list.length - 1, Math.floor(q * list.length))];
const p = (q) => pick_(times, q);
const sample = big.search('发送邮件');
await big.close();
rmSync(searchDir, { recursive: true, force: true });
console.log(
  `search at ${searchSize} skills (load ${ms(bigLoadMs)}): first search incl. index build + jieba dictionary ${ms(firstMs)}; ` +
    `${times.length} searches p50 ${ms(p(0.5))}, p99 ${ms(p(0.99))}, max ${ms(times[times.length - 1])}; ` +
    `CPU time per search p50 ${ms(pick_(cpuTimes, 0.5))}, p99 ${ms(pick_(cpuTimes, 0.99))}; "发送邮件" → ${sample.total} hits`,
);
console.log(
  `load average during the run: ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')} on ${cores} cores`,
);
if (p(0.99) >= 5) failures.push(`search p99 ${ms(p(0.99))} (target < 5 ms)`);

if (failures.length) {
  console.log(`FAILED targets:\n  ${failures.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log('all targets met');
}
