/**
 * Well-known prompt file names (the original Aibox's names, so an existing
 * `prompts/` directory is used as is and never gets duplicates).
 */
export const IDENTITY_FILE = '00_IDENTITY.md';
export const SOUL_FILE = '99_SOUL.md';
export const STATUS_FILE = '100_STATUS.md';

/** Written in the prompts directory once the defaults have been offered (dotfiles are never loaded). */
export const DEFAULTS_MARKER = '.aibox-defaults-written';

/** The default prompt files, name → content. */
export type PromptDefaults = Readonly<Record<string, string>>;
