/**
 * Programs that talk to other machines or install software: fetching is allowed, sending data
 * out and installing are asked. git is here too (push sends, clean deletes, `-c` can run commands).
 */
import { ask, type Finding, writeFinding } from './findings.js';
import { argTexts, hasUnknownOption, type ProgramHandler } from './handler.js';
import { hasAny, parseOptions } from './options.js';
import { PACKAGE_QUERIES, SYSTEM_PACKAGE_MANAGERS, SYSTEM_QUERIES } from './program-table.js';

type Found = Finding | undefined;
const present = (findings: Found[]): Finding[] => findings.filter((f): f is Finding => f !== undefined);

const CURL_LONG = [
  'data=',
  'data-ascii=',
  'data-binary=',
  'data-raw=',
  'data-urlencode=',
  'form=',
  'form-string=',
  'json=',
  'upload-file=',
  'request=',
  'output=',
  'remote-name',
  'remote-name-all',
  'output-dir=',
  'config=',
  'cookie-jar=',
  'dump-header=',
  'trace=',
  'trace-ascii=',
  'stderr=',
  'header=',
  'user=',
  'url=',
  'user-agent=',
  'referer=',
  'max-time=',
  'connect-timeout=',
  'write-out=',
  'proxy=',
  'resolve=',
  'retry=',
  'cookie=',
  'location',
  'silent',
];

/** curl: GET is allowed; uploads and other methods send data out; -o writes. */
const curl: ProgramHandler = (args, ctx) => {
  const o = parseOptions(argTexts(args), {
    shortValues: 'dFTXoKcDuHAebxmwrCEYyz',
    long: CURL_LONG,
  });
  const findings: Found[] = [];
  const method = [...(o.values.get('X') ?? []), ...(o.values.get('request') ?? [])].map((m) =>
    m.toUpperCase(),
  );
  if (
    hasAny(
      o,
      'd',
      'F',
      'T',
      'data',
      'data-ascii',
      'data-binary',
      'data-raw',
      'data-urlencode',
      'form',
      'form-string',
      'json',
      'upload-file',
    ) ||
    method.some((m) => m !== 'GET' && m !== 'HEAD')
  )
    findings.push(ask('sendsData', 'curl'));
  if (hasAny(o, 'K', 'config')) findings.push(ask('dynamicCode', 'curl --config'));
  // A local service's socket (Docker, D-Bus) acts for the host.
  if (hasAny(o, 'unix-socket', 'abstract-unix-socket'))
    findings.push(ask('changesSystem', 'curl --unix-socket', true));
  for (const name of ['o', 'output', 'c', 'cookie-jar', 'D', 'dump-header', 'trace', 'trace-ascii', 'stderr'])
    for (const path of o.values.get(name) ?? []) if (path !== '-') findings.push(writeFinding(path, ctx));
  if (hasAny(o, 'O', 'remote-name', 'remote-name-all'))
    findings.push(writeFinding(o.values.get('output-dir')?.[0] ?? '.', ctx));
  if (hasUnknownOption(args)) findings.push(ask('dynamicCode', 'curl'));
  return { findings: present(findings) };
};

/** wget: downloads into the cwd (or -P/-O); posting sends data out. */
const wget: ProgramHandler = (args, ctx) => {
  const o = parseOptions(argTexts(args), {
    shortValues: 'OPoaUTtwe',
    long: [
      'post-data=',
      'post-file=',
      'method=',
      'body-data=',
      'body-file=',
      'output-document=',
      'directory-prefix=',
      'output-file=',
      'append-output=',
      'execute=',
      'spider',
      'user-agent=',
      'header=',
      'quiet',
      'timeout=',
      'tries=',
    ],
  });
  const findings: Found[] = [];
  if (
    hasAny(o, 'post-data', 'post-file', 'body-data', 'body-file') ||
    (o.values.get('method') ?? []).some((m) => !/^(GET|HEAD)$/i.test(m))
  )
    findings.push(ask('sendsData', 'wget'));
  if (hasAny(o, 'e', 'execute')) findings.push(ask('dynamicCode', 'wget -e'));
  const document = o.values.get('O') ?? o.values.get('output-document');
  if (document) findings.push(...document.filter((d) => d !== '-').map((d) => writeFinding(d, ctx)));
  else if (!hasAny(o, 'spider'))
    findings.push(writeFinding(o.values.get('P')?.[0] ?? o.values.get('directory-prefix')?.[0] ?? '.', ctx));
  for (const log of [...(o.values.get('o') ?? []), ...(o.values.get('a') ?? [])])
    findings.push(writeFinding(log, ctx));
  if (hasUnknownOption(args)) findings.push(ask('dynamicCode', 'wget'));
  return { findings: present(findings) };
};

const isRemote = (path: string) => /^[^/]*::|^[^/:]+:/.test(path) && !/^[a-z]+:\/\//i.test(path);

/** rsync: the last operand is written; a remote destination sends data out; --delete deletes. */
const rsync: ProgramHandler = (args, ctx) => {
  const o = parseOptions(argTexts(args), {
    shortValues: 'eBfT',
    long: [
      'delete',
      'delete-before',
      'delete-during',
      'delete-delay',
      'delete-after',
      'delete-excluded',
      'del',
      'remove-source-files',
      'rsh=',
      'rsync-path=',
      'exclude=',
      'include=',
      'filter=',
      'files-from=',
      'backup-dir=',
      'temp-dir=',
      'partial-dir=',
      'log-file=',
      'password-file=',
      'dry-run',
    ],
  });
  const findings: Found[] = [];
  if ([...o.flags].some((f) => f.startsWith('del') || f === 'remove-source-files'))
    findings.push(ask('deletes', 'rsync --delete'));
  if (hasAny(o, 'rsync-path', 'e', 'rsh')) findings.push(ask('dynamicCode', 'rsync -e'));
  const destination = o.operands.at(-1);
  if (destination !== undefined && o.operands.length > 1) {
    if (isRemote(destination)) findings.push(ask('sendsData', `rsync → ${destination}`));
    else if (!hasAny(o, 'n', 'dry-run')) findings.push(writeFinding(destination, ctx));
  }
  if (hasUnknownOption(args)) findings.push(ask('dynamicCode', 'rsync'));
  return { findings: present(findings) };
};

/** git -c keys whose values are commands git runs (pager, editor, ssh, hooks, filters, aliases …). */
const GIT_COMMAND_KEYS =
  /^(core\.(pager|editor|sshcommand|fsmonitor|hookspath|askpass|gitproxy|attributesfile|worktree)|alias\..*|.*\.(command|cmd|helper|textconv|clean|smudge|process|tool|program|path)|diff\.external|sequence\.editor|credential\..*|gpg\..*|uploadpack\..*|receivepack\..*|include\..*|includeif\..*|protocol\..*)$/i;

const GIT_READ = new Set([
  'status',
  'log',
  'diff',
  'show',
  'blame',
  'ls-files',
  'ls-tree',
  'rev-parse',
  'rev-list',
  'describe',
  'shortlog',
  'grep',
  'cat-file',
  'show-ref',
  'whatchanged',
  'name-rev',
  'count-objects',
  'fsck',
  'var',
  'help',
  'version',
  'check-ignore',
  'for-each-ref',
  'merge-base',
  'cherry',
  'reflog',
  'fetch',
  'ls-remote',
  'annotate',
  'show-branch',
  'range-diff',
  'archive',
  'bisect',
  'notes',
  'verify-commit',
  'verify-tag',
  'worktree',
  'submodule',
]);
const GIT_WRITE = new Set([
  'add',
  'commit',
  'checkout',
  'switch',
  'restore',
  'merge',
  'rebase',
  'pull',
  'clone',
  'init',
  'mv',
  'tag',
  'cherry-pick',
  'revert',
  'apply',
  'am',
  'format-patch',
  'mergetool',
  'config',
  'remote',
  'branch',
  'stash',
  'reset',
  'rm',
  'clean',
  'gc',
  'prune',
  'update-ref',
  'filter-branch',
  'replace',
  'sparse-checkout',
  'lfs',
]);

/** The git subcommand and its arguments, after the global options; undefined when a global option can run a command. */
function gitSubcommand(texts: string[]): { sub: string; rest: string[]; dir: string; risky?: string } {
  let dir = '.';
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] as string;
    if (text === '-C') dir = texts[++i] ?? '.';
    else if (text === '-c') {
      const setting = texts[++i] ?? '';
      if (GIT_COMMAND_KEYS.test(setting.split('=')[0] as string))
        return { sub: '', rest: [], dir, risky: setting };
    } else if (/^--(exec-path|git-dir|work-tree|config-env|namespace)(=|$)/.test(text)) {
      if (text.startsWith('--exec-path') || text.startsWith('--config-env'))
        return { sub: '', rest: [], dir, risky: text };
      if (!text.includes('=')) i++;
    } else if (!text.startsWith('-')) return { sub: text, rest: texts.slice(i + 1), dir };
  }
  return { sub: '', rest: [], dir };
}

const git: ProgramHandler = (args, ctx) => {
  const { sub, rest, dir, risky } = gitSubcommand(argTexts(args));
  if (risky) return { findings: [ask('commandConfig', `git ${risky}`)] };
  if (hasUnknownOption(args)) return { findings: [ask('dynamicCode', 'git')] };
  const o = parseOptions(rest, {
    long: ['delete', 'force', 'hard', 'cached', 'dry-run', 'mirror', 'all', 'output=', 'ext-diff'],
  });
  if (sub === '' || GIT_READ.has(sub)) {
    if (hasAny(o, 'output'))
      return { findings: present((o.values.get('output') ?? []).map((p) => writeFinding(p, ctx))) };
    if (hasAny(o, 'ext-diff')) return { findings: [ask('commandConfig', 'git --ext-diff')] };
    return {};
  }
  if (sub === 'push' || sub === 'send-email' || sub === 'request-pull')
    return { findings: [ask('sendsData', `git ${sub}`)] };
  const deletes =
    (sub === 'clean' && !hasAny(o, 'n', 'dry-run')) ||
    (sub === 'rm' && !hasAny(o, 'cached')) ||
    (sub === 'reset' && hasAny(o, 'hard')) ||
    (sub === 'branch' && hasAny(o, 'd', 'D', 'delete')) ||
    (sub === 'tag' && hasAny(o, 'd', 'delete')) ||
    (sub === 'stash' && /^(drop|clear)$/.test(o.operands[0] ?? '')) ||
    ((sub === 'checkout' || sub === 'restore') && hasAny(o, 'f', 'force')) ||
    /^(gc|prune|filter-branch|update-ref|replace)$/.test(sub);
  if (deletes) return { findings: [ask('deletes', `git ${sub}`)] };
  if (GIT_WRITE.has(sub)) {
    const target = sub === 'clone' ? (o.operands[1] ?? '.') : dir;
    return { findings: present([writeFinding(target, ctx)]) };
  }
  // Anything else may be an alias or an external git-* program.
  return { runsCode: true };
};

/** npm, pnpm, yarn, pip, cargo, go …: installing is asked; queries are reads; the rest runs project code. */
function packageTool(
  installs: RegExp,
  reads: RegExp,
  globalFlag = /^(-g|--global|--user|--system)$/,
): ProgramHandler {
  return (args, _ctx, program) => {
    const texts = argTexts(args);
    const sub = texts.find((t) => !t.startsWith('-')) ?? '';
    if (installs.test(sub))
      return {
        findings: [
          ask(
            'installs',
            `${program} ${sub}`,
            texts.some((t) => globalFlag.test(t)) || program.startsWith('pip'),
          ),
        ],
      };
    if (sub === 'publish' || sub === 'upload') return { findings: [ask('sendsData', `${program} ${sub}`)] };
    if (sub === '' || reads.test(sub) || PACKAGE_QUERIES.has(sub)) return {};
    return { runsCode: true };
  };
}

const NODE_INSTALLS =
  /^(install|i|add|ci|uninstall|remove|rm|un|update|up|upgrade|link|ln|dedupe|prune|rebuild)$/;
const NODE_READS =
  /^(ls|list|ll|la|view|info|outdated|audit|explain|why|root|bin|prefix|config|get|search|help|version|--version|-v|pack)$/;

const nodePackages = packageTool(NODE_INSTALLS, NODE_READS);
const pip = packageTool(
  /^(install|uninstall|download|wheel)$/,
  /^(list|show|freeze|check|help|index|inspect|debug|config|cache)$/,
);

/** System package managers: queries are reads; everything else installs on the host. */
const systemPackages: ProgramHandler = (args, _ctx, program) => {
  const texts = argTexts(args);
  if (program === 'apt-cache' || texts.length === 0 || texts.some((t) => PACKAGE_QUERIES.has(t))) return {};
  return { findings: [ask('installs', `${program} ${texts[0] ?? ''}`.trim(), true)] };
};

/** systemctl, docker, crontab …: queries are reads; the rest changes the system. */
const systemChanger: ProgramHandler = (args, _ctx, program) => {
  const texts = argTexts(args);
  const sub = texts.find((t) => !t.startsWith('-') || t === '-l') ?? '';
  if ((texts.length === 0 && program !== 'crontab') || SYSTEM_QUERIES.has(sub)) return {};
  return { findings: [ask('changesSystem', `${program} ${sub}`.trim(), true)] };
};

export const NET_HANDLERS: Record<string, ProgramHandler> = {
  curl,
  wget,
  rsync,
  git,
  npm: nodePackages,
  pnpm: nodePackages,
  yarn: nodePackages,
  pip,
  pip3: pip,
  pipx: packageTool(/^(install|uninstall|upgrade|inject|reinstall)$/, /^(list|environment)$/, /./),
  gem: packageTool(/^(install|uninstall|update)$/, /^(list|search|info|env)$/, /./),
  cargo: packageTool(/^(install|uninstall|add|remove)$/, /^(search|tree|metadata|--version)$/, /^install$/),
  go: packageTool(/^(install|get)$/, /^(version|env|list|doc|vet|fmt)$/, /^install$/),
  ...Object.fromEntries([...SYSTEM_PACKAGE_MANAGERS, 'apt-cache'].map((p) => [p, systemPackages])),
  systemctl: systemChanger,
  service: systemChanger,
  docker: systemChanger,
  podman: systemChanger,
  crontab: systemChanger,
};
