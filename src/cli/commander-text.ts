/**
 * Commander's own words in the help's language: the extras after an option or argument (its
 * default, choices, environment variable), its error messages, and an unknown command word where a
 * default command would otherwise take it as "too many arguments" (`aibox frobnicate`,
 * `aibox config list`).
 */
import type { Argument, Command, Help, Option } from 'commander';
import type { Lang } from '../i18n/lang.js';
import { nearestWord } from '../util/edit-distance.js';
import { commanderMessages } from './messages.js';

type Described = Pick<Option, 'defaultValue' | 'defaultValueDescription' | 'argChoices' | 'description'>;

/** What the help says after a description: a default not already said in it, choices, an env var. */
function describe(item: Described, lang: Lang, showDefault: boolean, envVar?: string): string {
  const t = commanderMessages(lang);
  const extras: string[] = [];
  if (item.argChoices) extras.push(t.choices(item.argChoices));
  const value = item.defaultValue as unknown;
  const shown = item.defaultValueDescription ?? JSON.stringify(value);
  // An empty list (a repeatable option) is no default worth saying; one the description names is said.
  const empty = Array.isArray(value) && value.length === 0;
  const said = typeof value === 'string' && item.description.includes(value);
  if (showDefault && value !== undefined && !empty && !said) extras.push(t.defaultIs(shown));
  if (envVar !== undefined) extras.push(t.envIs(envVar));
  if (extras.length === 0) return item.description;
  return `${item.description}${t.extras(extras)}`.trim();
}

/** `configureHelp` members that write the extras in `lang`. */
export function commanderHelpText(lang: Lang): Partial<Help> {
  return {
    optionDescription: (option: Option) =>
      describe(
        option,
        lang,
        option.required ||
          option.optional ||
          (option.isBoolean() && typeof option.defaultValue === 'boolean'),
        option.envVar,
      ),
    argumentDescription: (argument: Argument) => describe(argument, lang, true),
  };
}

/** Commander's error lines (`error: …`, with its "Did you mean" line) in `lang`; unknown ones as they are. */
export function commanderError(text: string, lang: Lang): string {
  if (lang === 'en') return text;
  const t = commanderMessages(lang);
  const [first = '', ...rest] = text.replace(/\n$/, '').split('\n');
  const mean = /^\(Did you mean (?:one of )?(.+)\?\)$/.exec(rest.join(' '));
  const hint = mean?.[1] ? t.didYouMean(mean[1]) : '';
  const rules: [RegExp, (m: RegExpExecArray) => string][] = [
    [/^error: unknown option '(.+)'$/, (m) => t.unknownOption(m[1] ?? '')],
    [/^error: unknown command '(.+)'$/, (m) => t.unknownCommand(m[1] ?? '')],
    [
      /^error: too many arguments(?: for '(.+)')?\. Expected (\d+) arguments? but got (\d+)\.$/,
      (m) => t.tooMany(m[1], Number(m[2]), Number(m[3])),
    ],
    [/^error: missing required argument '(.+)'$/, (m) => t.missingArgument(m[1] ?? '')],
    [/^error: option '(.+)' argument missing$/, (m) => t.optionValueMissing(m[1] ?? '')],
    [/^error: required option '(.+)' not specified$/, (m) => t.requiredOption(m[1] ?? '')],
    [
      /^error: option '(.+)' argument '(.*)' is invalid\.\s*(.*)$/,
      (m) => t.badOptionValue(m[1] ?? '', m[2] ?? '', m[3] ?? ''),
    ],
    [
      /^error: command-argument value '(.*)' is invalid for argument '(.+)'\.\s*(.*)$/,
      (m) => t.badArgument(m[2] ?? '', m[1] ?? '', m[3] ?? ''),
    ],
  ];
  for (const [pattern, say] of rules) {
    const m = pattern.exec(first);
    if (m) return `${t.errorPrefix}${say(m)}${hint}\n`;
  }
  return text;
}

const OPTIONS_WITH_VALUES = new Set(['-c', '--config', '--lang']);

/**
 * The first command word of `argv` that names no subcommand where the command it follows has
 * subcommands and takes no arguments of its own (so a default subcommand would be handed it as an
 * extra argument): the error to say instead, with the nearest command or the list of them.
 */
export function unknownCommandError(
  program: Command,
  argv: readonly string[],
  lang: Lang,
): string | undefined {
  const t = commanderMessages(lang);
  let command = program;
  for (let i = 2; i < argv.length; i++) {
    const word = argv[i] ?? '';
    if (word === '--') return undefined;
    if (OPTIONS_WITH_VALUES.has(word)) {
      i++;
      continue;
    }
    if (word.startsWith('-')) continue;
    if (command.commands.length === 0 || command.registeredArguments.length > 0) return undefined;
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub) {
      command = sub;
      continue;
    }
    if (word === 'help') return undefined;
    // A default subcommand that takes arguments would take this word: not ours to judge.
    if (command.commands.some((c) => c.registeredArguments.length > 0 && isDefault(command, c)))
      return undefined;
    const names = command.commands.map((c) => c.name()).filter((name) => name !== 'help');
    const near = nearestWord(word, names);
    const where = command === program ? undefined : command.name();
    return `${t.errorPrefix}${t.unknownCommandIn(word, where)}${near ? t.didYouMean(near) : t.commandsAre(names)}\n`;
  }
  return undefined;
}

/** Whether `sub` is the subcommand `command` runs when no other is named (commander keeps it private). */
function isDefault(command: Command, sub: Command): boolean {
  return (command as unknown as { _defaultCommandName?: string | null })._defaultCommandName === sub.name();
}
