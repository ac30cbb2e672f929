/**
 * Where the file tools may go. A model-given path is resolved against the
 * workspace and then through every symlink (a link inside the workspace that
 * points outside counts as outside). Then, in this order:
 *   1. a protected place (protected-paths.ts) → refused, always;
 *   2. inside the workspace, the skills dir or `safety.file_roots` → allowed; but writing into
 *      Aibox's own places (the data dir outside the workspace, the skills and prompts dirs, the
 *      config file) is never allowed by a root: it goes on to the rules and a person;
 *   3. `safety.mode` off → allowed;
 *   4. a `file` rule in `safety.rules` (deny wins) → refused / allowed;
 *   5. otherwise a person is asked (`ctx.requestApproval`; absent → refused).
 */
import { realpathSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { Config, SafetyRule } from '../../config/schema.js';
import { fileAccessMessages } from '../messages.js';
import { isProtectedPath, isWithin, type ProtectedPlaces } from '../protected-paths.js';
import { callRefusal } from '../refusal.js';
import type { ApprovalOutcome, AskContext } from '../types.js';
import { globMatches, literalGlob } from './path-glob.js';

type FileToolName = 'read_file' | 'write_file' | 'list_files';

interface FileAccessOptions {
  workspace: string;
  /** Directories besides the workspace (the skills dir, `safety.file_roots`), read at every call. */
  roots?: () => string[];
  /**
   * Aibox's own places, never writable by being under a root: `home` (the data dir; a root inside
   * it, such as the default workspace, is writable) and `places` (skills dir, prompts dir, config
   * file: wherever they are).
   */
  aibox?: { home: string; places: string[] };
  /** Never reachable; default none (tests of other behaviour). */
  secrets?: ProtectedPlaces;
  /** `safety.mode` and `safety.rules`, read at every call (live config); default ask, no rules. */
  safety?: () => Pick<Config['safety'], 'mode' | 'rules'>;
}

type AccessResult =
  /** `path`: as given, made absolute; `real`: with every symlink resolved (use this one). */
  { ok: true; path: string; real: string } | { ok: false; message: string };

export interface FileAccess {
  check(tool: FileToolName, path: string, ctx: AskContext): Promise<AccessResult>;
}

/** realpath of the longest existing prefix, plus the part that does not exist yet. */
function resolveReal(path: string): string {
  const missing: string[] = [];
  let current = path;
  for (;;) {
    try {
      return join(realpathSync(current), ...missing.reverse());
    } catch {
      const parent = dirname(current);
      if (parent === current) return path;
      missing.push(basename(current));
      current = parent;
    }
  }
}

/** The decision of the `file` rules for this tool and path: deny wins over allow; none → undefined. */
function ruleDecision(
  rules: SafetyRule[],
  tool: FileToolName,
  path: string,
): SafetyRule['decision'] | undefined {
  const matching = rules.filter(
    (rule) =>
      rule.tool === 'file' &&
      (rule.command === '*' || rule.command === tool) &&
      (rule.args === undefined || rule.args.some((pattern) => globMatches(pattern, path))),
  );
  for (const decision of ['deny', 'ask', 'allow'] as const)
    if (matching.some((rule) => rule.decision === decision)) return decision;
  return undefined;
}

/** Whether `real` (under `root`, if any) lies in one of Aibox's own places (see FileAccessOptions.aibox). */
function inAiboxPlace(real: string, root: string | undefined, aibox: FileAccessOptions['aibox']): boolean {
  if (!aibox) return false;
  if (aibox.places.map(resolveReal).some((place) => isWithin(real, place))) return true;
  const home = resolveReal(aibox.home);
  return isWithin(real, home) && !(root !== undefined && isWithin(root, home) && root !== home);
}

export function createFileAccess(options: FileAccessOptions): FileAccess {
  const secrets = options.secrets ?? { filePrefixes: [], places: [] };
  return {
    async check(tool, path, ctx) {
      const t = fileAccessMessages(ctx.lang);
      const real = resolveReal(path);
      if (isProtectedPath([path, real], secrets)) return { ok: false, message: t.secret(path) };
      const roots = [options.workspace, ...(options.roots?.() ?? [])].map(resolveReal);
      const root = roots.find((r) => isWithin(real, r));
      const aiboxPlace = tool === 'write_file' && inAiboxPlace(real, root, options.aibox);
      if (root && !aiboxPlace) return { ok: true, path, real };
      const safety = options.safety?.() ?? { mode: 'ask', rules: [] };
      if (safety.mode === 'off') return { ok: true, path, real };
      const what = t.what(tool, real);
      const byRule = ruleDecision(safety.rules, tool, real);
      if (byRule === 'deny')
        return { ok: false, message: callRefusal(what, { how: 'denied', reason: t.ruleDenied }, ctx.lang) };
      if (byRule === 'allow') return { ok: true, path, real };
      const reason = aiboxPlace ? t.aiboxPlace(real) : t.outsideRoots(real);
      const outcome = ctx.requestApproval
        ? await ctx.requestApproval({
            tool,
            command: what,
            reason,
            // Aibox's own places are asked every time: "Always" would silence the next rewrite too.
            ...(aiboxPlace
              ? {}
              : {
                  rememberable: { decision: 'allow', tool: 'file', command: tool, args: [literalGlob(real)] },
                }),
          })
        : ({ approved: false, how: 'unattended' } as ApprovalOutcome);
      return outcome.approved
        ? { ok: true, path, real }
        : {
            ok: false,
            message: callRefusal(
              what,
              { how: outcome.how, reason, ...(outcome.by ? { by: outcome.by } : {}) },
              ctx.lang,
            ),
          };
    },
  };
}
