/**
 * Commands answered without commander: `aibox skills search …` and `aibox memory search …` in their
 * plain form. Loading commander (and the `node:child_process` it requires) and building the program
 * is a fifth of such a command's start-up (docs/benchmarks.md, "Start-up"), so main.ts runs the
 * command's action directly when the argv is one this strict reader fully understands. Anything
 * else (help, an unknown or repeated option, `--opt=value`, `--`, a missing keyword, global options
 * after the command) is left to commander, so help and errors stay commander's, word for word.
 *
 * Their options are declared once (quick-options.ts), for this reader and the commander registration.
 * Each command is loaded from its own bundle entry (quick-entries/, scripts/build.mjs).
 */
import type { GlobalOptions } from './context.js';
import type { QuickEntry } from './quick-entries/quick-entry.js';
import {
  MEMORY_SEARCH_OPTIONS,
  type QuickOption,
  type QuickOptionValues,
  SKILLS_SEARCH_OPTIONS,
} from './quick-options.js';

interface QuickCommand {
  /** The two command words: `['skills', 'search']`. */
  path: readonly [string, string];
  options: readonly QuickOption[];
  /** A literal `import('./quick-entries/NAME.js')`: the build turns it into the entry's own bundle. */
  load(): Promise<QuickEntry>;
}

const QUICK_COMMANDS: readonly QuickCommand[] = [
  {
    path: ['skills', 'search'],
    options: SKILLS_SEARCH_OPTIONS,
    load: () => import('./quick-entries/skills-search.js'),
  },
  {
    path: ['memory', 'search'],
    options: MEMORY_SEARCH_OPTIONS,
    load: () => import('./quick-entries/memory-search.js'),
  },
];

/** Global options (declared on the root program in run.ts) read before the command words. */
const GLOBAL_OPTIONS: Record<string, keyof GlobalOptions> = {
  '-c': 'config',
  '--config': 'config',
  '--lang': 'lang',
};

/** A fully understood quick command line: the command, its words, its options and the globals. */
export interface QuickInvocation {
  command: QuickCommand;
  words: string[];
  opts: QuickOptionValues;
  globals: GlobalOptions;
}

const isOptionLike = (arg: string) => arg.startsWith('-');

/**
 * The quick command `argv` (`process.argv`: node, script, args…) runs, or undefined when commander
 * must read it. Accepted: global options (`-c X`, `--config X`, `--lang X`, each at most once), the
 * two command words, then words and the command's own options in any order, each option at most
 * once, a value option followed by its value (which must not start with `-`), at least one word.
 */
export function matchQuickCommand(argv: readonly string[]): QuickInvocation | undefined {
  const args = argv.slice(2);
  const globals: GlobalOptions = {};
  let i = 0;
  for (; i < args.length && isOptionLike(args[i] as string); i += 2) {
    const key = GLOBAL_OPTIONS[args[i] as string];
    const given = args[i + 1];
    if (!key || key in globals || given === undefined || isOptionLike(given)) return undefined;
    globals[key] = given;
  }
  const command = QUICK_COMMANDS.find((c) => c.path[0] === args[i] && c.path[1] === args[i + 1]);
  if (!command) return undefined;
  const words: string[] = [];
  const opts: QuickOptionValues = {};
  for (i += 2; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (!isOptionLike(arg)) {
      words.push(arg);
      continue;
    }
    const option = command.options.find((o) => `--${o.name}` === arg);
    if (!option || option.name in opts) return undefined;
    if (!option.takesValue) {
      opts[option.name] = true;
      continue;
    }
    const given = args[i + 1];
    if (given === undefined || isOptionLike(given)) return undefined;
    opts[option.name] = given;
    i += 1;
  }
  return words.length > 0 ? { command, words, opts, globals } : undefined;
}

/** Runs a matched quick command; errors are reported as the commander path reports them. */
export async function runQuickCommand(quick: QuickInvocation, argv: readonly string[]): Promise<void> {
  let entry: QuickEntry | undefined;
  try {
    entry = await quick.command.load();
    const globals = quick.globals;
    await entry.action(quick.words, quick.opts, { optsWithGlobals: <T>() => globals as T });
  } catch (error) {
    if (entry) await entry.reportError(error, argv);
    else (await import('./report-error.js')).reportCliError(error, argv);
  }
}
