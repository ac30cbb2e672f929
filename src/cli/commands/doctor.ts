/**
 * `aibox doctor`: what this machine gives Aibox's safety — whether the bubblewrap sandbox works
 * (and why not), the safety mode and how many rules the config has. Exit code 1 when
 * `safety.sandbox = bwrap` cannot be honoured, so scripts can check it.
 */
import type { Command } from 'commander';
import { detectLang } from '../../i18n/lang.js';
import { commandContext, printJson, printLine } from '../command-helpers.js';
import { doctorMessages } from './messages.js';

export function register(program: Command): void {
  const t = doctorMessages(detectLang());
  program
    .command('doctor')
    .description(t.description)
    .option('--json', t.json)
    .action(async (options: { json?: boolean }, command: Command) => {
      // Loaded here, not at the top: other commands need none of it.
      const { describeSandbox, describeSandboxNetwork } = await import('../../safety/sandbox-notices.js');
      const { resolveSandbox } = await import('../../safety/sandbox-probe.js');
      const ctx = await commandContext(command);
      const safety = ctx.loaded.config.safety;
      const sandbox = await resolveSandbox(safety, ctx.lang);
      const unmet = safety.sandbox === 'bwrap' && sandbox.kind !== 'bwrap';
      const credential = ctx.loaded.config.server.token !== '' ? 'token' : 'client_key';
      if (options.json) {
        printJson({
          sandbox: { ...sandbox, stack: sandbox.stack?.version },
          approvals: { credential },
          mode: safety.mode,
          sandbox_setting: safety.sandbox,
          rules: safety.rules.length,
        });
      } else {
        const m = doctorMessages(ctx.lang);
        printLine(`${sandbox.kind === 'bwrap' ? '✅' : '⚠️ '} ${describeSandbox(sandbox, ctx.lang)}`);
        printLine(
          sandbox.kind === 'bwrap' ? describeSandboxNetwork(sandbox, ctx.lang) : m.network(sandbox.network),
        );
        printLine(m.credential(credential));
        printLine(m.mode(safety.mode, safety.sandbox));
        printLine(m.rules(safety.rules.length));
        if (unmet) printLine(`❌ ${m.unmet}`);
      }
      if (unmet) process.exitCode = 1;
    });
}
