/** Opens memories.db for one `aibox memory|memo` command. */
import type { Command } from 'commander';
import { AppError } from '../../errors.js';
import { detectLang } from '../../i18n/lang.js';
import { type Database, openDatabase } from '../../store/database.js';
import { type CliContext, type GlobalOptions, resolveCliContext } from '../context.js';
import { memoryCliMessages } from './memory-cli-messages.js';

export async function openStoreContext(command: Command): Promise<{ ctx: CliContext; db: Database }> {
  const ctx = resolveCliContext(command.optsWithGlobals<GlobalOptions>());
  const db = await openDatabase(ctx.paths.database);
  return { ctx, db };
}

/** Language for help texts, before the config is read. */
export function helpMessages() {
  const argv = process.argv;
  const flag = argv.includes('--lang') ? argv[argv.indexOf('--lang') + 1] : undefined;
  return memoryCliMessages(detectLang({ flag }));
}

export function parsePositiveInt(
  value: string | undefined,
  error: (value: string) => string,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < 1) throw new AppError('USAGE', error(value));
  return Number(value);
}

export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}
