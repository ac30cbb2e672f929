import type { Command } from 'commander';

/**
 * Each CLI command lives in its own file and exports `register(program)`.
 * Add new commands to this list.
 */
export const COMMANDS: ((program: Command) => void)[] = [];
