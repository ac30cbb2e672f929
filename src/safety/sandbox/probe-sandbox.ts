/**
 * Where a skill's `--help` probe runs. With bubblewrap (and `safety.mode` not off) every probe runs
 * in the sandbox: the system read-only, the skills dir read-only, nothing writable but a private
 * empty /tmp (also its cwd), secrets and host sockets hidden, no network, its own PID namespace,
 * killed with the server. Where no sandbox can run, a skill the user placed by hand (or approved
 * and unchanged) is probed on the host as before; one the model made, installed or changed is
 * held until a person says yes.
 */
import { realpathSync } from 'node:fs';
import type { Config } from '../../config/schema.js';
import type { ProbeLaunch, ProbeRunner } from '../../skills/probe/probe-outcome.js';
import { HOST_SOCKETS, isWithin, type ProtectedDataPaths, protectedPaths } from '../protected-paths.js';
import { bwrapMounts, type SandboxStatus } from './sandbox.js';

interface ProbeRunnerOptions {
  /** What start-up found about bubblewrap; asked for on the first probe only. */
  sandbox: () => Promise<SandboxStatus>;
  /** `safety.mode`, read at every probe (live config). */
  mode: () => Config['safety']['mode'];
  skillsDir: string;
  /** The config file in `paths` is the one loaded. */
  paths: ProtectedDataPaths;
  /** The user's home (credential stores are hidden). */
  home: string;
  /** Without a sandbox: whether the skill may be probed on the host unasked (no record, or approved and unchanged). */
  trustedOnHost: (name: string, path: string) => boolean;
}

/** The top directory under /tmp holding the program a skill links to (bound back read-only), if any. */
function tmpHolder(path: string): string[] {
  try {
    const real = realpathSync(path);
    const top = real.startsWith('/tmp/') ? real.slice('/tmp/'.length).split('/')[0] : undefined;
    return top ? [`/tmp/${top}`] : [];
  } catch {
    return [];
  }
}

/** The bwrap argv that runs `path --help` in the probe sandbox. */
export function probeSandboxArgs(
  options: Pick<ProbeRunnerOptions, 'skillsDir' | 'paths' | 'home'>,
  path: string,
): string[] {
  const hidden = [...protectedPaths(options.paths, options.home), ...HOST_SOCKETS];
  const layout = {
    skillsDir: options.skillsDir,
    home: options.home,
    dataDirs: [options.paths.home, options.paths.prompts],
    hidden,
  };
  const readable = tmpHolder(path).filter((dir) => !isWithin(options.skillsDir, dir));
  return [...bwrapMounts(layout, '/tmp', [], readable), path, '--help'];
}

export function createProbeRunner(options: ProbeRunnerOptions): ProbeRunner {
  return {
    async launch(path, name, origin): Promise<ProbeLaunch> {
      if (options.mode() === 'off') return { where: 'host' };
      const sandbox = await options.sandbox();
      if (sandbox.kind === 'bwrap')
        return {
          where: 'sandbox',
          command: sandbox.program ?? 'bwrap',
          args: probeSandboxArgs(options, path),
        };
      if (origin === 'person') return { where: 'host' };
      if (origin === 'model') return { where: 'held' };
      return options.trustedOnHost(name, path) ? { where: 'host' } : { where: 'held' };
    },
  };
}
