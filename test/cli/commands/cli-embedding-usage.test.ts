/**
 * The CLI's embedding requests (`aibox skills search`, its quick path as the built bin runs it and
 * commander's, `aibox memory search` and `reindex`, those in the test process) are recorded in the data dir's usage ledger as the running box records
 * its own (channel `memory`), and a used-up budget refuses them before any request: the searches
 * then rank by keyword alone, a reindex fails saying why.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/memory/store.js';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import {
  type FakeEmbeddings,
  fakeEmbeddingsKeys,
  startFakeEmbeddings,
} from '../../helpers/fake-embeddings.js';
import { openDatabaseForTest } from '../../helpers/test-database.js';

let embeddings: FakeEmbeddings;
beforeEach(async () => {
  embeddings = await startFakeEmbeddings();
});
afterEach(() => embeddings.close());

const env = { EMB_KEY: 'k' };

function configure(home: string, budget: Record<string, number> = {}) {
  const config = {
    skills: { install_examples: false, probe_timeout_s: 5 },
    memory: { embeddings: fakeEmbeddingsKeys(embeddings) },
    budget,
  };
  writeFileSync(join(home, 'config.json'), JSON.stringify(config));
}

interface Recorded {
  session: string;
  channel: string;
  model: string;
  total_tokens: number;
}

async function recorded(home: string): Promise<Recorded[]> {
  const db = await openDatabaseForTest(join(home, 'memories.db'));
  try {
    return db
      .prepare('SELECT session, channel, model, total_tokens FROM usage_requests ORDER BY id')
      .all() as Recorded[];
  } finally {
    db.close();
  }
}

/** What the fake server was asked for so far, as the ledger should hold it (its `usage`). */
const asked = () =>
  embeddings.requests.map((r) => ({
    session: 'memory-index',
    channel: 'memory',
    model: 'fake-embed',
    total_tokens: r.input.join('').length,
  }));

const names = (stdout: string) => (JSON.parse(stdout) as { name: string }[]).map((s) => s.name);

describe('the CLI’s embedding requests and the usage budget', { timeout: 120_000 }, () => {
  it('skills search: every request is in the ledger; a used-up budget sends none', async () => {
    const home = tempHome('aibox-cli-emb-usage-');
    const skills = join(home, 'skills');
    mkdirSync(skills, { recursive: true });
    writeFileSync(join(skills, 'coach.md'), '# Plan a marathon week\n\nLong slow distance on Sunday.\n');
    writeFileSync(join(skills, 'beans.md'), '# Order coffee beans\n\nOpen the shop page.\n');
    configure(home);

    // The quick path (main.ts runs the action without commander): the skills, then the query.
    const quick = await runCli(['skills', 'search', '下周想去慢跑', '--json'], { home, env });
    expect(quick.stderr).toBe('');
    expect(quick.code).toBe(0);
    expect(names(quick.stdout)[0]).toBe('coach');
    expect(embeddings.requests.length).toBe(2);
    expect(await recorded(home)).toEqual(asked());

    // `--limit=5` is left to commander: the same action, the query alone embedded.
    const program = await runInProcess(['skills', 'search', '下周想去慢跑', '--limit=5', '--json'], {
      home,
      env,
    });
    expect(program.code).toBe(0);
    expect(names(program.stdout)[0]).toBe('coach');
    expect(embeddings.requests.length).toBe(3);
    expect(await recorded(home)).toEqual(asked());

    // The day's budget is used up: a changed skill and the query are not embedded, the search
    // still answers, by keyword (nothing matches 慢跑 by keyword here).
    configure(home, { daily_tokens: 5 });
    writeFileSync(join(skills, 'walk.md'), '# Walk the dog\n\nTwice a day.\n');
    const spent = await runCli(['skills', 'search', '下周想去慢跑', '--json'], { home, env });
    expect(spent.code).toBe(0);
    expect(names(spent.stdout)).not.toContain('coach');
    const byKeyword = await runInProcess(['skills', 'search', 'coffee', '--json'], { home, env });
    expect(names(byKeyword.stdout)).toEqual(['beans']);
    expect(embeddings.requests.length).toBe(3);
    expect(await recorded(home)).toEqual(asked());
  });

  it('memory search and reindex: counted, and refused once the budget is used up', async () => {
    const home = tempHome('aibox-cli-emb-memory-');
    configure(home);
    const db = await openDatabaseForTest(join(home, 'memories.db'));
    createMemoryStore({ db }).save({ summary: 'The user drinks a latte every morning', topic: 'drinks' });
    db.close();

    const reindex = await runInProcess(['memory', 'reindex'], { home, env });
    expect(reindex.code).toBe(0);
    const search = await runInProcess(['memory', 'search', 'coffee', '--lang', 'en'], { home, env });
    expect(search.code).toBe(0);
    expect(search.stdout).toContain('latte');
    expect(search.stdout).toContain('searched by: hybrid');
    expect(embeddings.requests.length).toBe(2);
    expect(await recorded(home)).toEqual(asked());

    configure(home, { daily_tokens: 5 });
    const spent = await runInProcess(['memory', 'search', 'coffee', '--lang', 'en'], { home, env });
    expect(spent.code).toBe(0);
    expect(spent.stdout).toContain('searched by keyword only: The token budget for today is used up');
    const refused = await runInProcess(['memory', 'reindex', '--lang', 'en'], { home, env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('The token budget for today is used up');
    // Refused before the old vectors are dropped: meaning search still has them.
    const db2 = await openDatabaseForTest(join(home, 'memories.db'));
    expect(db2.prepare('SELECT count(*) FROM memory_vectors').pluck().get()).toBe(1);
    db2.close();
    expect(embeddings.requests.length).toBe(2);
    expect(await recorded(home)).toEqual(asked());
  });
});
