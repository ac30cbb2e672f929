/**
 * Whether bubblewrap works here: run once at start-up with the real options (user namespaces
 * may be disabled, or bwrap missing) and remembered for the life of the process.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import { runProcess } from '../util/run-process.js';
import { safetyMessages } from './messages.js';
import { bwrapArgs, type SandboxStatus } from './sandbox.js';
import { prepareSandboxView } from './sandbox-view.js';

const PROBE_TIMEOUT_MS = 5000;

/** Runs `bwrap … /bin/true` once; resolves to what works. Never rejects. */
export async function probeBwrap(network: boolean, lang: Lang): Promise<SandboxStatus> {
  const [dir] = await Promise.all([mkdtemp(join(tmpdir(), 'aibox-bwrap-probe-')), prepareSandboxView()]);
  try {
    const run = await runProcess({
      command: 'bwrap',
      // The same view as commands get (a mount it needs that fails here makes the sandbox unavailable).
      args: bwrapArgs(
        {
          workspace: dir,
          skillsDir: dir,
          home: process.env.HOME ?? homedir(),
          dataDirs: [],
          hidden: [],
          network,
        },
        'true',
        dir,
      ),
      timeoutMs: PROBE_TIMEOUT_MS,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
    });
    if (run.spawnError?.code === 'ENOENT')
      return { kind: 'unavailable', reason: safetyMessages(lang).bwrapMissing, network };
    if (run.exitCode === 0) return { kind: 'bwrap', network };
    const why =
      run.stderr.toString('utf8').trim() || run.spawnError?.message || `exit ${run.exitCode ?? run.signal}`;
    return { kind: 'unavailable', reason: why.split('\n')[0], network };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The sandbox for the configured `safety.sandbox`: off, required (throws when unusable), or auto. */
export async function resolveSandbox(config: Config['safety'], lang: Lang): Promise<SandboxStatus> {
  // Probed even under safety.mode = off, so switching the mode on with /reload gets the sandbox.
  if (config.sandbox === 'off') return { kind: 'off', network: config.network };
  return probeBwrap(config.network, lang);
}
