/** Variable names that look like credentials are never passed to child processes. */
const SECRET_NAME_PATTERN = /KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL/i;

/**
 * A copy of `env` without the named variables (e.g. the configured LLM key variable) and without
 * anything whose name looks like a secret.
 */
export function envWithoutSecrets(
  env: NodeJS.ProcessEnv,
  secretNames: readonly string[] = [],
): NodeJS.ProcessEnv {
  const drop = new Set(secretNames);
  const result: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined || drop.has(name) || SECRET_NAME_PATTERN.test(name)) continue;
    result[name] = value;
  }
  return result;
}
