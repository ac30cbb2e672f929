/**
 * The command policy as `run_command` uses it: a verdict per call (allow, ask, deny, with the
 * reason and, when safe, the rule an "Always" would save), and how to start the command
 * (inside bubblewrap, or unsandboxed under the orphan guard).
 */
import type { DataPaths } from '../../config/paths.js';
import type { Config } from '../../config/schema.js';
import type { Lang } from '../../i18n/lang.js';
import type { SkillProvenance } from '../../skills/provenance.js';
import type { SkillRegistry } from '../../skills/types.js';
import { safetyMessages } from '../messages.js';
import { HOST_SOCKETS, type ProtectedDataPaths, protectedPaths } from '../protected-paths.js';
import { bwrapArgs, guardedShellArgs, type SandboxStatus, sandboxSpawn } from '../sandbox/sandbox.js';
import { sandboxEnv } from '../sandbox/sandbox-env.js';
import type { Verdict } from '../types.js';
import { analyseCommand } from './analyse-command.js';
import type { Finding } from './findings.js';
import { modelWritablePlaces } from './program-identity.js';
import { exactGlob } from './rules.js';

/** Reasons named in one verdict; the rest are counted. */
const MAX_REASONS = 3;

interface CommandPlan {
  verdict: Verdict;
  /** Run outside the sandbox: the command needs what the sandbox forbids (and a person said yes). */
  host: boolean;
  /** Model-made skills it runs; a yes approves them. */
  modelSkills: string[];
  /** Paths in the sandbox's private /tmp the command names (when it runs in the sandbox): the model is told they stay there. */
  privateTmp: string[];
}

export interface SpawnSpec {
  command: string;
  args: string[];
  /** Keep a pipe open to the child for the orphan guard. */
  holdStdin: boolean;
  /** The environment the spawned process gets. */
  env: NodeJS.ProcessEnv;
}

/** The environment a command runs with. */
export interface CommandEnv {
  /** The server's environment for commands (secrets removed, the skills dir on PATH). */
  base: NodeJS.ProcessEnv;
  /** The model's `env` for this command, as it will be set (PATH with the skills dir appended). */
  model: Readonly<Record<string, string>>;
}

export interface CommandGuard {
  readonly mode: Config['safety']['mode'];
  readonly sandbox: SandboxStatus;
  plan(command: string, cwd: string, lang: Lang, env?: CommandEnv): CommandPlan;
  /** A person said yes (or the verdict was allow): remember the approved model skills. */
  approved(plan: CommandPlan): Promise<void>;
  spawnSpec(command: string, cwd: string, host: boolean, env?: CommandEnv): SpawnSpec;
}

interface CommandGuardOptions {
  safety: Config['safety'];
  /** The config file in `paths` is the one loaded (`--config`). */
  paths: ProtectedDataPaths & Pick<DataPaths, 'prompts'>;
  /** The user's home directory (credential stores are hidden from commands). */
  home: string;
  workspace: string;
  skills: Pick<SkillRegistry, 'get' | 'dir'>;
  /** Model-made skills, and changed ones, are asked before they run (see provenance.ts). */
  provenance: Pick<SkillProvenance, 'needsApproval' | 'approve'>;
  sandbox: SandboxStatus;
  /** `safety.file_roots`, resolved (read at each call): the model writes there without asking. */
  fileRoots?: () => readonly string[];
}

/** What any command needs without the sandbox: named after the rest, so the cap never hides a deletion behind them. */
const ROUTINE_ON_HOST = new Set<Finding['reason']>([
  'writesUnsandboxed',
  'codeUnsandboxed',
  'unknownUnsandboxed',
]);

function describe(findings: readonly Finding[], lang: Lang): string {
  const t = safetyMessages(lang);
  const ordered = [
    ...findings.filter((f) => !ROUTINE_ON_HOST.has(f.reason)),
    ...findings.filter((f) => ROUTINE_ON_HOST.has(f.reason)),
  ];
  const texts = [...new Set(ordered.map((f) => t.reason(f.reason, f.detail)))];
  const shown = texts.slice(0, MAX_REASONS).join(t.and);
  return texts.length > MAX_REASONS ? `${shown}${t.and}${t.more(texts.length - MAX_REASONS)}` : shown;
}

export function createCommandGuard(options: CommandGuardOptions): CommandGuard {
  const { safety, sandbox } = options;
  const sandboxed = sandbox.kind === 'bwrap';
  return {
    // Read at each call: `/reload` changes safety.mode and safety.rules in place.
    get mode() {
      return safety.mode;
    },
    sandbox,
    plan(command, cwd, lang, env = { base: process.env, model: {} }) {
      const t = safetyMessages(lang);
      if (safety.mode === 'off')
        return { verdict: { decision: 'allow', reason: t.off }, host: true, modelSkills: [], privateTmp: [] };
      const modelSet = Object.keys(env.model).length > 0;
      const analysis = analyseCommand(
        command,
        {
          cwd,
          path: env.model.PATH ?? env.base.PATH ?? '',
          modelWritable: modelWritablePlaces([
            options.workspace,
            options.paths.home,
            options.paths.prompts,
            ...(options.fileRoots?.() ?? []),
          ]),
          ...(modelSet ? { modelEnv: env.model } : {}),
          workspace: options.workspace,
          skillsDir: options.skills.dir,
          home: options.home,
          sandboxed,
          protectedPaths: protectedPaths(options.paths, options.home),
          skillOrigin: (name) => {
            const skill = options.skills.get(name);
            if (!skill) return undefined;
            return options.provenance.needsApproval(skill) ? 'model' : 'user';
          },
        },
        safety.rules,
      );
      const denied = analysis.findings.filter((f) => f.decision === 'deny');
      const host = !sandboxed || analysis.host;
      const privateTmp = host ? [] : analysis.privateTmp;
      // A sandboxed line that needs the host runs there whole: the person reads that first.
      const why = (findings: readonly Finding[]) =>
        sandboxed && host ? t.wholeLineOnHost(describe(findings, lang)) : describe(findings, lang);
      if (denied.length > 0)
        return { verdict: { decision: 'deny', reason: why(denied) }, host, modelSkills: [], privateTmp };
      if (analysis.findings.length === 0)
        return { verdict: { decision: 'allow', reason: t.allowed }, host, modelSkills: [], privateTmp };
      const single = analysis.single;
      const verdict: Verdict = {
        decision: 'ask',
        reason: why(analysis.findings),
        // Remembered only as exact program (its absolute path) and arguments, without env; a model
        // skill's first run is never remembered.
        ...(single && analysis.modelSkills.length === 0 && !modelSet
          ? {
              rememberable: {
                decision: 'allow',
                command: single.program,
                args: single.args.map(exactGlob),
                tool: 'run_command',
              },
            }
          : {}),
      };
      return { verdict, host, modelSkills: analysis.modelSkills, privateTmp };
    },
    async approved(plan) {
      for (const name of plan.modelSkills) {
        const skill = options.skills.get(name);
        if (skill) await options.provenance.approve(skill);
      }
    },
    spawnSpec(command, cwd, host, env = { base: process.env, model: {} }) {
      if (!host && sandboxed) {
        const hidden = [...protectedPaths(options.paths, options.home), ...HOST_SOCKETS];
        const layout = {
          workspace: options.workspace,
          skillsDir: options.skills.dir,
          home: options.home,
          dataDirs: [options.paths.home, options.paths.prompts],
          hidden,
          // Read at each call: `/reload` may switch safety.network off (on needs the stack found at start).
          network: safety.network ? sandbox.stack : undefined,
        };
        const spawn = sandboxSpawn(
          { program: sandbox.program, stack: layout.network },
          bwrapArgs(layout, command, cwd, env.model),
        );
        return { ...spawn, holdStdin: false, env: sandboxEnv(env.base) };
      }
      return {
        command: '/bin/sh',
        args: guardedShellArgs(command),
        holdStdin: true,
        env: { ...env.base, ...env.model },
      };
    },
  };
}
