/** How a failed command is reported on stderr, by the commander program and by the quick commands alike. */
import { ConfigError } from '../config/config-error.js';
import { describeError, isAppError } from '../errors.js';
import { detectLang } from '../i18n/lang.js';
import { commandWordOf, langFlagOf } from './context.js';
import { cliMessages } from './messages.js';

/** Prints `error` in the language of `argv`'s `--lang` (or the environment) and sets exit code 1. */
export function reportCliError(error: unknown, argv: readonly string[]): void {
  const lang = detectLang({ flag: langFlagOf(argv) });
  const t = cliMessages(lang);
  if (error instanceof ConfigError) {
    const word = commandWordOf(argv);
    process.stderr.write(`${t.configInvalid(error.path, word === undefined || word === 'serve')}\n`);
    for (const p of error.problems)
      process.stderr.write(`  ${t.configProblem(p.key, p.expected[lang], p.found)}\n`);
  } else if (isAppError(error)) {
    process.stderr.write(`${t.errorPrefix}${error.message}\n`);
  } else {
    process.stderr.write(`${t.errorPrefix}${describeError(error)}\n`);
    if (process.env.AIBOX_DEBUG) console.error(error);
  }
  process.exitCode = 1;
}
