/**
 * The `aibox` program (commander): every command but a bare `--version` and the plain quick commands
 * (quick-commands.ts), which main.ts answers alone.
 */
import { Command, CommanderError } from 'commander';
import { detectLang } from '../i18n/lang.js';
import { VERSION } from '../version.js';
import { COMMANDS } from './commands/index.js';
import { commandWordOf } from './context.js';
import { cliMessages } from './messages.js';
import { reportCliError } from './report-error.js';

/** The program with the commands `argv` may run: its own command's file only, when it names one. */
async function buildProgram(argv: readonly string[]): Promise<Command> {
  // The language of the environment, as every command's help (--lang is read after the help is built).
  const t = cliMessages(detectLang());
  const program = new Command('aibox')
    .description(t.programDescription)
    .version(VERSION, '-V, --version', t.versionOption)
    .helpOption('-h, --help', t.helpOption)
    .helpCommand('help [command]', t.helpCommand)
    // Commander's own headings, in the help's language (inherited by every subcommand).
    .configureHelp({ styleTitle: (title) => t.helpTitle(title) })
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
    await program.parseAsync(argv);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : 1;
      return;
    }
    reportCliError(error, argv);
  }
}
