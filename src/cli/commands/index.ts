import type { Command } from 'commander';

type Register = (program: Command) => void;

/**
 * Each CLI command lives in its own file and exports `register(program)`; the program loads only
 * the file of the command it runs (all of them for help, an unknown word or the default `serve`),
 * so a quick command does not pay for the others' imports.
 * Add new commands to this table, keyed by their name (the order is the order in `--help`).
 */
export const COMMANDS: Record<string, () => Promise<Register>> = {
  serve: async () => (await import('./serve.js')).register,
  ask: async () => (await import('./ask.js')).register,
  chat: async () => (await import('./chat.js')).register,
  open: async () => (await import('./open.js')).register,
  skills: async () => (await import('./skills.js')).register,
  memory: async () => (await import('./memory.js')).register,
  memo: async () => (await import('./tasks.js')).register,
  mcp: async () => (await import('./mcp.js')).register,
  usage: async () => (await import('./usage.js')).register,
  doctor: async () => (await import('./doctor.js')).register,
  channels: async () => (await import('./channels.js')).register,
  service: async () => (await import('./service.js')).register,
  config: async () => (await import('./config.js')).register,
  backup: async () => (await import('./backup.js')).register,
  restore: async () => (await import('./restore.js')).register,
};
