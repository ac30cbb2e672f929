/**
 * `aibox memory consolidate|runs|undo` against the fake LLM, on a day the CLI itself talked through.
 * The real consolidation runs as the built CLI in a child process; the other commands in this
 * process (runInProcess).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayKey } from '../../../src/usage/day-key.js';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';
import { type FakeLlm, startFakeLlm } from '../../helpers/fake-llm.js';

let llm: FakeLlm;
let home: string;
beforeAll(async () => {
  llm = await startFakeLlm();
  home = tempHome('aibox-consolidate-');
  writeFileSync(
    join(home, 'config.json'),
    JSON.stringify({ skills: { install_examples: false, watch: false } }),
  );
});
afterAll(async () => {
  await llm.close();
  rmSync(home, { recursive: true, force: true });
});

const env = () => ({
  AIBOX_LLM_BASE_URL: llm.baseUrl,
  AIBOX_LLM_API_KEY: 'sk-fake',
  AIBOX_LLM_MODEL: 'fake-model',
});
const cli = (args: string[]) => runInProcess(args, { home, env: env() });

describe('aibox memory consolidate', () => {
  it('proposes in a dry run, writes in a real one, lists the runs and undoes one', {
    timeout: 120_000,
  }, async () => {
    llm.script({ text: 'Good to know.' });
    expect((await cli(['ask', 'I keep my bike in the garage.'])).code).toBe(0);
    const day = dayKey(new Date(), '');
    const ops = {
      operations: [
        {
          op: 'add',
          kind: 'user',
          summary: 'Keeps the bike in the garage',
          evidence: 'my bike in the garage',
        },
      ],
      journal: 'Talked about where the bike is kept.',
    };
    llm.script({ text: JSON.stringify(ops) });
    const dry = await cli(['memory', 'consolidate', '--dry-run', '--day', day]);
    expect(dry.stderr).toBe('');
    expect(dry.stdout).toContain('run #1');
    expect(dry.stdout).toContain('(dry run)');
    expect(dry.stdout).toContain('added (new): Keeps the bike in the garage');
    expect((await cli(['memory', 'list'])).stdout).toContain('No memories');

    llm.script({ text: JSON.stringify(ops) });
    const real = await runCli(['memory', 'consolidate', '--day', day, '--json'], { home, env: env() });
    const result = JSON.parse(real.stdout);
    expect(result.run).toMatchObject({ id: 2, status: 'done', startedBy: 'cli', dryRun: false });
    expect(result.changes.map((c: { action: string }) => c.action)).toEqual(['add', 'journal']);
    expect((await cli(['memory', 'list', '--kind', 'journal'])).stdout).toContain('[journal]');

    const runs = await cli(['memory', 'runs']);
    expect(runs.stdout).toMatch(/run #2 .* done[\s\S]*run #1 .* \(dry run\)/);
    const [bad, dryUndo, future] = await Promise.all([
      cli(['memory', 'undo', 'abc']),
      cli(['memory', 'undo', '1']),
      cli(['memory', 'consolidate', '--day', '2999-01-01']),
    ]);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('Invalid run ID');
    expect(dryUndo.code).not.toBe(0);
    expect(dryUndo.stderr).toContain('dry run');
    expect(future.code).not.toBe(0);
    expect(future.stderr).toContain('Invalid day');
    const undo = await cli(['memory', 'undo', '2']);
    expect(undo.stdout).toContain('Undid run #2 (2 changes)');
    expect(undo.stdout).toContain('removed the memory it added');
    expect((await cli(['memory', 'list'])).stdout).toContain('No memories');
  });
});
