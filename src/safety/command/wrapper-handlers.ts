/**
 * Programs that run another command or shell code: wrappers are unwrapped (their command is
 * analysed like any other), shells' `-c` strings are parsed again, scripts and interpreters
 * "run code" (allowed in the sandbox, asked outside it), code read from stdin is asked.
 */
import { ask, type Finding } from './findings.js';
import { argTexts, hasUnknownOption, literal, type ProgramHandler } from './handler.js';
import type { ShellWord } from './shell-syntax.js';

interface WrapperSpec {
  /** Options taking a separate value (`-n 5`, `--signal KILL`); long ones also accept `=`. */
  values?: readonly string[];
  /** Leading operands before the command (timeout's DURATION). */
  skipOperands?: number;
  /** `env`: NAME=value words before the command. */
  assignments?: boolean;
}

/** Splits `wrapper [options] [operands] command …`: options end at the first operand. */
function unwrap(args: ShellWord[], spec: WrapperSpec): { options: string[]; command: ShellWord[] } {
  const options: string[] = [];
  let i = 0;
  for (; i < args.length; i++) {
    const text = args[i]?.text ?? args[i]?.pattern ?? '';
    if (text === '--') {
      i++;
      break;
    }
    if (!text.startsWith('-') || text === '-') break;
    options.push(text);
    const name = text.split('=')[0] as string;
    if (
      !text.includes('=') &&
      spec.values?.some((v) => v === name || (name.length > 2 && v.startsWith(name)))
    )
      i++;
  }
  let skip = spec.skipOperands ?? 0;
  while (i < args.length && skip-- > 0) i++;
  if (spec.assignments) while (i < args.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(args[i]?.text ?? '')) i++;
  return { options, command: args.slice(i) };
}

function wrapper(spec: WrapperSpec): ProgramHandler {
  return (args) => {
    const { command } = unwrap(args, spec);
    return command.length > 0 ? { inner: [command] } : {};
  };
}

/** `env -S STRING` and `--split-string` carry a command line. */
const env: ProgramHandler = (args) => {
  const { options, command } = unwrap(args, {
    values: ['-u', '--unset', '-C', '--chdir', '-S', '--split-string', '-P'],
    assignments: true,
  });
  if (options.some((o) => o.startsWith('-S') || o.startsWith('--sp')))
    return { findings: [ask('dynamicCode', 'env -S')] };
  const sets = args
    .slice(0, args.length - command.length)
    .filter((a) => /^[A-Za-z_][A-Za-z0-9_]*=/.test(a.text ?? ''))
    .map((a) => (a.text as string).split('=')[0]);
  return { ...(command.length > 0 ? { inner: [command] } : {}), sets };
};

/** `alias NAME=CODE`: the code runs wherever NAME is used later in the line. */
const alias: ProgramHandler = (args) => {
  if (args.some((a) => a.text === undefined)) return { findings: [ask('dynamicCode', 'alias')] };
  const code = args.filter((a) => a.text?.includes('=')).map((a) => a.text?.slice(a.text.indexOf('=') + 1));
  return { code: code.map((c) => literal(c as string)) };
};

/** `hash -p FILE NAME` (bash) makes NAME run FILE. */
const hash: ProgramHandler = (args) =>
  args.some((a) => a.text === undefined || /^-[a-z]*p/.test(a.text))
    ? { findings: [ask('dynamicProgram', 'hash -p')] }
    : {};

/** Options of `read` and of `mapfile` that take a value (not a variable name). */
const VALUE_OPTIONS = {
  read: new Set(['-d', '-n', '-N', '-p', '-t', '-u', '-i']),
  mapfile: new Set(['-d', '-n', '-O', '-s', '-u', '-C', '-c']),
};

/** `read A B`, `mapfile A`, `printf -v A`, `getopts SPEC A`: built-ins that set the variables they name. */
const setsNamed =
  (kind: 'read' | 'mapfile' | 'printf' | 'getopts'): ProgramHandler =>
  (args) => {
    const texts = args.map((a) => a.text);
    if (kind === 'printf') {
      const at = texts.indexOf('-v');
      return at >= 0 ? { sets: [texts[at + 1]] } : {};
    }
    if (kind === 'getopts') return { sets: texts.slice(1, 2) };
    const sets: (string | undefined)[] = [];
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i];
      if (text?.startsWith('-')) {
        if (VALUE_OPTIONS[kind].has(text)) i++;
        else if (text === '-a') sets.push(texts[++i]);
      } else sets.push(text);
    }
    return { sets };
  };

/** `xargs CMD`: CMD runs with arguments read from stdin, which the analyser cannot see. */
const xargs: ProgramHandler = (args) => {
  const { command } = unwrap(args, {
    values: [
      '-I',
      '-i',
      '-n',
      '-P',
      '-d',
      '-E',
      '-e',
      '-L',
      '-l',
      '-s',
      '-a',
      '--arg-file',
      '--delimiter',
      '--max-args',
      '--max-procs',
      '--max-lines',
      '--replace',
      '--eof',
      '--max-chars',
      '--process-slot-var',
    ],
  });
  return { inner: [command.length > 0 ? command : [literal('echo')]] };
};

const SHELL_VALUE_OPTIONS = ['-o', '+o', '-O', '+O', '--rcfile', '--init-file'];

/** sh/bash/…: `-c STRING` is parsed again; `script.sh` runs code; nothing reads code from stdin. */
const shell: ProgramHandler = (args, _ctx, program) => {
  let i = 0;
  let inline = false;
  for (; i < args.length; i++) {
    const text = args[i]?.text;
    if (text === undefined) return { findings: [ask('dynamicCode', program)] };
    if (text === '--' || text === '-') {
      i++;
      break;
    }
    if (!/^[-+]/.test(text)) break;
    if (SHELL_VALUE_OPTIONS.includes(text)) i++;
    else if (/^-[a-zA-Z]*c[a-zA-Z]*$/.test(text)) inline = true;
    else if (text === '-s') return { findings: [ask('stdinCode', program)] };
  }
  const operand = args[i];
  if (inline) return operand ? { code: [operand] } : {};
  if (program === 'busybox') return operand ? { inner: [args.slice(i)] } : {};
  return operand ? { runsCode: true } : { findings: [ask('stdinCode', program)] };
};

/** Interpreters: inline code or a script runs code; with neither they read code from stdin. */
/** `source FILE` runs a script in this shell; a file known only at run time (`<(curl …)`) is asked. */
const sourceFile: ProgramHandler = (args, _ctx, program) => {
  if (args[0]?.text === undefined && args.length > 0) return { findings: [ask('dynamicCode', program)] };
  return args.length > 0 ? { runsCode: true } : {};
};

const interpreter: ProgramHandler = (args, _ctx, program) => {
  // Code from a file known only at run time (`python3 <(curl …)`) cannot be looked at.
  const code = args.find((a) => !a.pattern.startsWith('-'));
  if (code && code.text === undefined) return { findings: [ask('dynamicCode', program)] };
  const texts = argTexts(args);
  if (texts.length > 0 && texts.every((t) => /^(-V+|--version|-h|--help)$/.test(t))) return {};
  const module = texts.indexOf('-m');
  const moduleName = module >= 0 ? texts[module + 1] : undefined;
  if (moduleName === 'pip' || moduleName === 'ensurepip')
    return { inner: [[literal('pip'), ...args.slice(module + 2)]] };
  const hasCode = texts.some((t) => /^-(c|e|m|r|E|-eval|-print|p)$/.test(t) || !t.startsWith('-'));
  if (!hasCode || texts.includes('-')) return { findings: [ask('stdinCode', program)] };
  return { runsCode: true };
};

/** eval: its arguments joined are shell code. */
const evalCode: ProgramHandler = (args) => {
  if (args.some((a) => a.text === undefined)) return { findings: [ask('dynamicCode', 'eval')] };
  return { code: [literal(args.map((a) => a.text).join(' '))] };
};

/** trap CODE SIGNALS…: the code runs later in this shell. */
const trap: ProgramHandler = (args) => {
  const first = args[0];
  if (!first || first.text?.startsWith('-') || args.length === 1) return {};
  return { code: [first] };
};

/** sudo and friends change who runs the command: asked, on the host, and the command is analysed too. */
const privileged: ProgramHandler = (args, _ctx, program) => {
  const findings: Finding[] = [ask('changesSystem', program, true)];
  if (hasUnknownOption(args)) return { findings };
  const { command } = unwrap(args, {
    values: [
      '-u',
      '-g',
      '-C',
      '-D',
      '-h',
      '-p',
      '-r',
      '-t',
      '-T',
      '-U',
      '--user',
      '--group',
      '-c',
      '--command',
      '-s',
      '--shell',
    ],
  });
  const code = args.find((_, i) => /^(-c|--command)$/.test(args[i - 1]?.text ?? ''));
  return { findings, ...(command.length > 0 ? { inner: [command] } : {}), ...(code ? { code: [code] } : {}) };
};

/** `command -v x` only looks a program up. */
const commandBuiltin: ProgramHandler = (args) => {
  const { options, command } = unwrap(args, {});
  if (options.some((o) => /^-[pvV]*[vV]/.test(o))) return {};
  return command.length > 0 ? { inner: [command] } : {};
};

export const WRAPPER_HANDLERS: Record<string, ProgramHandler> = {
  env,
  alias,
  hash,
  read: setsNamed('read'),
  mapfile: setsNamed('mapfile'),
  readarray: setsNamed('mapfile'),
  printf: setsNamed('printf'),
  getopts: setsNamed('getopts'),
  xargs,
  time: wrapper({ values: ['-f', '--format', '-o', '--output'] }),
  nice: wrapper({ values: ['-n', '--adjustment'] }),
  timeout: wrapper({ values: ['-s', '--signal', '-k', '--kill-after'], skipOperands: 1 }),
  nohup: wrapper({}),
  stdbuf: wrapper({ values: ['-i', '-o', '-e', '--input', '--output', '--error'] }),
  ionice: wrapper({ values: ['-c', '-n', '--class', '--classdata'] }),
  // A new session escapes the process group the orphan guard kills (the sandbox kills its whole namespace).
  setsid: (args, ctx, program) => {
    const inner = wrapper({ values: [] })(args, ctx, program);
    return ctx.sandboxed ? inner : { ...inner, findings: [ask('detaches', program)] };
  },
  watch: wrapper({ values: ['-n', '--interval', '-d', '--differences', '-q', '--equexit'] }),
  exec: wrapper({ values: ['-a'] }),
  builtin: wrapper({}),
  command: commandBuiltin,
  eval: evalCode,
  trap,
  sudo: privileged,
  doas: privileged,
  su: privileged,
  pkexec: privileged,
  runuser: privileged,
  setpriv: privileged,
  // `source FILE` runs a script in this shell.
  source: sourceFile,
  '.': sourceFile,
  // Programs that run a command given in a way the analyser does not unwrap.
  ...Object.fromEntries(
    [
      'parallel',
      'flock',
      'script',
      'strace',
      'ltrace',
      'gdb',
      'expect',
      'unbuffer',
      'taskset',
      'chrt',
      'systemd-run',
      'firejail',
      'sg',
      'newgrp',
      'runcon',
    ].map((name) => [
      name,
      ((_args, _ctx, program) => ({ findings: [ask('dynamicCode', program)] })) satisfies ProgramHandler,
    ]),
  ),
};

export { interpreter as interpreterHandler, shell as shellHandler };
