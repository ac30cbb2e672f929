/**
 * Looks up slash commands by name or alias and runs them. An unknown `/x` is
 * answered as unknown, never sent to the model.
 */
import { wireCodeOf } from '../error-codes.js';
import { describeError } from '../errors.js';
import { commandMessages } from './messages.js';
import type { CommandServices } from './services.js';
import type { SlashCommand, SlashCommandContext, SlashCommandResult } from './types.js';

export interface CommandRegistry {
  /** Every command once, in registration order. */
  list(): SlashCommand[];
  get(nameOrAlias: string): SlashCommand | undefined;
  /** Runs a whole input line such as `/search 项目`. Never throws. */
  run(
    line: string,
    ctx: Omit<SlashCommandContext, 'args' | 'services'>,
  ): Promise<SlashCommandResult & { command?: string }>;
}

/** `/search  a b ` → { name: 'search', args: 'a b' }. */
function splitCommandLine(line: string): { name: string; args: string } {
  const trimmed = line.trim().replace(/^\//, '');
  const space = trimmed.search(/\s/);
  if (space === -1) return { name: trimmed, args: '' };
  return { name: trimmed.slice(0, space), args: trimmed.slice(space + 1).trim() };
}

/** `services`: built once (`commandServicesOf`); each command is handed the part it declared. */
export function createCommandRegistry(commands: SlashCommand[], services: CommandServices): CommandRegistry {
  const byName = new Map<string, SlashCommand>();
  for (const command of commands) {
    for (const key of [command.name, ...(command.aliases ?? [])]) {
      const lower = key.toLowerCase();
      if (byName.has(lower)) throw new Error(`slash command /${key} is registered twice`);
      byName.set(lower, command);
    }
  }
  return {
    list: () => [...commands],
    get: (name) => byName.get(name.replace(/^\//, '').toLowerCase()),
    async run(line, ctx) {
      const t = commandMessages(ctx.lang);
      const { name, args } = splitCommandLine(line);
      const command = byName.get(name.toLowerCase());
      if (!command)
        return { content: t.unknown(`/${name}`), data: { ok: false, error: wireCodeOf('unknown_command') } };
      try {
        return { ...(await command.run({ ...ctx, services, args })), command: command.name };
      } catch (error) {
        services.logger.error({ err: error, command: command.name }, 'slash command failed');
        return {
          content: t.failed(`/${command.name}`, describeError(error)),
          data: { ok: false },
          command: command.name,
        };
      }
    },
  };
}
