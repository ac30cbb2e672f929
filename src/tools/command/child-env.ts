/**
 * The environment of commands the model runs: the server's, minus secrets, the skills dir appended
 * to PATH. Last, not first: a skill named like a system command (`python3`) must never stand in
 * for it in other commands and skills; skills are found by name only where no command has it.
 */
import { delimiter, sep } from 'node:path';
import { envWithoutSecrets } from '../../util/secret-env.js';

/**
 * `npm start` and `npm test` put the box's own `node_modules/.bin` dirs first on PATH: they hold the
 * box's tools, not the user's, and sit in whatever folder the checkout is in (a temp dir, where every
 * name found after them would count as the model's to write).
 */
function withoutNpmBins(entries: string[], env: NodeJS.ProcessEnv): string[] {
  if (!env.npm_lifecycle_event) return entries;
  const bin = `${sep}node_modules${sep}.bin`;
  return entries.filter((entry) => !entry.endsWith(bin));
}

export function buildChildEnv(options: {
  base: NodeJS.ProcessEnv;
  /** Named secrets (the LLM key variable …); names that look like secrets are dropped too. */
  secretNames: readonly string[];
  /** Set by the model for this command; applied after the secrets were removed. */
  extra?: Record<string, string>;
  skillsDir: string;
}): NodeJS.ProcessEnv {
  const env = envWithoutSecrets(options.base, options.secretNames);
  env.PATH = withoutNpmBins((env.PATH ?? '').split(delimiter), env).join(delimiter);
  Object.assign(env, options.extra);
  const path = (env.PATH ?? '').split(delimiter).filter((entry) => entry && entry !== options.skillsDir);
  env.PATH = [...path, options.skillsDir].join(delimiter);
  return env;
}
