/**
 * The test run's environment does not depend on the developer's shell: the settings Aibox reads
 * from the environment (AIBOX_HOME, AIBOX_LANG, AIBOX_LLM_*, channel credentials, provider keys)
 * are removed before the workers start, so a shell with a real home, another language or real
 * keys neither changes a result nor reaches a real service. Tests set what they need themselves.
 */

/** Test-run switches, not settings of the program: kept. */
const TEST_SWITCHES = new Set([
  'AIBOX_TEST_SKIP_BUILD',
  'AIBOX_TEST_CPU_LOG',
  'AIBOX_CHROMIUM',
  'AIBOX_SCREENSHOTS_DIR',
]);

/** Whether `name` is a setting of the program (or a provider key) that the shell must not pass on. */
export function isShellSetting(name: string): boolean {
  if (TEST_SWITCHES.has(name)) return false;
  return name.startsWith('AIBOX_') || name === 'AI_LANGUAGE' || name.endsWith('_API_KEY');
}

/** Removes the shell's settings from `env` (the run's process.env); the names removed. */
export function neutralizeEnv(env: NodeJS.ProcessEnv): string[] {
  const removed = Object.keys(env).filter(isShellSetting);
  for (const name of removed) delete env[name];
  return removed;
}
