/**
 * How a person runs aibox from its checkout without `npm link` (the way `npm start` runs it): for
 * the commands a message suggests when the reader's way is unknown (a chat stranger's reply, a
 * skill diagnostic, the `/mcp` line), named both ways; a CLI command that knows its own spelling
 * uses src/cli/self-command.ts instead.
 */
export const CHECKOUT_COMMAND = 'npm run aibox --';

/** `args` as run from the checkout: `npm run aibox -- skills install x.py`. */
export const inCheckout = (args: string): string => `${CHECKOUT_COMMAND} ${args}`;
