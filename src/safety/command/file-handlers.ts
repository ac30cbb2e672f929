/**
 * Programs that read or change files, looked at option by option: which paths they write or
 * delete, and which options turn a reader into a writer (`find -delete`, `sed -i`, `sort -o`).
 */
import { resolve } from 'node:path';
import { ask, deny, type Finding, isScratch, writeFinding } from './findings.js';
import { argTexts, type HandlerResult, hasUnknownOption, type ProgramHandler } from './handler.js';
import { hasAny, type OptionSpec, parseOptions } from './options.js';
import { KILLERS } from './program-table.js';

type Found = Finding | undefined;
const present = (findings: Found[]): Finding[] => findings.filter((f): f is Finding => f !== undefined);

/** A program that writes the given paths (the options decide which). */
function writer(spec: OptionSpec, targets: (o: ReturnType<typeof parseOptions>) => string[]): ProgramHandler {
  return (args, ctx) => {
    const parsed = parseOptions(argTexts(args), spec);
    const findings = targets(parsed).map((t) => writeFinding(t, ctx));
    if (hasUnknownOption(args)) findings.push(writeFinding(undefined, ctx));
    return { findings: present(findings) };
  };
}

const lastOr = (o: ReturnType<typeof parseOptions>, option: string) =>
  o.values.get(option) ?? (o.operands.length > 1 ? o.operands.slice(-1) : []);

/**
 * rm, rmdir, shred …: deleting is asked (except the command's own scratch in the sandbox's private
 * /tmp); deleting a real host path outside the workspace, the real /tmp included, runs on the host;
 * secrets are denied.
 */
const deleter: ProgramHandler = (args, ctx, program) => {
  const operands = parseOptions(argTexts(args)).operands;
  const findings: Found[] = operands.map((path) => {
    const write = writeFinding(path, ctx);
    if (write?.decision === 'deny') return write;
    if (isScratch(resolve(ctx.cwd, path), ctx)) return undefined;
    return ask('deletes', `${program} ${path}`, write?.host === true);
  });
  if (operands.length === 0 || hasUnknownOption(args)) findings.push(ask('deletes', program));
  return { findings: present(findings) };
};

const FIND_EXEC = new Set(['-exec', '-execdir', '-ok', '-okdir']);
const FIND_WRITES = new Set(['-fprint', '-fprint0', '-fprintf', '-fls']);

/** find: reads, unless -delete; -exec and friends run a command (analysed); -fprint writes a file. */
const find: ProgramHandler = (args, ctx) => {
  const findings: Found[] = [];
  const inner: HandlerResult['inner'] = [];
  for (let i = 0; i < args.length; i++) {
    const text = args[i]?.text ?? args[i]?.pattern ?? '';
    if (text === '-delete') findings.push(ask('deletes', 'find -delete'));
    else if (FIND_WRITES.has(text)) findings.push(writeFinding(args[i + 1]?.text, ctx));
    else if (FIND_EXEC.has(text)) {
      const end = args.findIndex((a, j) => j > i && (a.text === ';' || a.text === '+'));
      const command = args.slice(i + 1, end < 0 ? undefined : end);
      inner.push(command.map((w) => (w.text?.includes('{}') ? { text: undefined, pattern: '*' } : w)));
      if (end < 0) break;
      i = end;
    } else if (args[i]?.text === undefined && text.startsWith('*')) findings.push(ask('dynamicCode', 'find'));
  }
  return { findings: present(findings), inner };
};

/** GNU sed's `e` command and `/e` flag run shell commands; `w` writes files. */
const SED_RUNS_OR_WRITES =
  /(^|[;\n{}])\s*[0-9$,/\\^.*!]*\s*[ewWrR]\b|\/[gipmIM0-9]*[ew][gipmIM0-9]*\s*($|[;}\n])/;

const sed: ProgramHandler = (args, ctx) => {
  const parsed = parseOptions(argTexts(args), {
    shortValues: 'efl',
    shortOptional: 'i',
    long: [
      'in-place',
      'expression=',
      'file=',
      'line-length=',
      'null-data',
      'separate',
      'sandbox',
      'regexp-extended',
      'quiet',
      'silent',
      'posix',
      'debug',
    ],
  });
  const scriptGiven = hasAny(parsed, 'e', 'f', 'expression', 'file');
  const scripts = scriptGiven
    ? [...(parsed.values.get('e') ?? []), ...(parsed.values.get('expression') ?? [])]
    : parsed.operands.slice(0, 1);
  const files = scriptGiven ? parsed.operands : parsed.operands.slice(1);
  const findings: Found[] = [];
  if (hasAny(parsed, 'i', 'in-place')) findings.push(...files.map((f) => writeFinding(f, ctx)));
  // Inside the sandbox too: `e` hides a command the analyser would otherwise have seen.
  if (scripts.some((s) => SED_RUNS_OR_WRITES.test(s))) findings.push(ask('dynamicCode', 'sed'));
  else if (!ctx.sandboxed && hasAny(parsed, 'f', 'file')) findings.push(ask('codeUnsandboxed', 'sed'));
  if (hasUnknownOption(args)) findings.push(ask('dynamicCode', 'sed'));
  return { findings: present(findings) };
};

/** awk programs may call system(), pipe to commands or print to files. */
const awk: ProgramHandler = (args, ctx) => {
  if (ctx.sandboxed) return {};
  const texts = argTexts(args);
  const program = texts.find((t) => !t.startsWith('-'));
  const risky = texts.includes('-f') || program === undefined || /system\s*\(|\||>|getline/.test(program);
  return risky ? { findings: [ask('codeUnsandboxed', 'awk')] } : {};
};

/** tar: extracting writes to -C or the cwd; creating writes the archive; some options run commands. */
const tar: ProgramHandler = (args, ctx) => {
  const texts = argTexts(args);
  // Old style: `tar xzf archive.tgz` (the first word is the flags).
  const first = texts[0] ?? '';
  const words = first && !first.startsWith('-') ? [`-${first}`, ...texts.slice(1)] : texts;
  const parsed = parseOptions(words, {
    shortValues: 'fCTXbIFgLKNVH',
    long: [
      'file=',
      'directory=',
      'extract',
      'get',
      'create',
      'append',
      'update',
      'delete',
      'list',
      'to-command=',
      'use-compress-program=',
      'checkpoint-action=',
      'info-script=',
      'new-volume-script=',
      'rsh-command=',
    ],
  });
  const findings: Found[] = [];
  if (
    hasAny(
      parsed,
      'to-command',
      'use-compress-program',
      'checkpoint-action',
      'info-script',
      'new-volume-script',
      'rsh-command',
      'I',
      'F',
    )
  )
    findings.push(ask('dynamicCode', 'tar'));
  const archive = parsed.values.get('f') ?? parsed.values.get('file') ?? [];
  if (hasAny(parsed, 'x', 'extract', 'get'))
    findings.push(
      writeFinding(parsed.values.get('C')?.[0] ?? parsed.values.get('directory')?.[0] ?? '.', ctx),
    );
  if (hasAny(parsed, 'c', 'r', 'u', 'A', 'create', 'append', 'update', 'delete'))
    findings.push(...archive.filter((a) => a !== '-').map((a) => writeFinding(a, ctx)));
  if (hasUnknownOption(args)) findings.push(ask('dynamicCode', 'tar'));
  return { findings: present(findings) };
};

const compressor: ProgramHandler = (args, ctx) => {
  const parsed = parseOptions(argTexts(args), { long: ['stdout', 'to-stdout', 'list', 'test', 'keep'] });
  if (hasAny(parsed, 'c', 'l', 't', 'stdout', 'to-stdout', 'list', 'test')) return {};
  return { findings: present(parsed.operands.map((f) => writeFinding(f, ctx))) };
};

/** kill & co.: inside the sandbox's PID namespace only its own processes exist. */
const killer: ProgramHandler = (_args, ctx, program) =>
  ctx.sandboxed ? {} : { findings: [ask('changesSystem', program)] };

/** sort and uniq read unless told to write (`sort -o FILE`, `uniq IN OUT`). */
const sort: ProgramHandler = writer(
  {
    shortValues: 'otSTk',
    long: [
      'output=',
      'temporary-directory=',
      'buffer-size=',
      'key=',
      'field-separator=',
      'files0-from=',
      'compress-program=',
    ],
  },
  (o) => [...(o.values.get('o') ?? []), ...(o.values.get('output') ?? [])],
);

/** ps: BSD `e` (and `-o environ`) prints other processes' environments, the server's included. */
const ps: ProgramHandler = (args, ctx) => {
  if (ctx.sandboxed) return {};
  const texts = argTexts(args);
  const showsEnv = texts.some((t) => (!t.startsWith('-') && /e/.test(t)) || /env/i.test(t));
  return showsEnv ? { findings: [deny('procEnviron', `ps ${texts.join(' ')}`)] } : {};
};

export const FILE_HANDLERS: Record<string, ProgramHandler> = {
  ps,
  // `hostname NAME` renames the machine; without operands it only prints.
  hostname: (args, ctx) => (args.some((a) => !a.text?.startsWith('-')) ? killer(args, ctx, 'hostname') : {}),
  find,
  sed,
  awk,
  gawk: awk,
  mawk: awk,
  nawk: awk,
  tar,
  sort,
  uniq: writer({ shortValues: 'fsw', long: ['skip-fields=', 'skip-chars=', 'check-chars='] }, (o) =>
    o.operands.slice(1, 2),
  ),
  tee: writer({}, (o) => o.operands),
  touch: writer({ shortValues: 'dtr', long: ['date=', 'reference='] }, (o) => o.operands),
  mkdir: writer({ shortValues: 'm', long: ['mode=', 'context='] }, (o) => o.operands),
  mkfifo: writer({ shortValues: 'm' }, (o) => o.operands),
  truncate: writer({ shortValues: 'sr', long: ['size=', 'reference='] }, (o) => o.operands),
  mv: writer({ shortValues: 'tS', long: ['target-directory=', 'suffix='] }, (o) => [
    ...o.operands,
    ...(o.values.get('t') ?? []),
  ]),
  cp: writer({ shortValues: 'tS', long: ['target-directory=', 'suffix='] }, (o) => lastOr(o, 't')),
  install: writer({ shortValues: 'tSmog', long: ['target-directory=', 'mode=', 'owner=', 'group='] }, (o) =>
    lastOr(o, 't'),
  ),
  ln: writer({ shortValues: 'tS', long: ['target-directory=', 'suffix='] }, (o) => lastOr(o, 't')),
  link: writer({}, (o) => o.operands.slice(1)),
  chmod: writer({ long: ['reference='] }, (o) =>
    o.flags.has('reference') ? o.operands : o.operands.slice(1),
  ),
  chown: writer({ long: ['reference=', 'from='] }, (o) =>
    o.flags.has('reference') ? o.operands : o.operands.slice(1),
  ),
  chgrp: writer({ long: ['reference='] }, (o) =>
    o.flags.has('reference') ? o.operands : o.operands.slice(1),
  ),
  dd: (args, ctx) => ({
    findings: present(
      argTexts(args)
        .filter((a) => a.startsWith('of='))
        .map((a) => writeFinding(a.slice(3), ctx)),
    ),
  }),
  patch: writer({ shortValues: 'dopiDrBYzVFg', long: ['directory=', 'output='] }, (o) => [
    ...(o.values.get('d') ?? o.values.get('directory') ?? ['.']),
    ...(o.values.get('o') ?? []),
  ]),
  unzip: (args, ctx) => {
    const texts = argTexts(args);
    if (texts.some((t) => /^-[a-zA-Z]*[lvtZ]/.test(t))) return {};
    const dir = texts.indexOf('-d');
    return { findings: present([writeFinding(dir >= 0 ? texts[dir + 1] : '.', ctx)]) };
  },
  zip: writer({ shortValues: 'bnti' }, (o) => o.operands.slice(0, 1)),
  split: writer({ shortValues: 'abClnt' }, (o) => [o.operands[1] ?? 'x']),
  gzip: compressor,
  gunzip: compressor,
  bzip2: compressor,
  bunzip2: compressor,
  xz: compressor,
  unxz: compressor,
  zstd: compressor,
  lz4: compressor,
  shred: deleter,
  ...Object.fromEntries([...KILLERS].map((p) => [p, killer])),
};

export { deleter as deleterHandler };
