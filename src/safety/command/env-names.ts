/**
 * Environment names and what they do to the commands that see them (docs/safety.md "env is part
 * of the command"). Two lists: the names that change which program or code runs (a shell's
 * PATH, the loader's LD_PRELOAD, git's GIT_CONFIG_* and pagers, interpreters' start-up options,
 * programs' config places), judged wherever a line sets them; and the few names known to change
 * nothing but formatting, the only ones the model's `env` may set for a command on the host
 * without a person's yes.
 */

/** Exact names (compared without case: npm reads `npm_config_*`, zsh ties `path` to PATH). */
// biome-ignore format: a table reads better packed
const CHANGERS = new Set([
  'PATH', 'HOME', 'ENV', 'SHELL', 'CDPATH', 'PS4', 'PROMPT_COMMAND', 'GLOBIGNORE', 'EDITOR',
  'VISUAL', 'BROWSER', 'PAGER', 'TERMINFO', 'TERMINFO_DIRS', 'GCONV_PATH', 'GLIBC_TUNABLES', 'LOCPATH',
  'NLSPATH', 'HOSTALIASES', 'TMPDIR', 'CLASSPATH', 'MAKEFLAGS', 'MFLAGS', 'GNUMAKEFLAGS', 'ZDOTDIR',
  'INPUTRC', 'CC', 'CXX', 'CPP', 'LD', 'AR', 'FC', 'GZIP', 'BZIP', 'BZIP2', 'XZ_OPT', 'XZ_DEFAULTS',
  'SHELLOPTS', 'BASHOPTS', 'FPATH', 'MAILPATH',
]);

/** Families by prefix: the loader, git, interpreters and package managers, config places. */
// biome-ignore format: a table reads better packed
const CHANGER_PREFIXES = [
  'LD_', 'DYLD_', 'GIT_', 'PYTHON', 'PERL', 'RUBY', 'NODE_', 'NPM_', 'YARN_', 'PNPM_', 'BUN_', 'DENO_',
  'LUA_', 'BASH_', 'ZSH_', 'XDG_', 'JAVA', '_JAVA', 'JDK_', 'PIP_', 'CARGO_', 'RUSTC', 'RUSTUP_', 'GO', 'PHP',
  'TCL', 'R_', 'DOTNET_', 'CORECLR_', 'COMPLUS_', 'SSH_', 'SUDO_', 'GPG', 'GNUPG', 'CONDA', 'VIRTUAL_ENV',
  'MAN', 'LESS', 'GEM_', 'BUNDLE_', 'RSYNC_', 'CVS_', 'KUBE', 'DOCKER_', 'SYSTEMD_', 'PKG_CONFIG', 'CMAKE_',
  'WGET', 'CURL_', 'TAR_', 'ZSTD_', 'AWS_', 'CLOUDSDK_', 'GCLOUD', 'AZURE_', 'HG', 'SVN_', 'TEX', 'VIM', 'EMACS',
];

/** Families by suffix: search paths, hooks and programs to run, options, config files and dirs. */
// biome-ignore format: a table reads better packed
const CHANGER_SUFFIXES = [
  'PATH', 'PAGER', 'EDITOR', 'ASKPASS', '_COMMAND', '_CMD', '_OPTIONS', '_OPTS', '_OPT', 'FLAGS', '_HOME',
  'CONFIG', '_CONFIG_FILE', '_FILE', '_DIR', '_DIRS', 'RC', '_SHELL', '_PRELOAD', 'LIB', '_LIBS', '_HOOK',
  '_HOOKS', '_EXEC', '_PROGRAM', '_PROG', '_WRAPPER', '_RSH', '_SSH', '_INIT', '_STARTUP', '_PROFILE',
  'PROFILE', '_ENVIRON', '_MODULE', '_MODULES', '_PLUGINS', '_ROOT',
];

/** Whether setting `name` can change which program or code a command runs (or where it reads its config). */
export function changesWhatRuns(name: string): boolean {
  const upper = name.toUpperCase();
  return (
    CHANGERS.has(upper) ||
    CHANGER_PREFIXES.some((p) => upper.startsWith(p)) ||
    CHANGER_SUFFIXES.some((s) => upper.endsWith(s))
  );
}

/** Names that change only how output looks (language, time zone, terminal size, colours). */
// biome-ignore format: a table reads better packed
const HARMLESS = new Set([
  'LANG', 'LANGUAGE', 'TZ', 'TERM', 'COLUMNS', 'LINES', 'NO_COLOR', 'FORCE_COLOR', 'CLICOLOR', 'CLICOLOR_FORCE',
  'COLORTERM', 'DEBIAN_FRONTEND', 'CI',
]);

/** Whether the model may set `name` for a command on the host without a person's yes. */
export function harmlessEnvName(name: string): boolean {
  return (HARMLESS.has(name) || /^LC_[A-Z]+$/.test(name)) && !changesWhatRuns(name);
}
