/** Console verbosity, kept apart from the logger so the CLI can parse flags without loading the logger. */
export type ConsoleLevel = 'error' | 'warn' | 'info' | 'debug' | 'silent';

/** `--debug N` as in the original: 0 errors, 1 warnings, 2 info, 3 debug. */
export function consoleLevelFromDebug(n: number): ConsoleLevel {
  return (['error', 'warn', 'info', 'debug'] as const)[Math.max(0, Math.min(3, Math.trunc(n)))] ?? 'warn';
}
