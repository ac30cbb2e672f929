/**
 * Where commands run: the sandbox kind and version, its network (isolated, through slirp4netns, or
 * off and why), what answers approvals, the safety mode and rules. Broken when `safety.sandbox =
 * bwrap` cannot be honoured (the server refuses to start); a warning when commands run unconfined.
 */

import type { SandboxStatus } from '../../safety/sandbox/sandbox.js';
import { describeSandbox, describeSandboxNetwork } from '../../safety/sandbox/sandbox-notices.js';
import { resolveSandbox } from '../../safety/sandbox/sandbox-probe.js';
import { doctorMessages } from '../commands/messages.js';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

export interface SandboxCheck {
  check: DoctorCheck;
  sandbox: SandboxStatus;
  credential: 'token' | 'client_key';
}

export async function checkSandbox({ ctx, t }: DoctorInput): Promise<SandboxCheck> {
  const safety = ctx.loaded.config.safety;
  const m = doctorMessages(ctx.lang);
  const sandbox = await resolveSandbox(safety, ctx.lang);
  const credential = ctx.loaded.config.server.token !== '' ? 'token' : 'client_key';
  const lines = [
    sandbox.kind === 'bwrap' ? describeSandboxNetwork(sandbox, ctx.lang) : m.network(sandbox.network),
    m.credential(credential),
    m.mode(safety.mode, safety.sandbox),
    m.rules(safety.rules.length),
  ];
  const summary = describeSandbox(sandbox, ctx.lang);
  const check: DoctorCheck =
    sandbox.kind === 'bwrap'
      ? sandbox.networkOff
        ? { id: 'sandbox', status: 'warn', summary, lines, fix: t.sandboxNetworkFix }
        : { id: 'sandbox', status: 'ok', summary, lines }
      : sandbox.kind === 'off'
        ? { id: 'sandbox', status: 'warn', summary, lines, fix: t.sandboxOffFix }
        : safety.sandbox === 'bwrap'
          ? {
              id: 'sandbox',
              status: 'fail',
              summary,
              lines: [...lines, m.unmet],
              fix: t.sandboxUnavailableFix(true),
            }
          : { id: 'sandbox', status: 'warn', summary, lines, fix: t.sandboxUnavailableFix(false) };
  return { check, sandbox, credential };
}
