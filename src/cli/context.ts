import type { Command } from 'commander';

/** Global options every command accepts (declared on the root program). */
export interface GlobalOptions {
  config?: string;
  lang?: string;
}

/** What an action asks of commander's `Command`: the global options (the quick commands fake it). */
export type GlobalsSource = Pick<Command, 'optsWithGlobals'>;

/** The `--lang` value of a raw argv, for text printed before commander has parsed it (help, errors). */
export function langFlagOf(argv: readonly string[] = process.argv): string | undefined {
  const joined = argv.find((word) => word.startsWith('--lang='));
  if (joined) return joined.slice('--lang='.length);
  const at = argv.indexOf('--lang');
  return at < 0 ? undefined : argv[at + 1];
}

/** Global options that take a value (declared on the root program in run.ts). */
const VALUE_OPTIONS = new Set(['-c', '--config', '--lang']);

/** The first word of a raw argv that is neither an option nor a global option's value: the command. */
export function commandWordOf(argv: readonly string[] = process.argv): string | undefined {
  for (let i = 2; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (VALUE_OPTIONS.has(word)) i++;
    else if (!word.startsWith('-')) return word;
  }
  return undefined;
}
