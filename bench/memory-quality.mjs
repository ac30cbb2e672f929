// Recall quality (issue 24): `node bench/memory-quality.mjs [--config PATH]` (after `npm run build`).
// 107 questions in Chinese and English, each with the one memory that answers it, phrased
// differently (synonyms, paraphrase, zh↔en; bench/memory-quality-pairs.json), saved among each
// other and 40 distractors in a temp memories.db. hit@5 = the answering memory is among the first
// five results. Keyword search (today's path) and hybrid search run in the same process over the
// same rows. The embedding provider is the user's: `memory.embeddings` of AIBOX_HOME/config.json
// (or --config) with the keys in the environment, as the box resolves it; the output names it.
// With no provider, or one that does not answer, the hybrid figure is skipped and says so: no
// quality figure is ever claimed from a fake or absent model.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '../dist/log/logger.js';
import { openMemoryRecall } from '../dist/memory/hybrid/open-recall.js';
import { createMemoryStore } from '../dist/memory/store.js';
import { openDatabase } from '../dist/store/database.js';
import { embeddingProvider } from './_embedding-provider.mjs';

const K = 5;
const corpus = JSON.parse(readFileSync(new URL('./memory-quality-pairs.json', import.meta.url), 'utf8'));
const provider = embeddingProvider();
const { config, chat } = provider;

const pct = (x) => `${(100 * x).toFixed(1)} %`;
const home = mkdtempSync(join(tmpdir(), 'aibox-bench-quality-'));
try {
  const db = await openDatabase(join(home, 'memories.db'));
  const recall = openMemoryRecall({
    db,
    memory: createMemoryStore({ db }),
    config: () => config,
    chat,
    env: process.env,
    lang: 'en',
    logger: silentLogger(),
  });
  const answer = corpus.pairs.map((pair) => recall.memory.save({ summary: pair.m }).id);
  for (const text of corpus.distractors) recall.memory.save({ summary: text });
  const rows = corpus.pairs.length + corpus.distractors.length;
  console.log(`${corpus.pairs.length} questions (zh + en), ${rows} memories; hit@${K}`);
  console.log(provider.configLine);

  const hitRate = async (mode) => {
    const byKind = {};
    let hits = 0;
    for (const [i, pair] of corpus.pairs.entries()) {
      const result = await recall.search.search(pair.q, { mode, limit: K });
      if (mode !== 'keyword' && result.mode !== mode)
        throw new Error(`${mode} search ran as ${result.mode}: ${result.note}`);
      const hit = result.hits.some((h) => h.id === answer[i]);
      hits += hit ? 1 : 0;
      byKind[pair.kind] ??= { hits: 0, n: 0 };
      byKind[pair.kind].n += 1;
      byKind[pair.kind].hits += hit ? 1 : 0;
    }
    const kinds = Object.entries(byKind)
      .map(([kind, k]) => `${kind} ${k.hits}/${k.n}`)
      .join(', ');
    return { rate: hits / corpus.pairs.length, kinds };
  };

  const keyword = await hitRate('keyword');
  console.log(`keyword only (today's path): hit@${K} ${pct(keyword.rate)} (${keyword.kinds})`);
  const status = recall.status;
  if (!status.enabled) {
    console.log(`hybrid: SKIPPED, no embedding provider: ${status.message}`);
    console.log(
      'no recall-quality figure is claimed from this run (set memory.embeddings and its key to measure it)',
    );
  } else {
    console.log(`embedding provider (from the config): ${provider.named}`);
    const t0 = performance.now();
    await recall.indexer?.drain();
    const failed = recall.indexer?.lastError();
    if (failed || recall.indexer?.backlog() !== 0) {
      console.log(`hybrid: SKIPPED, the provider did not embed the memories: ${failed ?? 'backlog left'}`);
      console.log('no recall-quality figure is claimed from this run');
    } else {
      console.log(`${rows} memories embedded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      const times = [];
      const timedEmbed = recall.embedder;
      for (const pair of corpus.pairs.slice(0, 20)) {
        const t = performance.now();
        await timedEmbed.embed([pair.q]);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const hybrid = await hitRate('hybrid');
      const vector = await hitRate('vector');
      console.log(`vector only: hit@${K} ${pct(vector.rate)} (${vector.kinds})`);
      console.log(
        `hybrid: hit@${K} ${pct(hybrid.rate)} (${hybrid.kinds}); ` +
          `${((hybrid.rate - keyword.rate) * 100).toFixed(1)} points over keyword (goals ≥ 90 %, ≥ 25 points)`,
      );
      console.log(
        `one query embedding (what recall adds besides the search): p50 ${times[10].toFixed(0)} ms, max ${times.at(-1).toFixed(0)} ms over 20`,
      );
    }
  }
  recall.indexer?.close();
  db.close();
} finally {
  rmSync(home, { recursive: true, force: true });
}
