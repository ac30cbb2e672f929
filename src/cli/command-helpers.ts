/** Small pieces every CLI action shares: output, argument parsing, opening the database. */
import { dirname } from 'node:path';
import { type CliContext, resolveCliContext } from '../config/context.js';
import { AppError } from '../errors.js';
import type { Database } from '../store/database.js';
import type { GlobalOptions, GlobalsSource } from './context.js';

/**
 * The directory the user typed the command in, for relative paths they give. `npm run aibox -- …`
 * runs in the package root and keeps the user's directory in INIT_CWD; only then is it used.
 */
export function userCwd(env: NodeJS.ProcessEnv = process.env): string {
  const cwd = process.cwd();
  const packageJson = env.npm_package_json;
  return env.INIT_CWD && packageJson && dirname(packageJson) === cwd ? env.INIT_CWD : cwd;
}

/** Pretty-printed JSON on stdout (the `--json` output of every command). */
export function printJson(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** One line of human-readable output on stdout. */
export function printLine(text: string): void {
  process.stdout.write(`${text}\n`);
}

/** `undefined` stays `undefined`; anything but a whole number ≥ `min` is a `bad_argument` error with `error(value)`. */
export function parseWholeNumber(
  value: string | undefined,
  error: (value: string) => string,
  min = 0,
): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new AppError('bad_argument', error(value));
  return Number(value);
}

/** `undefined` stays `undefined`; anything but a whole number ≥ 1 is a `bad_argument` error with `error(value)`. */
export function parsePositiveInt(
  value: string | undefined,
  error: (value: string) => string,
): number | undefined {
  return parseWholeNumber(value, error, 1);
}

/** The context of a command, from the global `--config` and `--lang` options. */
export function commandContext(command: GlobalsSource): Promise<CliContext> {
  return resolveCliContext(command.optsWithGlobals<GlobalOptions>());
}

/** Opens the data dir's memories.db for `ctx` (migrated, as the box opens it); the caller closes it. */
export async function openCliDatabase(ctx: CliContext): Promise<Database> {
  const [{ openBoxDatabase }, { selfCommand }] = await Promise.all([
    import('../app/open-box-database.js'),
    import('./self-command.js'),
  ]);
  return openBoxDatabase({
    paths: ctx.paths,
    configPath: ctx.loaded.path,
    config: ctx.loaded.config,
    lang: ctx.lang,
    command: selfCommand(),
    onNotice: (text) => process.stderr.write(`${text}\n`),
  });
}

/** Resolves the CLI context, opens memories.db, runs `action` and always closes the database. */
export async function withDatabase<T>(
  command: GlobalsSource,
  action: (ctx: CliContext, db: Database) => T | Promise<T>,
): Promise<T> {
  const ctx = await commandContext(command);
  const db = await openCliDatabase(ctx);
  try {
    return await action(ctx, db);
  } finally {
    db.close();
  }
}
