/**
 * Outbound network for the sandbox without the host's loopback. Every sandbox has its own
 * network namespace (`--unshare-net`); when `safety.network` is on, slirp4netns serves it a
 * user-mode network stack with `--disable-host-loopback`, so a command reaches the outside world
 * but neither the host's 127.0.0.1 (its own loopback is its own) nor the host through the gateway
 * 10.0.2.2 — in particular not the box's own port.
 *
 * The launch is a small POSIX shell script that ends by exec-ing bwrap, so bwrap's parent stays the
 * server and `--die-with-parent` keeps its meaning. Before that it starts a helper in the background:
 * it reads the sandbox's pid from `--info-fd`, starts slirp4netns on that namespace and releases
 * `--block-fd` once slirp4netns reports the network configured (or failed: the command then runs
 * with loopback only, never blocked). slirp4netns exits when `--sync-fd` closes, i.e. when the
 * sandbox ends, whatever ended it. Every program the script runs is an absolute path found at
 * start-up, so a PATH in the command's environment changes nothing on the host.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';

/** What start-up found to serve the sandbox's network. */
export interface NetworkStack {
  /** Absolute path of slirp4netns. */
  slirp: string;
  /** First line of `slirp4netns --version`. */
  version: string;
  /** Absolute paths of the helpers the launch script runs on the host. */
  mktemp: string;
  mkfifo: string;
  rm: string;
  /**
   * Where the sandbox's resolv.conf is replaced by one naming slirp's resolver 10.0.2.3 (the
   * host's names a loopback resolver such as systemd-resolved's 127.0.0.53, unreachable from the
   * namespace); undefined when the host's file works as it is.
   */
  resolvConf?: string;
}

/** slirp's built-in DNS forwarder inside the namespace. */
export const SLIRP_DNS = '10.0.2.3';
/** The fd the generated resolv.conf is read from (`--ro-bind-data`). */
const RESOLV_FD = 6;

const SYSTEM_DIRS = ['/usr/bin', '/bin', '/usr/sbin', '/sbin'];

/** The first existing `dir/name` among the system directories (never the PATH of a command). */
export function systemProgram(name: string, dirs: readonly string[] = SYSTEM_DIRS): string | undefined {
  for (const dir of dirs) {
    const path = join(dir, name);
    if (existsSync(path)) return path;
  }
  return undefined;
}

/** True when every `nameserver` of a resolv.conf is a loopback address (or there is none). */
export function resolverIsLoopback(text: string): boolean {
  const servers = text
    .split('\n')
    .map((line) => /^\s*nameserver\s+(\S+)/.exec(line)?.[1])
    .filter((s): s is string => s !== undefined);
  return servers.every((s) => s.startsWith('127.') || s === '::1');
}

/** The path to replace in the sandbox when the host's resolver is loopback (see `NetworkStack.resolvConf`). */
export function resolvConfToReplace(path = '/etc/resolv.conf'): string | undefined {
  let text = '';
  let real = path;
  try {
    real = realpathSync(path);
    text = readFileSync(real, 'utf8');
  } catch {
    // Absent: bwrap cannot mount over a missing file; DNS stays as it is.
    return undefined;
  }
  return resolverIsLoopback(text) ? real : undefined;
}

/** The bwrap options the network adds to the mounts (the generated resolv.conf). */
export function networkMounts(stack: NetworkStack | undefined): string[] {
  return stack?.resolvConf ? ['--ro-bind-data', String(RESOLV_FD), stack.resolvConf] : [];
}

const q = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;

/** The launch script (`/bin/sh -c SCRIPT aibox-sandbox BWRAP ARGS…`). */
function launchScript(stack: NetworkStack): string {
  const dns = stack.resolvConf ? ` ${RESOLV_FD}<<'AIBOX_RESOLV'\nnameserver ${SLIRP_DNS}\nAIBOX_RESOLV` : '';
  return [
    'b=$1; shift',
    `d=$(${q(stack.mktemp)} -d /tmp/aibox-net.XXXXXX) || exit 125`,
    `${q(stack.mkfifo)} -m 600 "$d/i" "$d/b" "$d/e" || { ${q(stack.rm)} -rf "$d"; exit 125; }`,
    '(',
    '  exec 3<"$d/i" 4>"$d/b" 5<"$d/e" </dev/null >/dev/null 2>&1',
    `  ${q(stack.rm)} -rf "$d"`,
    '  pid=',
    // Read to the end: closing early would kill bwrap with SIGPIPE while it writes the rest.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: shell parameter expansion
    '  while IFS= read -r l <&3; do case $l in *child-pid*) pid=${l#*:}; pid=${pid%,}; pid=${pid# };; esac; done',
    '  exec 3<&-',
    '  case $pid in ""|*[!0-9]*) printf 1 >&4; exit 0;; esac',
    // bwrap brings the namespace's loopback up before it waits on --block-fd: slirp4netns must not
    // configure the namespace at the same time (bwrap then fails "loopback: Failed RTM_NEWADDR").
    // Wait (bounded, builtins only) until 127.0.0.1 is in the namespace's routing table.
    '  n=0; while [ $n -lt 50000 ]; do f=; while IFS= read -r l; do case $l in *127.0.0.1*) f=1; break;; esac; done <"/proc/$pid/net/fib_trie" || break; [ -n "$f" ] && break; n=$((n+1)); done',
    `  ${q(stack.slirp)} --configure --disable-host-loopback --mtu 65520 --exit-fd 5 --ready-fd 6 "$pid" tap0 6>&1 >/dev/null 4>&- | { read -r _; printf 1 >&4; }`,
    ') &',
    `exec "$b" --info-fd 3 --block-fd 4 --sync-fd 5 "$@" 3>"$d/i" 4<"$d/b" 5>"$d/e"${dns}`,
  ].join('\n');
}

/** How to start `bwrap ARGS…` with the network served by slirp4netns. */
export function withNetwork(
  stack: NetworkStack,
  bwrap: string,
  bwrapArgv: readonly string[],
): { command: string; args: string[] } {
  return { command: '/bin/sh', args: ['-c', launchScript(stack), 'aibox-sandbox', bwrap, ...bwrapArgv] };
}
