/** What start-up says about command safety: mode off, where commands run and their network. */
import type { Config } from '../../config/schema.js';
import { AppError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { safetyMessages } from '../messages.js';
import type { SandboxStatus } from './sandbox.js';

/** One line on where commands run. */
export function describeSandbox(sandbox: SandboxStatus, lang: Lang): string {
  const t = safetyMessages(lang);
  if (sandbox.kind === 'bwrap')
    return sandbox.version ? t.sandboxBwrapVersion(sandbox.version) : t.sandboxBwrap;
  if (sandbox.kind === 'off') return t.sandboxOff;
  return t.sandboxUnavailable(sandbox.reason ?? '?');
}

/** One line on the sandbox's network (only meaningful when the sandbox runs). */
export function describeSandboxNetwork(sandbox: SandboxStatus, lang: Lang): string {
  const t = safetyMessages(lang);
  if (sandbox.network && sandbox.stack) return t.networkIsolated(sandbox.stack.version);
  if (sandbox.networkOff) return t.networkOffBecause(sandbox.networkOff);
  return t.networkOffConfig;
}

/**
 * The notices of every start (mode off is warned each time; a missing sandbox is said, and so is a
 * network that is configured on but cannot be served), or an AppError when `safety.sandbox = bwrap`
 * and bubblewrap cannot run.
 */
export function sandboxNotices(safety: Config['safety'], sandbox: SandboxStatus, lang: Lang): string[] {
  const t = safetyMessages(lang);
  if (safety.mode === 'off') return [t.modeOff];
  if (safety.sandbox === 'bwrap' && sandbox.kind !== 'bwrap')
    throw new AppError('sandbox_unavailable', t.sandboxRequired(sandbox.reason ?? '?'));
  if (sandbox.kind !== 'bwrap') return [describeSandbox(sandbox, lang)];
  return sandbox.networkOff ? [describeSandboxNetwork(sandbox, lang)] : [];
}
