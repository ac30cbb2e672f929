/**
 * Slash commands (`/new`, `/memories`, …). One file per command in this
 * directory; the server and the terminal client share them. A command never
 * reaches the model: an unknown one is answered as unknown.
 */
import type { AppServices } from '../app/services.js';
import type { Lang } from '../i18n/lang.js';
import type { Session } from '../session/types.js';

export interface SlashCommandContext {
  services: AppServices;
  /** The session of the client that sent the command. */
  session: Session;
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
}

export interface SlashCommand {
  /** Without the slash, e.g. `memories`. */
  name: string;
  aliases?: string[];
  /** One line for `/help`, per language. */
  help: { zh: string; en: string };
  /** Usage hint such as `/search Q`. */
  usage?: string;
  run(ctx: SlashCommandContext): Promise<SlashCommandResult>;
}
