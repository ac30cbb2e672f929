/**
 * The environment of commands the model runs: the server's, minus secrets, the skills dir appended
 * to PATH. Last, not first: a skill named like a system command (`python3`) must never stand in
 * for it in other commands and skills; skills are found by name only where no command has it.
 */
import { delimiter } from 'node:path';
import { envWithoutSecrets } from '../../util/secret-env.js';

export function buildChildEnv(options: {
  base: NodeJS.ProcessEnv;
  /** Named secrets (the LLM key variable …); names that look like secrets are dropped too. */
  secretNames: readonly string[];
  /** Set by the model for this command; applied after the secrets were removed. */
  extra?: Record<string, string>;
  skillsDir: string;
}): NodeJS.ProcessEnv {
  const env = envWithoutSecrets(options.base, options.secretNames);
  Object.assign(env, options.extra);
  const path = (env.PATH ?? '').split(delimiter).filter((entry) => entry && entry !== options.skillsDir);
  env.PATH = [...path, options.skillsDir].join(delimiter);
  return env;
}
