/** What start-up says about command safety: mode off, and where commands run. */
import type { Config } from '../config/schema.js';
import { AppError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import { safetyMessages } from './messages.js';
import type { SandboxStatus } from './sandbox.js';

/** One line on where commands run. */
export function describeSandbox(sandbox: SandboxStatus, lang: Lang): string {
  const t = safetyMessages(lang);
  if (sandbox.kind === 'bwrap') return t.sandboxBwrap;
  if (sandbox.kind === 'off') return t.sandboxOff;
  return t.sandboxUnavailable(sandbox.reason ?? '?');
}

/**
 * The notices of every start (mode off is warned each time; a missing sandbox is said), or an
 * AppError when `safety.sandbox = bwrap` and bubblewrap cannot run.
 */
export function sandboxNotices(safety: Config['safety'], sandbox: SandboxStatus, lang: Lang): string[] {
  const t = safetyMessages(lang);
  if (safety.mode === 'off') return [t.modeOff];
  if (safety.sandbox === 'bwrap' && sandbox.kind !== 'bwrap')
    throw new AppError('sandbox_unavailable', t.sandboxRequired(sandbox.reason ?? '?'));
  return sandbox.kind === 'bwrap' ? [] : [describeSandbox(sandbox, lang)];
}
