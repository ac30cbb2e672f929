/**
 * The options of the quick commands (quick-commands.ts), declared once: the strict argv reader and
 * the commander registration both read these tables, so the two paths cannot drift apart.
 */
import type { Command } from 'commander';
import type { GlobalsSource } from './context.js';

/** One option of a quick command: `--json` (a flag) or `--limit <n>` (a value). */
export interface QuickOption<Name extends string = string> {
  name: Name;
  takesValue: boolean;
}

/** What commander hands an action: `{ json: true, limit: '5' }`, absent options left out. */
export type QuickOptionValues = Record<string, string | true>;

/** An action as registered with commander: variadic words, options, the command. */
export type QuickAction = (words: string[], opts: QuickOptionValues, command: GlobalsSource) => Promise<void>;

const flag = <Name extends string>(name: Name): QuickOption<Name> => ({ name, takesValue: false });
const value = <Name extends string>(name: Name): QuickOption<Name> => ({ name, takesValue: true });

/** `aibox skills search <keyword...>` options, in `--help` order. */
export const SKILLS_SEARCH_OPTIONS = [value('limit'), flag('json')] as const;
/** `aibox memory search <query...>` options, in `--help` order. */
export const MEMORY_SEARCH_OPTIONS = [
  flag('json'),
  value('page'),
  value('limit'),
  flag('all'),
  value('mode'),
  value('kind'),
] as const;

/** Declares `options` on a commander command (the slow path), each with its help text. */
export function declareOptions<Name extends string>(
  command: Command,
  options: readonly QuickOption<Name>[],
  help: Readonly<Record<Name, string>>,
): Command {
  for (const o of options) command.option(o.takesValue ? `--${o.name} <n>` : `--${o.name}`, help[o.name]);
  return command;
}
