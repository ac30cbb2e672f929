/**
 * The environment bubblewrap starts with: a short allow-list of the server's variables (after
 * secrets were removed), nothing else. The model's `env` is never bubblewrap's own (a
 * `LD_PRELOAD` there would load into bwrap on the host): it is handed to the command inside the
 * sandbox with `--setenv` (docs/safety.md "The sandbox").
 */

/** Variables a command in the sandbox keeps from the server's environment. */
// biome-ignore format: a table reads better packed
export const SANDBOX_ENV_NAMES = [
  'PATH', 'HOME', 'USER', 'LOGNAME', 'SHELL', 'LANG', 'LANGUAGE', 'TZ', 'TERM', 'COLORTERM', 'NO_COLOR',
  'FORCE_COLOR', 'http_proxy', 'https_proxy', 'no_proxy', 'all_proxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY',
  'ALL_PROXY', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'REQUESTS_CA_BUNDLE', 'NODE_EXTRA_CA_CERTS', 'JAVA_HOME',
  'GOPATH', 'GOROOT', 'CARGO_HOME', 'RUSTUP_HOME', 'PYENV_ROOT', 'NVM_DIR', 'VIRTUAL_ENV', 'CONDA_PREFIX',
  'PNPM_HOME', 'DENO_DIR', 'BUN_INSTALL',
] as const;

const ALLOWED = new Set<string>(SANDBOX_ENV_NAMES);

/** The allow-listed part of `env` (and `LC_*`). */
export function sandboxEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && (ALLOWED.has(name) || /^LC_[A-Z]+$/.test(name))) kept[name] = value;
  return kept;
}

/** `--setenv NAME VALUE` for each of the model's variables. */
export function setenvArgs(env: Readonly<Record<string, string>>): string[] {
  return Object.entries(env).flatMap(([name, value]) => ['--setenv', name, value]);
}
