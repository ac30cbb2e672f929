import type { Command } from 'commander';
import type { Lang } from '../../i18n/lang.js';
import type { Memory, Page } from '../../memory/types.js';
import { parsePositiveInt, printJson, printLine, withDatabase } from '../command-helpers.js';
import type { GlobalsSource } from '../context.js';
import { declareOptions, MEMORY_SEARCH_OPTIONS, type QuickOptionValues } from '../quick-options.js';
import { helpMessages } from './memory-cli-context.js';
import { memoryLine, parseKind } from './memory-lines.js';
import { memoryCliMessages } from './messages.js';

interface PageOpts {
  json?: boolean;
  page?: string;
  limit?: string;
  all?: boolean;
  mode?: string;
  kind?: string;
}

function printPage(page: Page<Memory & { snippet?: string }>, opts: PageOpts, lang: Lang): void {
  if (opts.json) {
    printJson(page);
    return;
  }
  const m = memoryCliMessages(lang);
  if (page.total === 0) {
    printLine(m.noMemories);
    return;
  }
  for (const item of page.items) {
    process.stdout.write(memoryLine(item, item.snippet ?? item.summary.slice(0, 120), lang));
  }
  printLine(m.found(page.total, page.page, page.pages));
}

/** `--page`, `--limit` and `--kind`, validated. */
function paging(opts: PageOpts, lang: Lang) {
  const m = memoryCliMessages(lang);
  const kind = parseKind(opts.kind, lang);
  return {
    page: parsePositiveInt(opts.page, (v) => m.badNumber('--page', v)),
    pageSize: parsePositiveInt(opts.limit, (v) => m.badNumber('--limit', v)),
    ...(kind ? { kind } : {}),
  };
}

/** The options commander (or the quick path) read, typed. */
function pageOpts(opts: QuickOptionValues): PageOpts {
  const text = (value: string | true | undefined) => (typeof value === 'string' ? value : undefined);
  return {
    json: opts.json === true,
    page: text(opts.page),
    limit: text(opts.limit),
    all: opts.all === true,
    mode: text(opts.mode),
    kind: text(opts.kind),
  };
}

/** `aibox memory search <query...>`: also run without commander (quick-commands.ts). */
export async function searchMemories(words: string[], given: QuickOptionValues, command: GlobalsSource) {
  const opts = pageOpts(given);
  await withDatabase(command, async (ctx, db) => {
    const { embeddingsEnabled, parseMode, searchByMode } = await import('./memory-recall-cli.js');
    const mode = parseMode(opts.mode, ctx);
    // Without --mode: by keywords and meaning when embeddings are on, else by keyword (paged).
    const byMeaning =
      mode === 'vector' ||
      mode === 'hybrid' ||
      (mode === undefined && !opts.all && !opts.page && (await embeddingsEnabled(ctx)));
    if (byMeaning) {
      const { pageSize: limit, kind } = paging(opts, ctx.lang);
      await searchByMode(ctx, db, words.join(' '), mode ?? 'hybrid', { json: opts.json, limit, kind });
      return;
    }
    const { createMemoryStore } = await import('../../memory/store.js');
    const page = createMemoryStore({ db }).search(words.join(' '), {
      ...paging(opts, ctx.lang),
      matchAll: opts.all,
    });
    printPage(page, opts, ctx.lang);
  });
}

/** `aibox memory search Q [--json]`, `aibox memory list [--json]`. */
export function register(program: Command): void {
  const h = helpMessages();
  const memory = program.command('memory').description(h.memory);
  const search = memory.command('search').description(h.memorySearch).argument('<query...>');
  declareOptions(search, MEMORY_SEARCH_OPTIONS, h).action(searchMemories);
  memory
    .command('list')
    .description(h.memoryList)
    .option('--json', h.json)
    .option('--page <n>', h.page)
    .option('--limit <n>', h.limit)
    .option('--kind <kind>', h.kind)
    .action(async (opts: PageOpts, command: Command) =>
      withDatabase(command, async (ctx, db) => {
        const { createMemoryStore } = await import('../../memory/store.js');
        printPage(createMemoryStore({ db }).recent(paging(opts, ctx.lang)), opts, ctx.lang);
      }),
    );
  memory
    .command('consolidate')
    .description(h.memoryConsolidate)
    .option('--dry-run', h.dryRun)
    .option('--day <day>', h.day)
    .option('--json', h.json)
    .action(async (opts: { dryRun?: boolean; day?: string; json?: boolean }, command: Command) =>
      withDatabase(command, async (ctx, db) =>
        (await import('./memory-consolidate-cli.js')).consolidateCommand(ctx, db, opts),
      ),
    );
  memory
    .command('runs')
    .description(h.memoryRuns)
    .option('--json', h.json)
    .action(async (opts: { json?: boolean }, command: Command) =>
      withDatabase(command, async (ctx, db) =>
        (await import('./memory-consolidate-cli.js')).runsCommand(ctx, db, opts),
      ),
    );
  memory
    .command('undo')
    .description(h.memoryUndo)
    .argument('<run>')
    .action(async (run: string, _opts: unknown, command: Command) =>
      withDatabase(command, async (ctx, db) =>
        (await import('./memory-consolidate-cli.js')).undoCommand(ctx, db, run),
      ),
    );
  memory
    .command('reindex')
    .description(h.memoryReindex)
    .option('--conversations', h.reindexConversations)
    .action(async (opts: { conversations?: boolean }, command: Command) =>
      withDatabase(command, async (ctx, db) => {
        const { reindexMemories } = await import('./memory-recall-cli.js');
        await reindexMemories(ctx, db, { conversations: opts.conversations === true });
      }),
    );
}
