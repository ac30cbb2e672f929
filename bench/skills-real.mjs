// Issue 11 on real programs: 300 programs of /usr/bin (those present) and three whose --help hangs,
// linked into a skills dir. Measures the sequential sum of their probes (baseline), a cold load,
// a warm load, a warm `aibox skills list` through the CLI, junk summaries and search accuracy over
// the English and Chinese requests of skills-real-corpus.json. `node bench/skills-real.mjs [N]`;
// AIBOX_DIST=/path/to/dist measures another build (e.g. the commit before issue 11) the same way.
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { embeddingProvider } from './_embedding-provider.mjs';
import {
  isJunkSummary,
  linkPrograms,
  pickPrograms,
  REQUESTS,
  searchAccuracy,
} from './_skills-real-corpus.mjs';

const dist = process.env.AIBOX_DIST ?? fileURLToPath(new URL('../dist/', import.meta.url));
const { createSkillRegistry } = await import(pathToFileURL(join(dist, 'skills/registry.js')).href);
const n = Number(process.argv[2] ?? 300);
const cores = availableParallelism();
const home = mkdtempSync(join(tmpdir(), 'aibox-real-bench-'));
const dir = join(home, 'skills');
mkdirSync(dir);
const programs = pickPrograms(n);
linkPrograms(dir, programs);
for (const name of ['hangs_a', 'hangs_b', 'hangs_c']) {
  writeFileSync(join(dir, name), '#!/bin/sh\nexec sleep 600\n');
  chmodSync(join(dir, name), 0o755);
}
const total = programs.length + 3;

async function timed(options) {
  const t = performance.now();
  const registry = await createSkillRegistry({ dir, lang: 'en', ...options });
  const ms = performance.now() - t;
  return { registry, ms };
}

// Baseline: every probe one after another (concurrency 1, nothing cached).
const sequential = await timed({ concurrency: 1 });
await sequential.registry.close();
// Cold load as the server and the CLI do it (default concurrency), writing the cache file.
const cacheFile = join(home, '.skills-cache.json');
const cold = await timed({ cacheFile });
await cold.registry.close();
const warm = await timed({ cacheFile });
const registry = warm.registry;

// The CLI, as a user runs it: the first `skills list` probes, the second must not.
writeFileSync(join(home, 'config.json'), JSON.stringify({ skills: { dir, install_examples: false } }));
const cli = join(dist, 'cli/main.js');
const runList = () => {
  const t = performance.now();
  const r = spawnSync(process.execPath, [cli, 'skills', 'list', '--json'], {
    env: { ...process.env, AIBOX_HOME: home },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`aibox skills list failed: ${r.stderr}`);
  return performance.now() - t;
};
// The cache file above is the CLI's own (AIBOX_HOME/.skills-cache.json): its first run is warm too.
rmSync(cacheFile);
const cliCold = runList();
const cliWarm = runList();

const skills = registry.list();
const junk = skills.filter((s) => isJunkSummary(s.summary, dir));
const accuracy = searchAccuracy(registry);
// By meaning too (search_skills with embeddings on), when the user's config names a provider.
const provider = embeddingProvider();
let meaningLine = `search by meaning: SKIPPED, no embedding provider (${provider.status.message ?? ''}); no figure claimed`;
let meaningMisses = [];
if (provider.embedder) {
  const { createSkillMeaning } = await import(
    pathToFileURL(join(dist, 'skills/meaning/skill-vectors.js')).href
  );
  const errors = [];
  const meaning = createSkillMeaning({
    skills: registry,
    embedder: provider.embedder,
    file: join(home, '.skills-vectors.json'),
    onError: (error) => errors.push(error),
  });
  await meaning.refresh();
  const ranked = new Map();
  let fused = 0;
  for (const r of REQUESTS) {
    const found = await meaning.search(r.q, 3);
    if (found.byMeaning) fused += 1;
    ranked.set(
      r.q,
      found.hits.map((h) => h.skill.name),
    );
  }
  meaning.close();
  if (errors.length > 0 || fused < REQUESTS.length) {
    meaningLine = `search by meaning (${provider.named}): SKIPPED, the provider failed (${errors[0] ?? `${REQUESTS.length - fused} requests by keyword`}); no figure claimed`;
  } else {
    const byMeaning = searchAccuracy(registry, (q) => ranked.get(q) ?? []);
    meaningLine = `search by keyword + meaning (${provider.named}): top-1 ${(100 * byMeaning.top1).toFixed(1)} %, top-3 ${(100 * byMeaning.top3).toFixed(1)} % (goals 85 / 97)`;
    meaningMisses = byMeaning.misses;
  }
}
const fallback = skills.filter((s) => s.warning).length;
const broken = skills.filter((s) => s.status === 'broken');
await registry.close();

const s = (ms) => `${(ms / 1000).toFixed(2)} s`;
console.log(`${total} skills (${programs.length} programs of /usr/bin + 3 hanging), ${cores} cores`);
console.log(`sequential sum of probes (baseline): ${s(sequential.ms)}`);
console.log(
  `cold load: ${s(cold.ms)} = ${((cold.ms / sequential.ms) * cores).toFixed(2)} × (baseline / cores); goal ≤ 1.3`,
);
console.log(
  `warm load: ${s(warm.ms)} (probes spawned: ${registry.stats().probesSpawned}); ratio to baseline ${(warm.ms / sequential.ms).toFixed(4)}`,
);
console.log(`aibox skills list: cold ${s(cliCold)}, warm ${s(cliWarm)} (goal ≤ 3 s)`);
console.log(
  `junk summaries: ${junk.length}/${skills.length} = ${((100 * junk.length) / skills.length).toFixed(1)} % (goal ≤ 10 %)`,
);
console.log(`summaries from a fallback (reported by skills check): ${fallback}; broken: ${broken.length}`);
console.log(
  `search by keyword over ${accuracy.counted} requests (en + zh): top-1 ${(100 * accuracy.top1).toFixed(1)} %, top-3 ${(100 * accuracy.top3).toFixed(1)} % (goals 80 / 95)`,
);
console.log(meaningLine);
for (const skill of junk) console.log(`  junk: ${skill.name}: ${skill.summary}`);
for (const skill of broken) console.log(`  broken: ${skill.name}: ${skill.error}`);
for (const miss of accuracy.misses) console.log(`  miss: ${miss}`);
for (const miss of meaningMisses) console.log(`  miss by meaning: ${miss}`);
rmSync(home, { recursive: true, force: true });
