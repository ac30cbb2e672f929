import { describe, expect, it } from 'vitest';
import { createMemoryStore } from '../../../src/memory/store.js';
import { openDatabase } from '../../../src/store/database.js';
import { createTaskStore } from '../../../src/tasks/store.js';
import { runCli, tempHome } from '../../helpers/cli.js';
import { runInProcess } from '../../helpers/cli-in-process.js';

// The first `memo add` and `memory search` go through the built bin; the other commands run in this
// process (runInProcess: the same dispatch, output and exit code, without a CLI start-up each).
describe('aibox memo / aibox memory', () => {
  it('adds, lists, completes and deletes tasks; rejects bad input clearly', {
    timeout: 180_000,
  }, async () => {
    const home = tempHome('aibox-cli-memo-');
    const add = await runCli(
      ['memo', 'add', 'Water plants', '--content', 'water them', '--at', '+2h', '--json'],
      { home },
    );
    expect(add.stderr).toBe('');
    expect(JSON.parse(add.stdout)).toMatchObject({
      id: 1,
      title: 'Water plants',
      schedule_kind: 'once',
      status: 'active',
    });
    const [daily, bad, badZone] = await Promise.all([
      runInProcess(
        [
          'memo',
          'add',
          'Standup',
          '--every',
          'daily',
          '--at',
          'tomorrow 9:00',
          '--tz',
          'Europe/Berlin',
          '--until',
          '2099-01-01 00:00',
        ],
        { home },
      ),
      runInProcess(['memo', 'add', 'Broken', '--at', 'someday soon'], { home }),
      runInProcess(['memo', 'add', 'Zone', '--at', '+1h', '--tz', 'Nowhere/City'], { home }),
    ]);
    expect(daily.code).toBe(0);
    expect(daily.stdout).toContain('daily at 09:00, until 2099-01-01 00:00 (Europe/Berlin)');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('Cannot understand the time "someday soon"');
    expect(badZone.stderr).toContain('Unknown time zone "Nowhere/City"');

    const standup = JSON.parse(daily.stdout.match(/#(\d+)/)?.[1] ?? '0') as number;
    const [done, deleted, missing] = await Promise.all([
      runInProcess(['memo', 'complete', String(standup)], { home }),
      runInProcess(['memo', 'delete', '1'], { home }),
      runInProcess(['memo', 'delete', '99'], { home }),
    ]);
    expect(done.stdout).toContain(`Task #${standup} done for now; next run`);
    expect(deleted.stdout).toContain('Task #1 deleted');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Task #99 does not exist');
    const list = JSON.parse((await runInProcess(['memo', 'list', '--json'], { home })).stdout);
    expect(list.map((t: { title: string }) => t.title)).toEqual(['Standup']);
  });

  it('memo add --when keeps a pre-check as approved by the person who typed it', {
    timeout: 120_000,
  }, async () => {
    const home = tempHome('aibox-cli-when-');
    const add = await runInProcess(['memo', 'add', 'Disk', '--at', '+1h', '--when', 'rm -f old.log'], {
      home,
    });
    expect(add.code).toBe(0);
    const db = await openDatabase(`${home}/memories.db`);
    const [task] = createTaskStore({ db }).list();
    db.close();
    expect(task).toMatchObject({ when: 'rm -f old.log', whenApprovedBy: 'aibox memo add', createdBy: 'cli' });
  });

  it('memo add --max-tokens-per-run keeps the task its cap, and refuses one that is not a whole number in range', {
    timeout: 120_000,
  }, async () => {
    const home = tempHome('aibox-cli-cap-');
    const add = await runInProcess(
      ['memo', 'add', 'Capped', '--at', '+1h', '--max-tokens-per-run', '5000', '--json'],
      { home },
    );
    expect(add.code).toBe(0);
    expect(JSON.parse(add.stdout)).toMatchObject({ max_tokens_per_run: 5000, when: null });
    for (const bad of ['-3', '1.5', 'lots', '999999999999']) {
      const refused = await runInProcess(['memo', 'add', 'x', '--at', '+1h', '--max-tokens-per-run', bad], {
        home,
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/--max-tokens-per-run|whole number from 0 to 100000000/);
    }
  });

  it('memory search and list read the same database', { timeout: 120_000 }, async () => {
    const home = tempHome('aibox-cli-mem-');
    const db = await openDatabase(`${home}/memories.db`);
    const store = createMemoryStore({ db });
    store.save({ summary: '项目进度讨论，下周发布', topic: '周会' });
    store.save({ summary: 'Garden: tomatoes planted', topic: 'garden', kind: 'work', untrusted: ['web'] });
    db.close();
    const [search, list, work, badKind] = await Promise.all([
      runCli(['memory', 'search', '项目', '--json'], { home }),
      runInProcess(['memory', 'list'], { home }),
      runInProcess(['memory', 'list', '--kind', 'work', '--json'], { home }),
      runInProcess(['memory', 'search', 'x', '--kind', 'boss'], { home }),
    ]);
    expect(search.code).toBe(0);
    const page = JSON.parse(search.stdout);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ topic: '周会', kind: 'user', untrusted: [] });
    // Saved after reading a web page: said on its line, and only there.
    expect(list.stdout).toMatch(/\[work\] garden \(from untrusted input: web\)\n[\s\S]*\[user\] 周会\n/);
    const works = JSON.parse(work.stdout);
    expect(works.items).toEqual([
      expect.objectContaining({ topic: 'garden', kind: 'work', untrusted: ['web'] }),
    ]);
    expect(badKind.code).not.toBe(0);
    expect(badKind.stderr).toMatch(/--kind/);
  });
});
