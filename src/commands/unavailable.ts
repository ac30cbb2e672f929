import { commandMessages } from './command-messages.js';
import type { SlashCommand } from './types.js';

/** A command whose subsystem is not wired in yet: it says so honestly instead of pretending. */
export function unavailableCommand(name: string, help: SlashCommand['help'], usage?: string): SlashCommand {
  return {
    name,
    help,
    usage,
    async run({ lang }) {
      return {
        content: commandMessages(lang).unavailable(`/${name}`),
        data: { ok: false, error: 'unavailable' },
      };
    },
  };
}
