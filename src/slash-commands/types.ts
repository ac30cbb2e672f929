/**
 * Slash commands (`/new`, `/memories`, …). One file per command in this
 * directory; the server and the terminal client share them. A command never
 * reaches the model: an unknown one is answered as unknown.
 */
import type { Lang } from '../i18n/lang.js';
import type { Session } from '../session/types.js';
import type { CommandServices } from './services.js';

/** What a command may do to the session of the client that sent it. */
type CommandSession = Pick<Session, 'id' | 'reset' | 'abort'>;

/** `Needs`: the parts of `CommandServices` the command uses; it is given those and nothing else. */
export interface SlashCommandContext<Needs extends keyof CommandServices = keyof CommandServices> {
  services: Pick<CommandServices, Needs>;
  /** The session of the client that sent the command. */
  session: CommandSession;
  lang: Lang;
  /** Everything after the command name, trimmed. */
  args: string;
}

export interface SlashCommandResult {
  /** Human-readable output, in `lang`. */
  content: string;
  /** Structured output for new clients (`command_result.data`). */
  data?: unknown;
  /** `/exit`: the server closes this client's connection after replying. */
  close?: boolean;
  /**
   * `/file`: a file for the chat to send (`path` absolute, checked; `name` to show it under;
   * `shown`, its path in the workspace). Clients that cannot send files show `content`.
   */
  file?: { path: string; name: string; shown: string };
}

export interface SlashCommand<Needs extends keyof CommandServices = keyof CommandServices> {
  /** Without the slash, e.g. `memories`. */
  name: string;
  aliases?: string[];
  /** One line for `/help`, per language. */
  help: { zh: string; en: string };
  /** Usage hint such as `/search Q`. */
  usage?: string;
  /** A property, not a method: a command needing more than a caller has is a type error. */
  run: (ctx: SlashCommandContext<Needs>) => Promise<SlashCommandResult>;
}
