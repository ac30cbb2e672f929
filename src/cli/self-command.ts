/**
 * The command that runs this aibox again the way it was started, for the commands Aibox suggests
 * (`${selfCommand()} chat ws://…`): `aibox` is on PATH only after `npm link` or an install.
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { delimiter, dirname, join, resolve } from 'node:path';
import { CHECKOUT_COMMAND } from '../util/checkout-command.js';

export interface SelfCommandSource {
  env?: NodeJS.ProcessEnv;
  /** The script Node runs (`process.argv[1]`). */
  script?: string;
  /** The root of this package (where its package.json is). */
  packageRoot?: string;
}

// Every built file sits one directory below dist/ (and every source file one below src/).
const PACKAGE_ROOT = resolve(import.meta.dirname, '..', '..');

const realpath = (path: string): string | undefined => {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
};

/** Whether the shell would run `path`: an executable file (a directory or a plain file is passed over). */
const isRunnable = (path: string): boolean => {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

const shellQuoted = (text: string) =>
  /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;

/**
 * `npm run aibox --` when started by an npm script of this package (`npm start`, `npm run aibox`),
 * `aibox` when the first `aibox` on PATH is this very program, else `node /path/to/main.js`.
 */
export function selfCommand(source: SelfCommandSource = {}): string {
  const env = source.env ?? process.env;
  const script = source.script ?? process.argv[1] ?? '';
  const root = source.packageRoot ?? PACKAGE_ROOT;
  if (env.npm_lifecycle_event && env.npm_package_json && dirname(env.npm_package_json) === root)
    return CHECKOUT_COMMAND;
  // The shell runs the first `aibox` on PATH: suggest it only when that one is this program.
  const first = (env.PATH ?? '')
    .split(delimiter)
    .map((dir) => (dir ? join(dir, 'aibox') : ''))
    .find((candidate) => candidate && isRunnable(candidate));
  const self = realpath(script);
  if (first && self !== undefined && realpath(first) === self) return 'aibox';
  return `node ${shellQuoted(script)}`;
}
