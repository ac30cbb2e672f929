/**
 * `aibox memory consolidate [--dry-run] [--day D] [--json]`, `aibox memory runs [--json]`,
 * `aibox memory undo RUN`: consolidation from the command line, on the data dir's database
 * (a running box sees the result at once: the state is all in SQLite, budgets included).
 */
import { homedir } from 'node:os';
import type { CliContext } from '../../config/context.js';
import type { ConsolidationRun, RunChange } from '../../consolidation/types.js';
import { AppError } from '../../errors.js';
import type { Database } from '../../store/database.js';
import { printJson, printLine } from '../command-helpers.js';
import { memoryCliMessages } from './messages.js';

async function openConsolidator(ctx: CliContext, db: Database) {
  const [
    { createConsolidator, ConsolidationRefused },
    { createRunStore },
    { createMemoryStore },
    { createProviderWithSettings },
    { openCliLedger },
    { createTaskStore },
    { memoryScopeOf },
  ] = await Promise.all([
    import('../../consolidation/consolidate.js'),
    import('../../consolidation/run-store.js'),
    import('../../memory/store.js'),
    import('../../providers/create-provider.js'),
    import('./cli-usage.js'),
    import('../../tasks/store.js'),
    import('../../app/memory-scope.js'),
  ]);
  const config = ctx.loaded.config;
  const { lang } = ctx;
  const clock = { now: () => new Date() };
  const created = createProviderWithSettings(config.llm, {
    env: process.env,
    home: process.env.HOME ?? homedir(),
    lang,
  });
  const ledger = await openCliLedger(ctx, db, {
    model: () => created.provider.info.model,
    presetPrices: () => created.settings.preset.prices,
  });
  const consolidator = createConsolidator({
    db,
    memory: createMemoryStore({ db, clock }),
    runs: createRunStore(db, clock),
    provider: created.provider,
    ledger,
    scopeOf: memoryScopeOf({ config: () => config, tasks: createTaskStore({ db, clock, lang }) }),
    config: () => config,
    lang,
    clock,
  });
  return { consolidator, ConsolidationRefused };
}

const summaryOf = (memory: RunChange['after']) =>
  memory ? memory.summary.replace(/\s+/g, ' ').slice(0, 100) : '';

function printRun(ctx: CliContext, run: ConsolidationRun): void {
  const m = memoryCliMessages(ctx.lang);
  printLine(m.runLine(run.id, run.day, m.runStatus(run.status, run.dryRun), run.tokens, run.maxTokens));
  if (run.error) printLine(`    ${run.error}`);
}

function printChanges(ctx: CliContext, changes: RunChange[]): void {
  const m = memoryCliMessages(ctx.lang);
  for (const c of changes) {
    const id = c.memoryId === null ? m.newMemory : `#${c.memoryId}`;
    const text = c.after ? summaryOf(c.after) : summaryOf(c.before);
    printLine(`  ${m.changeAction(c.action)} ${id}: ${text}${c.note ? ` (${c.note})` : ''}`);
  }
}

export async function consolidateCommand(
  ctx: CliContext,
  db: Database,
  opts: { dryRun?: boolean; day?: string; json?: boolean },
): Promise<void> {
  const m = memoryCliMessages(ctx.lang);
  const { consolidator, ConsolidationRefused } = await openConsolidator(ctx, db);
  let result: Awaited<ReturnType<typeof consolidator.run>>;
  try {
    result = await consolidator.run({
      startedBy: 'cli',
      dryRun: opts.dryRun === true,
      ...(opts.day === undefined ? {} : { day: opts.day }),
    });
  } catch (error) {
    if (error instanceof ConsolidationRefused) throw new AppError('bad_request', error.message);
    throw error;
  }
  if (opts.json) {
    printJson(result);
    return;
  }
  const { run, changes } = result;
  printRun(ctx, run);
  printLine(run.dryRun ? m.proposed(changes.length) : m.changed(changes.length));
  printChanges(ctx, changes);
  if (run.rejected.length > 0) printLine(m.refused(run.rejected.length));
  for (const r of run.rejected) printLine(`  - ${r.reason}: ${r.op.slice(0, 100)}`);
  if (run.status === 'failed') process.exitCode = 1;
}

export async function runsCommand(ctx: CliContext, db: Database, opts: { json?: boolean }): Promise<void> {
  const { consolidator } = await openConsolidator(ctx, db);
  const runs = consolidator.runs.list(30);
  if (opts.json) {
    printJson({ runs });
    return;
  }
  if (runs.length === 0) printLine(memoryCliMessages(ctx.lang).noRuns);
  for (const run of runs) {
    printRun(ctx, run);
    printChanges(ctx, consolidator.runs.changes(run.id));
  }
}

export async function undoCommand(ctx: CliContext, db: Database, raw: string): Promise<void> {
  const m = memoryCliMessages(ctx.lang);
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw new AppError('bad_request', m.badRun(raw.slice(0, 40)));
  const { consolidator } = await openConsolidator(ctx, db);
  const result = consolidator.undo(id);
  if (!result.ok) throw new AppError(result.code, result.message);
  printLine(m.undone(id, result.lines.length));
  for (const line of result.lines) printLine(`  ${line}`);
}
