/**
 * The `aibox` program (commander): every command but a bare `--version` and the plain quick commands
 * (quick-commands.ts), which main.ts answers alone.
 */
import { Command, CommanderError } from 'commander';
import { detectLang } from '../i18n/lang.js';
import { VERSION } from '../version.js';
import { commanderError, commanderHelpText, unknownCommandError } from './commander-text.js';
import { COMMANDS } from './commands/index.js';
import { commandWordOf, langFlagOf } from './context.js';
import { cliMessages } from './messages.js';
import { reportCliError } from './report-error.js';

/** The program with the commands `argv` may run: its own command's file only, when it names one. */
export async function buildProgram(argv: readonly string[]): Promise<Command> {
  // The help's language: --lang, else the environment's (each command's texts are chosen the same way).
  const lang = detectLang({ flag: langFlagOf(argv) });
  const t = cliMessages(lang);
  const program = new Command('aibox')
    .description(t.programDescription)
    .version(VERSION, '-V, --version', t.versionOption)
    .helpOption('-h, --help', t.helpOption)
    .helpCommand('help [command]', t.helpCommand)
    // Commander's own words, in the help's language (inherited by every subcommand).
    .configureHelp({ styleTitle: (title) => t.helpTitle(title), ...commanderHelpText(lang) })
    .configureOutput({ outputError: (text, write) => write(commanderError(text, lang)) })
    .option('-c, --config <path>', t.configOption)
    .option('--lang <lang>', t.langOption)
    .showHelpAfterError()
    .exitOverride();
  const word = commandWordOf(argv);
  const load = word !== undefined && Object.hasOwn(COMMANDS, word) ? COMMANDS[word] : undefined;
  for (const loadRegister of load ? [load] : Object.values(COMMANDS)) (await loadRegister())(program);
  return program;
}

export async function main(argv: string[]): Promise<void> {
  try {
    const program = await buildProgram(argv);
    // A word that names no command, where a default command would take it as an argument.
    const unknown = unknownCommandError(program, argv, detectLang({ flag: langFlagOf(argv) }));
    if (unknown) {
      process.stderr.write(unknown);
      process.exitCode = 1;
      return;
    }
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 1;
      return;
    }
    reportCliError(error, argv);
  }
}
