/**
 * What a command's program name runs, found the way the shell will find it: a shell built-in, a
 * file found on the command's PATH (its absolute path), a skill, or a file in a place the model
 * can write (the workspace, `safety.file_roots`, the data dir, temp dirs). Rules and the tables
 * judge a program by this identity, never by the base name alone (docs/safety.md "Rules").
 */
import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { basename, delimiter, isAbsolute, join, normalize, resolve } from 'node:path';
import { isWithin } from '../protected-paths.js';

export type ProgramIdentity =
  /** Run by the shell itself whatever PATH says. */
  | { kind: 'builtin'; name: string }
  /** A file outside every place the model can write. */
  | { kind: 'file'; name: string; path: string }
  /** Found in the skills dir (the registry says whose skill it is). */
  | { kind: 'skill'; name: string; path: string }
  /**
   * In a place the model can write, named relative to a directory the line may change, or found
   * after a PATH entry that is relative or the model's: code the model may have written.
   */
  | { kind: 'untrusted'; name: string; path?: string }
  /** A bare name found nowhere on PATH. */
  | { kind: 'missing'; name: string };

export interface IdentityContext {
  cwd: string;
  /** The PATH the command runs with (the model's `env.PATH` when it set one). */
  path: string;
  skillsDir: string;
  /** Places the model can write without a person's yes (absolute, real paths). */
  modelWritable: readonly string[];
}

/** Built-ins of dash and bash: a file of that name on PATH never runs for them. */
// biome-ignore format: a table reads better packed
const BUILTINS = new Set([
  'alias', 'bg', 'break', 'cd', 'chdir', 'command', 'continue', 'echo', 'eval', 'exec', 'exit', 'export',
  'false', 'fc', 'fg', 'getopts', 'hash', 'jobs', 'kill', 'local', 'printf', 'pwd', 'read', 'readonly',
  'return', 'set', 'shift', 'test', '[', 'times', 'trap', 'true', 'type', 'ulimit', 'umask', 'unalias',
  'unset', 'wait', ':', '.', 'source', 'declare', 'typeset', 'let', 'shopt', 'builtin', 'enable', 'help',
  'pushd', 'popd', 'dirs', 'disown', 'mapfile', 'readarray', 'caller', 'compgen', 'complete', 'history',
  'logout', 'suspend', 'bind',
]);

function real(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function executable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Real paths of PATH entries, looked up again after a second (every command walks PATH). */
const realCache = new Map<string, { at: number; real: string | undefined }>();
const REAL_CACHE_MS = 1000;

function cachedReal(path: string): string | undefined {
  const now = Date.now();
  const hit = realCache.get(path);
  if (hit && now - hit.at < REAL_CACHE_MS) return hit.real;
  const found = real(path);
  if (realCache.size > 256) realCache.clear();
  realCache.set(path, { at: now, real: found });
  return found;
}

/** Whether `path` (or what it resolves to) lies in a place the model can write. */
export function modelCanWrite(path: string, places: readonly string[], resolved = real(path)): boolean {
  return places.some(
    (place) => isWithin(path, place) || (resolved !== undefined && isWithin(resolved, place)),
  );
}

function ofFile(name: string, path: string, ctx: IdentityContext): ProgramIdentity {
  if (isWithin(path, ctx.skillsDir)) return { kind: 'skill', name, path };
  return modelCanWrite(path, ctx.modelWritable)
    ? { kind: 'untrusted', name, path }
    : { kind: 'file', name, path };
}

/** The identity of the program named `written` (a command's first word, quotes removed). */
export function resolveProgram(written: string, ctx: IdentityContext): ProgramIdentity {
  const name = basename(written);
  if (isAbsolute(written)) return ofFile(name, normalize(written), ctx);
  // `./x`, `bin/x`: relative to a directory a `cd` earlier in the line may have changed.
  if (written.includes('/')) return { kind: 'untrusted', name, path: resolve(ctx.cwd, written) };
  if (BUILTINS.has(written)) return { kind: 'builtin', name };
  for (const entry of ctx.path.split(delimiter)) {
    if (!isAbsolute(entry)) return { kind: 'untrusted', name };
    const candidate = join(entry, written);
    if (isWithin(entry, ctx.skillsDir)) {
      if (executable(candidate)) return { kind: 'skill', name, path: candidate };
      continue;
    }
    // A file may appear there between this look and the run: whatever comes later is not certain.
    if (modelCanWrite(entry, ctx.modelWritable, cachedReal(entry)))
      return { kind: 'untrusted', name, path: candidate };
    if (executable(candidate)) return ofFile(name, candidate, ctx);
  }
  return { kind: 'missing', name };
}

/** The places the model can write, as real absolute paths. */
export function modelWritablePlaces(places: readonly string[]): string[] {
  const found = new Set<string>();
  for (const place of ['/tmp', '/var/tmp', '/dev/shm', '/dev', '/proc', ...places]) {
    const full = resolve(place);
    found.add(full);
    const resolved = real(full);
    if (resolved) found.add(resolved);
  }
  return [...found];
}
