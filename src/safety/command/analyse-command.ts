/**
 * The command analyser: parses a command line and finds everything in it that needs a person's
 * yes (or must never run). Every simple command is looked at, wrappers are unwrapped and `-c`
 * strings parsed again (to MAX_DEPTH), redirections are checked like any other write.
 */
import { basename, resolve } from 'node:path';
import type { SafetyRule } from '../../config/schema.js';
import { isWithin } from '../protected-paths.js';
import { changesWhatRuns, harmlessEnvName } from './env-names.js';
import { deleterHandler, FILE_HANDLERS } from './file-handlers.js';
import {
  type AnalysisContext,
  ask,
  deny,
  type Finding,
  inPrivateTmp,
  secretFinding,
  writeFinding,
} from './findings.js';
import type { HandlerResult, ProgramHandler } from './handler.js';
import { NET_HANDLERS } from './net-handlers.js';
import { type ProgramIdentity, resolveProgram } from './program-identity.js';
import {
  DELETERS,
  isInterpreter,
  NEVER_REMEMBERED,
  READERS,
  SENDERS,
  SHELLS,
  SYSTEM_CHANGERS,
  TEXT_ONLY,
} from './program-table.js';
import { ruleDecision } from './rules.js';
import {
  type ParsedCommandLine,
  parseCommandLine,
  ShellSyntaxError,
  type ShellWord,
} from './shell-syntax.js';
import { interpreterHandler, shellHandler, WRAPPER_HANDLERS } from './wrapper-handlers.js';

/** How deep `sh -c "bash -c '…'"` and wrappers may nest before the analyser gives up (and asks). */
export const MAX_DEPTH = 8;
/** Simple commands looked at per call; a longer script is asked. */
const MAX_COMMANDS = 400;
/** Directories a line `cd`s into that its relative paths are also judged from. */
const MAX_DIRECTORIES = 8;

interface CommandAnalysis {
  findings: Finding[];
  /**
   * Set when the line is one static command and nothing else, run by a built-in or a file outside
   * the places the model can write (what an "Always" could remember): `program` is that file's
   * absolute path, or the built-in's name.
   */
  single?: { program: string; args: string[] };
  /** Skills the model made that this command runs (approved by a yes). */
  modelSkills: string[];
  /**
   * Something in it needs the host (writes outside the workspace, changes the system), even when a
   * rule allows it: the whole line then runs there, and `findings` are the host's (see analyseCommand).
   */
  host: boolean;
  /** Paths in the sandbox's private /tmp the line names (what the model must be told stays there). */
  privateTmp: string[];
  /** Directories outside the workspace the line `cd`s into (its relative paths may mean any of them). */
  directories: string[];
}

const HANDLERS: Record<string, ProgramHandler> = { ...WRAPPER_HANDLERS, ...FILE_HANDLERS, ...NET_HANDLERS };

/** The table's view of one program (no handler): what it is and what it needs. */
function tableResult(program: string, args: ShellWord[], ctx: AnalysisContext): HandlerResult {
  if (READERS.has(program) || TEXT_ONLY.has(program)) return {};
  if (DELETERS.has(program)) return deleterHandler(args, ctx, program);
  if (SENDERS.has(program)) return { findings: [ask('sendsData', program)] };
  if (SYSTEM_CHANGERS.has(program)) return { findings: [ask('changesSystem', program, true)] };
  if (SHELLS.has(program)) return shellHandler(args, ctx, program);
  if (isInterpreter(program)) return interpreterHandler(args, ctx, program);
  return { runsCode: true };
}

class Analyser {
  readonly findings: Finding[] = [];
  readonly modelSkills: string[] = [];
  readonly privateTmp = new Set<string>();
  readonly directories = new Set<string>();
  /** Variables the line sets (`undefined`: a name known only at run time). */
  readonly sets: (string | undefined)[] = [];
  host = false;
  /**
   * The line may make a name run something else than the file PATH finds: it defines functions
   * or aliases, sources a file, or evaluates arithmetic (bash evaluates variables' values there,
   * which can assign PATH).
   */
  rebinds = false;
  private count = 0;

  constructor(
    private readonly ctx: AnalysisContext,
    private readonly rules: readonly SafetyRule[],
    private readonly uncertain: {
      /** The line sets PATH (or a variable named only at run time): a bare name may run anything. */
      path?: boolean;
      /** A rule's allow may not take a command out of the sandbox (see `rebinds`). */
      names?: boolean;
    } = {},
  ) {}

  line(source: string, depth: number): ParsedCommandLine | undefined {
    if (depth > MAX_DEPTH) {
      this.findings.push(ask('tooDeep', String(MAX_DEPTH)));
      return undefined;
    }
    let parsed: ParsedCommandLine;
    try {
      parsed = parseCommandLine(source, this.ctx.home);
    } catch (error) {
      if (!(error instanceof ShellSyntaxError)) throw error;
      this.findings.push(ask('unparsable', error.message));
      return undefined;
    }
    this.sets.push(...parsed.assignments.map((a) => a.name));
    if (parsed.rebinds) this.rebinds = true;
    for (const redirection of parsed.redirections) this.redirection(redirection.kind, redirection.target);
    for (const command of parsed.commands) this.call(command.words, depth);
    return parsed;
  }

  private push(...found: (Finding | undefined)[]): void {
    for (const f of found) if (f) this.findings.push(f);
  }

  private redirection(kind: 'read' | 'write' | 'fd', target: ShellWord): void {
    // `2>&1`, `>&-`: file descriptors, not files.
    if (kind === 'fd' && /^(\d+|-)$/.test(target.text ?? '')) return;
    this.notePrivateTmp(target);
    this.push(secretFinding(target.text, target.pattern, this.ctx));
    if (kind !== 'read') this.push(writeFinding(target.text, this.ctx));
  }

  private call(words: ShellWord[], depth: number): void {
    if (++this.count > MAX_COMMANDS) {
      if (this.count === MAX_COMMANDS + 1) this.findings.push(ask('tooDeep', String(MAX_COMMANDS)));
      return;
    }
    if (depth > MAX_DEPTH) {
      this.findings.push(ask('tooDeep', String(MAX_DEPTH)));
      return;
    }
    const [name, ...args] = words;
    if (!name) return;
    // A glob or a brace expansion in the program's name is expanded by the shell (`/bin/r[m]`,
    // bash's `{rm,-rf,x}`): what runs is not what is written.
    if (name.text === undefined || (/[*?[{]/.test(name.text) && name.text !== '[' && name.text !== '[[')) {
      this.findings.push(ask('dynamicProgram', name.text ?? name.pattern));
      return;
    }
    const program = basename(name.text);
    if (program === 'cd' || program === 'pushd') this.noteDirectory(args);
    if (REBINDERS.has(program)) this.rebinds = true;
    const found = resolveProgram(name.text, this.ctx);
    const identity: ProgramIdentity =
      this.uncertain.path && found.kind !== 'builtin' && !name.text.includes('/')
        ? { kind: 'untrusted', name: found.name }
        : found;
    for (const word of words) {
      this.notePrivateTmp(word);
      this.push(secretFinding(word.text, word.pattern, this.ctx));
    }
    const argTexts = args.map((a) => a.text ?? a.pattern);
    const rule = ruleDecision(this.rules, identity, argTexts);
    const label = [program, ...argTexts].join(' ');
    if (rule === 'deny') this.findings.push(deny('ruleDeny', label));
    if (rule === 'ask') this.findings.push(ask('ruleAsk', label));

    const result = this.classify(name.text, program, args, identity);
    this.sets.push(...(result.sets ?? []));
    for (const finding of result.findings ?? []) {
      if (finding.host) this.host = true;
      const lifted =
        rule === 'allow' && (!finding.host || !this.uncertain.names) && finding.reason !== 'modelSkill';
      if (!lifted || finding.decision === 'deny') this.push(finding);
    }
    if (result.runsCode && !this.ctx.sandboxed && rule !== 'allow') {
      this.findings.push(
        ask(
          isInterpreter(program) || SHELLS.has(program) ? 'codeUnsandboxed' : 'unknownUnsandboxed',
          program,
        ),
      );
    }
    for (const inner of result.inner ?? []) this.call(inner, depth + 1);
    for (const code of result.code ?? []) {
      if (code.text === undefined) this.findings.push(ask('dynamicCode', program));
      else this.line(code.text, depth + 1);
    }
  }

  /** Where `cd DIR` / `pushd DIR` goes, when it is known before the run and outside the workspace. */
  private noteDirectory(args: ShellWord[]): void {
    const operand = args.find((a) => a.text === undefined || !/^[-+]./.test(a.text));
    const target = operand ? operand.text : this.ctx.home;
    if (target === undefined || target === '-' || this.directories.size >= MAX_DIRECTORIES) return;
    const dir = resolve(this.ctx.cwd, target);
    if (!isWithin(dir, this.ctx.workspace)) this.directories.add(dir);
  }

  /** A word naming a path in the private /tmp (itself, or an option's value `--out=/tmp/x`). */
  private notePrivateTmp(word: ShellWord): void {
    if (!this.ctx.sandboxed) return;
    const shape = word.text ?? word.pattern;
    for (const candidate of [shape, shape.slice(shape.indexOf('=') + 1)]) {
      if (!candidate.startsWith('/')) continue;
      const full = resolve(candidate);
      if (inPrivateTmp(full, this.ctx)) this.privateTmp.add(full);
    }
  }

  private classify(
    name: string,
    program: string,
    args: ShellWord[],
    identity: ProgramIdentity,
  ): HandlerResult {
    // A file the model may have written is code, whatever its name: judged as strictly as the
    // program it is named after, but never leaving the sandbox for it, and asked outside it.
    if (identity.kind === 'untrusted') {
      const named = this.classifyByName(name, program, args, identity);
      return { ...named, findings: named.findings?.map(({ host: _, ...f }) => f), runsCode: true };
    }
    return this.classifyByName(name, program, args, identity);
  }

  private classifyByName(
    name: string,
    program: string,
    args: ShellWord[],
    identity: ProgramIdentity,
  ): HandlerResult {
    const handler = HANDLERS[program];
    if (handler) return handler(args, this.ctx, program);
    const known =
      READERS.has(program) ||
      TEXT_ONLY.has(program) ||
      DELETERS.has(program) ||
      SENDERS.has(program) ||
      SYSTEM_CHANGERS.has(program) ||
      SHELLS.has(program) ||
      isInterpreter(program);
    if (!known && !name.includes('/') && (identity.kind === 'skill' || identity.kind === 'missing')) {
      const origin = this.ctx.skillOrigin(program);
      if (origin === 'model') {
        this.modelSkills.push(program);
        return { findings: [ask('modelSkill', program)] };
      }
      // Running the user's own skill by name is what skills are for (in the sandbox when there is one).
      if (origin === 'user') return {};
    }
    return tableResult(program, args, this.ctx);
  }
}

/** Programs that make a name run something else (aliases, a sourced file's functions and PATH). */
const REBINDERS = new Set(['alias', 'source', '.', 'enable', 'hash']);

const setsPath = (name: string | undefined) => name === undefined || name.toUpperCase() === 'PATH';

/** What the line's own variables and the model's `env` change on the host. */
function envFindings(
  sets: readonly (string | undefined)[],
  modelEnv: Readonly<Record<string, string>> = {},
): Finding[] {
  const findings: Finding[] = [];
  const changers = [
    ...new Set(sets.map((name) => name ?? '?').filter((n) => n === '?' || changesWhatRuns(n))),
  ];
  if (changers.length > 0) findings.push(ask('setsEnv', changers.join(', ')));
  const model = Object.keys(modelEnv).filter((name) => !harmlessEnvName(name));
  if (model.length > 0) findings.push(ask('modelEnv', model.join(', ')));
  return findings;
}

/**
 * Analyses a command line for one run in `ctx`. Never throws for bad input: it asks instead.
 * A sandboxed line that needs the host runs there whole, so it is analysed again as host code:
 * every part of it is judged by the rules without the sandbox (a `rm` of /tmp next to a system
 * change deletes the real /tmp), and those findings are the ones reported.
 */
export function analyseCommand(
  source: string,
  ctx: AnalysisContext,
  rules: readonly SafetyRule[] = [],
): CommandAnalysis {
  const analysis = analyseFromEachDirectory(source, ctx, rules);
  if (!ctx.sandboxed || !analysis.host) return analysis;
  return { ...analyseFromEachDirectory(source, { ...ctx, sandboxed: false }, rules), host: true };
}

/**
 * After `cd DIR` a relative path means DIR/path: the line is judged from the cwd and again from
 * every directory outside the workspace it `cd`s into (wherever in the line the `cd` is), and
 * every finding of any of them counts (`cd ~ && rm -rf old` deletes in the real home, so on the host).
 */
function analyseFromEachDirectory(
  source: string,
  ctx: AnalysisContext,
  rules: readonly SafetyRule[],
): CommandAnalysis {
  const first = analyseOnce(source, ctx, rules);
  const others = first.directories
    .filter((dir) => dir !== ctx.cwd)
    .map((cwd) => analyseOnce(source, { ...ctx, cwd }, rules));
  if (others.length === 0) return first;
  const all = [first, ...others];
  const seen = new Set<string>();
  const findings = all
    .flatMap((a) => a.findings)
    .filter((f) => {
      const key = `${f.decision} ${f.reason} ${f.detail}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const union = (pick: (a: CommandAnalysis) => string[]) => [...new Set(all.flatMap(pick))];
  return {
    ...first,
    findings,
    host: all.some((a) => a.host),
    modelSkills: union((a) => a.modelSkills),
    privateTmp: union((a) => a.privateTmp),
  };
}

function analyseOnce(source: string, ctx: AnalysisContext, rules: readonly SafetyRule[]): CommandAnalysis {
  let analyser = new Analyser(ctx, rules);
  let parsed = analyser.line(source, 0);
  const path = analyser.sets.some(setsPath);
  if (path || analyser.rebinds) {
    analyser = new Analyser(ctx, rules, { path, names: true });
    parsed = analyser.line(source, 0);
  }
  const texts = parsed?.single ? (parsed.commands[0]?.words.map((w) => w.text as string) ?? []) : [];
  let single: CommandAnalysis['single'];
  const first = texts[0];
  if (first !== undefined && !analyser.sets.some(setsPath)) {
    const program = basename(first);
    const identity = resolveProgram(first, ctx);
    const remembered =
      identity.kind === 'file' ? identity.path : identity.kind === 'builtin' ? program : undefined;
    if (remembered && !NEVER_REMEMBERED.has(program) && !isInterpreter(program))
      single = { program: remembered, args: texts.slice(1) };
  }
  const host = analyser.host || analyser.findings.some((f) => f.host);
  // The sandbox keeps what variables do inside it; on the host they are part of what runs.
  if (host || !ctx.sandboxed) analyser.findings.push(...envFindings(analyser.sets, ctx.modelEnv));
  return {
    findings: analyser.findings,
    modelSkills: analyser.modelSkills,
    host,
    privateTmp: [...analyser.privateTmp],
    directories: [...analyser.directories],
    ...(single ? { single } : {}),
  };
}
