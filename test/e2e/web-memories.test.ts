/**
 * The Memories tab's kinds, provenance, journal and consolidation runs in a real browser against
 * the real server: a run made by the box on a real turn (the fake LLM answering), undone from the page.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastOccurrence } from '../../src/consolidation/catch-up.js';
import { dayToConsolidate } from '../../src/consolidation/consolidate.js';
import { nextRunAt } from '../../src/consolidation/daily-job.js';
import { startCancellableTurn } from '../../src/session/cancellable-turn.js';
import { addDays, dayKey } from '../../src/usage/day-key.js';
import {
  assertBrowserReady,
  type LaunchedBrowser,
  launchBrowser,
  openConnectedPage,
  VIEWPORTS,
} from './browser.js';
import { type Box, startBox } from './fixture.js';

let launched: LaunchedBrowser;
let box: Box;
let page: Page;

beforeAll(async () => {
  assertBrowserReady();
  launched = await launchBrowser();
  box = await startBox({ lang: 'en', scheduler: false });
  const recalled = box.app.memory.save({ summary: 'Likes oolong tea', topic: 'drinks', source: 'main' });
  box.app.memory.markRecalled([recalled.id]);
  box.app.memory.save({
    summary: 'A page said to water the cactus daily',
    topic: 'cactus',
    untrusted: ['web'],
  });
  box.llm.script({ text: 'Noted.' });
  await startCancellableTurn(
    box.app.sessions.get('main'),
    'Remember that I park my bike in the garage.',
    () => {},
  ).done;
  box.llm.script({
    text: JSON.stringify({
      operations: [
        {
          op: 'add',
          kind: 'user',
          summary: 'Parks the bike in the garage',
          evidence: 'park my bike in the garage',
        },
      ],
      journal: 'Talked about where the bike is parked.',
    }),
  });
  await box.app.consolidator.run({ startedBy: 'api', day: dayKey(new Date(), '') });
  page = await openConnectedPage(launched, `${box.server.url}/#memories`, {
    viewport: VIEWPORTS.desktop,
    locale: 'en-US',
  });
});
afterAll(async () => {
  await page?.context().close();
  await box?.close();
  await launched?.close();
});

describe('web page: memories tab', () => {
  it('shows each memory with its kind, source and last recall', async () => {
    const card = page.locator('.card.memory', { hasText: 'oolong' });
    await card.waitFor();
    expect(await card.locator('.memory-kind').textContent()).toBe('about you');
    const meta = (await card.locator('.memory-meta').textContent()) ?? '';
    expect(meta).toContain('from main');
    expect(meta).toMatch(/recalled 1×, last /);
    const added = page.locator('.card.memory', { hasText: 'Parks the bike' });
    expect(await added.locator('.memory-meta').textContent()).toContain('never recalled');
    // Saved after reading a web page: the card says so, the others say nothing of it.
    const paged = page.locator('.card.memory', { hasText: 'cactus' });
    expect(await paged.locator('.memory-untrusted').textContent()).toBe('⚠ untrusted input: web');
    expect(await paged.locator('.memory-untrusted').getAttribute('title')).toContain('outside text');
    expect(await card.locator('.memory-untrusted').count()).toBe(0);
  });

  it('shows the journal, and the runs with what each changed; Undo reverts a run', async () => {
    await page.locator('.memories-pane[data-pane="journal"]').click();
    await page.locator('.card.memory', { hasText: 'where the bike is parked' }).waitFor();
    await page.locator('.card.memory', { hasText: 'oolong' }).waitFor({ state: 'detached' });

    await page.locator('.memories-pane[data-pane="runs"]').click();
    const run = page.locator('.card.memory-run').first();
    await run.waitFor();
    // This box has no scheduler: no daily job, nothing owed.
    expect(await page.locator('.memory-runs-daily').textContent()).toBe(
      'The daily consolidation is off (memory.consolidate.enabled, with the scheduler on)',
    );
    expect(await run.locator('.card-title').textContent()).toContain('Run #1');
    expect(await run.locator('.badge.run-done').textContent()).toBe('done');
    await run.locator('details > summary', { hasText: 'changes' }).click();
    await run.locator('.memory-run-change', { hasText: 'Parks the bike in the garage' }).waitFor();
    await run.locator('.memory-run-change', { hasText: 'journal' }).waitFor();

    await run.locator('.memory-run-undo').click();
    await page.locator('.badge.run-undone').waitFor();
    expect(await page.locator('.memory-run-undo').first().isDisabled()).toBe(true);
    expect(box.app.memory.search('garage').total).toBe(0);
    await page.locator('.memories-pane[data-pane="all"]').click();
    await page.locator('.card.memory', { hasText: 'oolong' }).waitFor();
    expect(await page.locator('.card.memory', { hasText: 'Parks the bike' }).count()).toBe(0);
  });
});

describe('web page: days owed to the daily consolidation', () => {
  let owing: Box;
  let owingPage: Page;
  // Its time 12 hours away: the job does not run during the test, what it owes waits.
  const time = `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`;
  beforeAll(async () => {
    owing = await startBox({
      lang: 'en',
      config: { scheduler: { timezone: 'UTC' }, memory: { consolidate: { enabled: true, time } } },
    });
  });
  afterAll(async () => {
    await owingPage?.context().close();
    await owing?.close();
  });

  it('says which days wait for it, and when it runs next', async () => {
    // The day the latest occurrence read, and a run three days before it: the two between and it are owed.
    const latest = lastOccurrence(new Date(), (after) => nextRunAt(time, 'UTC', after));
    const target = dayToConsolidate(latest as Date, 'UTC');
    const runs = owing.app.consolidator.runs;
    const ran = (day: string) => {
      const run = runs.start({ day, dryRun: false, startedBy: 'cli', maxTokens: 1 });
      const end = { tokens: 0, requests: 0, error: null, rejected: [], stats: {} as never };
      runs.finish(run.id, { ...end, status: 'done' });
    };
    ran(addDays(target, -3));
    // A day run by hand since: not owed.
    ran(addDays(target, -1));

    owingPage = await openConnectedPage(launched, `${owing.server.url}/#memories`, {
      viewport: VIEWPORTS.desktop,
      locale: 'en-US',
    });
    await owingPage.locator('.memories-pane[data-pane="runs"]').click();
    const owed = owingPage.locator('.memory-runs-owed');
    await owed.waitFor();
    expect(await owed.getAttribute('data-owed')).toBe('2');
    expect(await owed.textContent()).toBe(`2 days owed: ${addDays(target, -2)}, ${target}`);
    expect(await owingPage.locator('.memory-runs-daily').textContent()).toContain(' · next run ');
    expect(owing.llm.requests).toHaveLength(0);
  });

  it('shows the memories recalled before a turn, and forgets one with ✕', async () => {
    const kept = owing.app.memory.save({
      summary: 'Keeps the spare key under the blue flowerpot',
      topic: 'key',
    });
    owing.llm.script({ text: 'Under the blue flowerpot.' });
    await owingPage.locator('.tab[data-tab="chat"]').click();
    await owingPage.locator('.composer-input').fill('where is the spare key?');
    await owingPage.locator('.composer-input').press('Enter');
    const note = owingPage.locator('.note.recalled');
    await note.waitFor();
    expect(await note.locator('summary').textContent()).toBe('🧠 Recalled 1 memory');
    // Only in the request: the model was told, the stored message is what was typed.
    expect(JSON.stringify(owing.llm.requests.at(-1)?.body)).toContain('spare key under the blue flowerpot');
    await note.locator('summary').click();
    await note
      .locator('li', { hasText: `#${kept.id} key` })
      .locator('button')
      .click();
    await note.locator('li.forgotten').waitFor();
    expect(owing.app.memory.get(kept.id)).toBeUndefined();
  });
});
