import type { Command } from 'commander';
import { createMemoryStore } from '../../memory/store.js';
import type { Memory } from '../../memory/types.js';
import { helpMessages, openStoreContext, parsePositiveInt, printJson } from './memory-cli-context.js';
import { memoryCliMessages } from './memory-cli-messages.js';

interface PageOpts {
  json?: boolean;
  page?: string;
  limit?: string;
  all?: boolean;
}

function printMemories(items: (Memory & { snippet?: string })[]): void {
  for (const m of items) {
    process.stdout.write(
      `[${m.id}] ${m.endTime.slice(0, 16).replace('T', ' ')}  ${m.topic}\n    ${m.snippet ?? m.summary.slice(0, 120)}\n`,
    );
  }
}

/** `aibox memory search Q [--json]`, `aibox memory list [--json]`. */
export function register(program: Command): void {
  const h = helpMessages();
  const memory = program.command('memory').description(h.memory);
  memory
    .command('search')
    .description(h.memorySearch)
    .argument('<query...>')
    .option('--json', h.json)
    .option('--page <n>', h.page)
    .option('--limit <n>', h.limit)
    .option('--all', h.all)
    .action(async (words: string[], opts: PageOpts, command: Command) => {
      const { ctx, db } = await openStoreContext(command);
      const m = memoryCliMessages(ctx.lang);
      try {
        const page = createMemoryStore({ db }).search(words.join(' '), {
          page: parsePositiveInt(opts.page, (v) => m.badNumber('--page', v)),
          pageSize: parsePositiveInt(opts.limit, (v) => m.badNumber('--limit', v)),
          matchAll: opts.all,
        });
        if (opts.json) return printJson(page);
        if (page.total === 0) return void process.stdout.write(`${m.noMemories}\n`);
        printMemories(page.items);
        process.stdout.write(`${m.found(page.total, page.page, page.pages)}\n`);
      } finally {
        db.close();
      }
    });
  memory
    .command('list')
    .description(h.memoryList)
    .option('--json', h.json)
    .option('--page <n>', h.page)
    .option('--limit <n>', h.limit)
    .action(async (opts: PageOpts, command: Command) => {
      const { ctx, db } = await openStoreContext(command);
      const m = memoryCliMessages(ctx.lang);
      try {
        const page = createMemoryStore({ db }).recent({
          page: parsePositiveInt(opts.page, (v) => m.badNumber('--page', v)),
          pageSize: parsePositiveInt(opts.limit, (v) => m.badNumber('--limit', v)),
        });
        if (opts.json) return printJson(page);
        if (page.total === 0) return void process.stdout.write(`${m.noMemories}\n`);
        printMemories(page.items);
        process.stdout.write(`${m.found(page.total, page.page, page.pages)}\n`);
      } finally {
        db.close();
      }
    });
}
