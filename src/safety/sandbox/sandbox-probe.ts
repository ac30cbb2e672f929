/**
 * Whether bubblewrap works here, and what serves its network: run once at start-up with the real
 * options (user namespaces may be disabled, bwrap or slirp4netns missing) and remembered for the
 * life of the process (one probe for every app it starts). With `safety.network` on and no
 * working slirp4netns the sandbox's network stays off (fail closed) and the status says why.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../../config/schema.js';
import type { Lang } from '../../i18n/lang.js';
import { runProcess } from '../../util/run-process.js';
import { safetyMessages } from '../messages.js';
import { bwrapArgs, type SandboxStatus, sandboxSpawn } from './sandbox.js';
import { type NetworkStack, resolvConfToReplace, systemProgram } from './sandbox-network.js';
import { prepareSandboxView } from './sandbox-view.js';

const PROBE_TIMEOUT_MS = 5000;
/**
 * bwrap and slirp4netns are looked for once, on the server's own PATH (the user's), and then run
 * by absolute path: a PATH in a command's environment never picks them.
 */
const pathDirs = () => (process.env.PATH ?? '/usr/bin:/bin').split(':').filter((d) => d.startsWith('/'));
const PROBE_ENV = { PATH: '/usr/bin:/bin' };
/** Exits 0 when the namespace has the slirp4netns interface (read through the sandbox's own /proc). */
const HAS_TAP = 'while read -r l; do case $l in tap0:*) exit 0;; esac; done < /proc/net/dev; exit 1';

function firstLine(buffer: Buffer): string {
  return buffer.toString('utf8').trim().split('\n')[0] ?? '';
}

async function versionOf(program: string): Promise<string> {
  const run = await runProcess({
    command: program,
    args: ['--version'],
    timeoutMs: PROBE_TIMEOUT_MS,
    env: PROBE_ENV,
  });
  return firstLine(run.stdout) || firstLine(run.stderr);
}

/** Runs `HAS_TAP`/`true` in the sandbox in a scratch dir; undefined when it worked, else why not. */
async function trySandbox(
  status: Pick<SandboxStatus, 'program' | 'stack'>,
  command: string,
): Promise<string | undefined> {
  const [dir] = await Promise.all([mkdtemp(join(tmpdir(), 'aibox-bwrap-probe-')), prepareSandboxView()]);
  try {
    // The same view as commands get (a mount it needs that fails here makes the sandbox unavailable).
    const layout = {
      workspace: dir,
      skillsDir: dir,
      home: process.env.HOME ?? homedir(),
      dataDirs: [],
      hidden: [],
      network: status.stack,
    };
    const spawn = sandboxSpawn(status, bwrapArgs(layout, command, dir));
    const run = await runProcess({ ...spawn, timeoutMs: PROBE_TIMEOUT_MS, env: PROBE_ENV });
    if (run.exitCode === 0) return undefined;
    return firstLine(run.stderr) || run.spawnError?.message || `exit ${run.exitCode ?? run.signal}`;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** slirp4netns and the helpers of the launch, or why the network cannot be served. */
async function findStack(lang: Lang): Promise<NetworkStack | string> {
  const t = safetyMessages(lang);
  const slirp = systemProgram('slirp4netns', pathDirs());
  if (!slirp) return t.slirpMissing;
  const mktemp = systemProgram('mktemp');
  const mkfifo = systemProgram('mkfifo');
  const rmPath = systemProgram('rm');
  if (!mktemp || !mkfifo || !rmPath) return t.coreutilsMissing;
  const resolvConf = resolvConfToReplace();
  return {
    slirp,
    version: await versionOf(slirp),
    mktemp,
    mkfifo,
    rm: rmPath,
    ...(resolvConf ? { resolvConf } : {}),
  };
}

/**
 * What each probe found, by all it depends on: a process probes once, however many apps it
 * starts (a test worker starts many), and again only if PATH, HOME or the temp dir change.
 */
const probed = new Map<string, Promise<Readonly<SandboxStatus>>>();

/** Probes bwrap (and, with `network`, slirp4netns); resolves to what works. Never rejects. */
export function probeBwrap(network: boolean, lang: Lang): Promise<Readonly<SandboxStatus>> {
  const key = JSON.stringify([network, lang, process.env.PATH, process.env.HOME, tmpdir()]);
  let status = probed.get(key);
  if (!status) {
    status = probeNow(network, lang).then((found) => Object.freeze(found));
    probed.set(key, status);
  }
  return status;
}

async function probeNow(network: boolean, lang: Lang): Promise<SandboxStatus> {
  const t = safetyMessages(lang);
  const program = systemProgram('bwrap', pathDirs());
  if (!program) return { kind: 'unavailable', reason: t.bwrapMissing, network: false };
  const failed = await trySandbox({ program }, 'true');
  if (failed) return { kind: 'unavailable', reason: failed, network: false };
  const base: SandboxStatus = { kind: 'bwrap', program, version: await versionOf(program), network: false };
  if (!network) return base;
  const stack = await findStack(lang);
  if (typeof stack === 'string') return { ...base, networkOff: stack };
  const noNetwork = await trySandbox({ program, stack }, HAS_TAP);
  if (noNetwork) return { ...base, networkOff: t.slirpFailed(stack.version, noNetwork) };
  return { ...base, network: true, stack };
}

/** The sandbox for the configured `safety.sandbox`: off, required (throws when unusable), or auto. */
export async function resolveSandbox(config: Config['safety'], lang: Lang): Promise<SandboxStatus> {
  // Probed even under safety.mode = off, so switching the mode on with /reload gets the sandbox.
  if (config.sandbox === 'off') return { kind: 'off', network: config.network };
  return probeBwrap(config.network, lang);
}
