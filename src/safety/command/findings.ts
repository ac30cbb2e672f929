/**
 * What the analyser finds in a command: a decision with a reason, per program or redirection.
 * The verdict is the strictest finding (deny > ask > allow).
 */
import { resolve } from 'node:path';
import { isWithin } from '../protected-paths.js';
import { isRealTmpPath } from '../sandbox/host-tmp.js';
import type { Decision } from '../types.js';
import type { IdentityContext } from './program-identity.js';

/** Reason keys; the words are in safety/messages.ts. */
export type ReasonKey =
  | 'secret'
  | 'procEnviron'
  | 'deletes'
  | 'writesOutside'
  | 'writesUnknown'
  | 'writesUnsandboxed'
  | 'sendsData'
  | 'installs'
  | 'changesSystem'
  | 'dynamicProgram'
  | 'dynamicCode'
  | 'stdinCode'
  | 'unparsable'
  | 'tooDeep'
  | 'unknownUnsandboxed'
  | 'codeUnsandboxed'
  | 'commandConfig'
  | 'modelSkill'
  | 'detaches'
  | 'ruleAsk'
  | 'ruleDeny'
  | 'setsEnv'
  | 'modelEnv';

export interface Finding {
  decision: Exclude<Decision, 'allow'>;
  reason: ReasonKey;
  /** The program, path or text the reason is about. */
  detail: string;
  /** Approving it means running outside the sandbox (it writes outside the workspace or changes the system). */
  host?: boolean;
}

/** Where the command runs and what it may touch. */
export interface AnalysisContext extends IdentityContext {
  cwd: string;
  workspace: string;
  /** Bound read-only into the sandbox (so not part of its private /tmp even when it lives under /tmp). */
  skillsDir: string;
  home: string;
  /** Whether the command will run inside the sandbox (stricter rules apply when not). */
  sandboxed: boolean;
  protectedPaths: readonly string[];
  /** `model` for a skill the model made that nobody approved yet, `user` for other skills. */
  skillOrigin(name: string): 'user' | 'model' | undefined;
  /**
   * Whether a path under /tmp names something of the host's real /tmp (see host-tmp.ts); default:
   * looks at this machine's file system.
   */
  realTmp?: (full: string) => boolean;
  /** The model's `env` for the command (judged when the command runs on the host). */
  modelEnv?: Readonly<Record<string, string>>;
}

export const ask = (reason: ReasonKey, detail: string, host = false): Finding => ({
  decision: 'ask',
  reason,
  detail,
  ...(host ? { host } : {}),
});
export const deny = (reason: ReasonKey, detail: string): Finding => ({ decision: 'deny', reason, detail });

const HARMLESS_DEVICES = /^\/dev\/(null|zero|stdout|stderr|stdin|tty|fd\/\d+)$/;
const PROC_ENVIRON = /^\/proc\/[^/]*\/environ$/;

/** A glob (static: `*` stays within one path segment) or a run-time shape (`*` may be anything). */
function shapeRegex(shape: string, dynamic: boolean): RegExp {
  const any = dynamic ? '.*' : '[^/]*';
  const body = shape
    .replace(/\{[^}]*\}/g, '*') // bash brace expansion: any of its words
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\?/g, '.')
    .replace(/\*/g, any);
  return new RegExp(`^${body}$`);
}

/**
 * Whether a word of this shape can name `path` or something inside it: its first segments, as
 * many as `path` has, match `path` (a run-time part may also span segments: then the whole shape
 * is tried too).
 */
function shapeReaches(shape: string, path: string, dynamic: boolean): boolean {
  const depth = path.split('/').length;
  const parts = shape.split('/');
  if (parts.length >= depth && shapeRegex(parts.slice(0, depth).join('/'), dynamic).test(path)) return true;
  return dynamic && shapeRegex(shape, true).test(path);
}

/**
 * A word naming a protected path: exactly (deny), or through a glob or a run-time part that can
 * match one (deny unsandboxed; inside the sandbox those paths are hidden anyway).
 */
export function secretFinding(
  text: string | undefined,
  pattern: string,
  ctx: AnalysisContext,
): Finding | undefined {
  const shape = text ?? pattern;
  if (PROC_ENVIRON.test(shape) && !ctx.sandboxed) return deny('procEnviron', shape);
  // An option's value (`--file=PATH`) is checked like a path.
  const candidates = shape.includes('=') ? [shape, shape.slice(shape.indexOf('=') + 1)] : [shape];
  for (const candidate of candidates) {
    if (candidate === '' || /^\**$/.test(candidate)) continue;
    const full = resolve(ctx.cwd, candidate);
    if (ctx.protectedPaths.some((p) => isWithin(full, p))) return deny('secret', full);
    if (!ctx.sandboxed && /[*?[{]/.test(candidate)) {
      // A leading run-time part (`$HOME/…`) may be any absolute path.
      const dynamic = text === undefined;
      const shape = dynamic && candidate.startsWith('*') ? candidate : full;
      if (ctx.protectedPaths.some((p) => shapeReaches(shape, p, dynamic))) return deny('secret', full);
    }
  }
  return undefined;
}

/** A path the command writes (or deletes in, or changes the mode of). */
export function writeFinding(path: string | undefined, ctx: AnalysisContext): Finding | undefined {
  if (path === undefined) return ask('writesUnknown', '?', true);
  const full = resolve(ctx.cwd, path);
  if (HARMLESS_DEVICES.test(full)) return undefined;
  if (ctx.protectedPaths.some((p) => isWithin(full, p))) return deny('secret', full);
  if (!ctx.sandboxed) return ask('writesUnsandboxed', full);
  if (isWithin(full, ctx.workspace) || isScratch(full, ctx)) return undefined;
  return ask('writesOutside', full, true);
}

/** Inside the sandbox /tmp is a fresh tmpfs, thrown away after the command (except what is bound into it). */
export function inPrivateTmp(full: string, ctx: AnalysisContext): boolean {
  return (
    ctx.sandboxed &&
    isWithin(full, '/tmp') &&
    !isWithin(full, ctx.workspace) &&
    !isWithin(full, ctx.skillsDir)
  );
}

/**
 * A path that stays the command's own scratch: in the private /tmp, and nothing of the host's real
 * /tmp (writing or deleting a real one there would change nothing on this machine).
 */
export function isScratch(full: string, ctx: AnalysisContext): boolean {
  return inPrivateTmp(full, ctx) && !(ctx.realTmp ?? isRealTmpPath)(full);
}
