/**
 * A run another process is doing stays `running` when the box starts; one whose process is gone
 * (or whose owner reads wrong: hostile or old JSON, a pid used again) is marked failed.
 * The other process is real: a node that starts a run on the same database file and waits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createRunStore } from '../../src/consolidation/run-store.js';
import { dayKey } from '../../src/usage/day-key.js';
import { runCli, tempHome } from '../helpers/cli.js';
import { type FakeStaticStep, startFakeLlm } from '../helpers/fake-llm.js';
import { openDatabaseForTest, tempDatabase } from '../helpers/test-database.js';
import { boxConfig, startBox, testEnv } from '../server/harness.js';

const DIST = pathToFileURL(resolve(import.meta.dirname, '../../dist')).href;
const CHILD = `
const { openDatabase } = await import('${DIST}/store/database.js');
const { createRunStore } = await import('${DIST}/consolidation/run-store.js');
const db = await openDatabase(process.argv[1]);
const run = createRunStore(db, { now: () => new Date() })
  .start({ day: '2026-11-20', dryRun: false, startedBy: 'cli', maxTokens: 100 });
process.stdout.write(run.id + '\\n');
process.stdin.resume();
`;

let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }
  child = undefined;
});

describe('the owner of a running run', () => {
  it('keeps the run of a live process, fails those of gone ones', async () => {
    const db = await tempDatabase('aibox-owner-');
    const runs = createRunStore(db, { now: () => new Date() });
    child = spawn(process.execPath, ['--input-type=module', '-e', CHILD, db.name], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const [line] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
    const theirs = Number(line.toString().trim());
    const mine = runs.start({ day: '2026-11-21', dryRun: false, startedBy: 'api', maxTokens: 100 }).id;
    const hostile = [
      'not json',
      '{}',
      '{"owner":null}',
      '{"owner":{"pid":"1","start":"1"}}',
      '{"owner":{"pid":-5,"start":"1"}}',
      '{"owner":{"pid":1e300,"start":"1"}}',
      `{"owner":{"pid":${process.pid},"start":"not this process's start"}}`,
      // pid 1 runs, but started at another tick: the pid was used again.
      '{"owner":{"pid":1,"start":"-1"}}',
    ];
    const insert = db.prepare(
      "INSERT INTO memory_runs (day, status, dry_run, started_by, max_tokens, started_at, stats) VALUES ('2026-11-19', 'running', 0, 'cli', 1, ?, ?)",
    );
    const bad = hostile.map((stats) => Number(insert.run(new Date().toISOString(), stats).lastInsertRowid));

    expect(runs.failLeftovers('gone')).toBe(hostile.length);
    expect(runs.get(theirs)).toMatchObject({ status: 'running', startedBy: 'cli' });
    expect(runs.get(mine)?.status).toBe('running');
    for (const id of bad) expect(runs.get(id)).toMatchObject({ status: 'failed', error: 'gone' });
    // The owner is bookkeeping, never shown.
    expect(runs.get(theirs)?.stats).not.toHaveProperty('owner');

    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
    expect(runs.failLeftovers('gone')).toBe(1);
    expect(runs.get(theirs)).toMatchObject({ status: 'failed', error: 'gone' });
    expect(runs.get(mine)?.status).toBe('running');
  });
});

describe('a box starting while aibox memory consolidate runs', () => {
  it('leaves the CLI’s run running, and the CLI finishes it', async () => {
    const home = tempHome('aibox-owner-cli-');
    const llm = await startFakeLlm();
    try {
      writeFileSync(join(home, 'config.json'), JSON.stringify(boxConfig(llm)));
      const now = new Date().toISOString();
      const db = await openDatabaseForTest(join(home, 'memories.db'));
      db.prepare("INSERT INTO conversations (id, session_id, started_at) VALUES ('c1', 'main', ?)").run(now);
      db.prepare(
        "INSERT INTO messages (conversation_id, seq, role, content, created_at) VALUES ('c1', 1, 'user', 'I am allergic to peanuts', ?)",
      ).run(now);
      db.close();
      // The CLI's model request is held until the box has started.
      let release: (step: FakeStaticStep) => void = () => undefined;
      llm.script(() => new Promise<FakeStaticStep>((done) => (release = done)));
      const cli = runCli(['memory', 'consolidate', '--day', dayKey(new Date(), ''), '--json'], {
        home,
        env: testEnv(home),
      });
      await llm.waitForRequest(1);

      const box = await startBox({ home, scheduler: true });
      try {
        expect(box.app.consolidator.runs.list(1)[0]).toMatchObject({ status: 'running', startedBy: 'cli' });
        release({ text: JSON.stringify({ operations: [], journal: 'Talked about a peanut allergy.' }) });
        const done = await cli;
        expect(done.stderr).toBe('');
        expect(JSON.parse(done.stdout).run).toMatchObject({ status: 'done', error: null });
        expect(box.app.consolidator.runs.list(1)[0]?.status).toBe('done');
      } finally {
        await box.close();
      }
    } finally {
      await llm.close();
    }
  });
});
