/**
 * `aibox doctor`: everything a user would otherwise debug by hand, each with a fix: the model with
 * its key (one tiny request; `--offline` skips it and the chat platforms), the data dir's owner and
 * modes, the database's integrity, the sandbox, each MCP server, each channel's credentials, disk
 * space and the port (src/cli/doctor/). Exit code 1 when something is broken; `--json` for scripts.
 */
import type { Command } from 'commander';
import { detectLang } from '../../i18n/lang.js';
import { commandContext, printJson, printLine } from '../command-helpers.js';
import { langFlagOf } from '../context.js';
import { selfCommand } from '../self-command.js';
import { doctorMessages } from './messages.js';

export function register(program: Command): void {
  const t = doctorMessages(detectLang({ flag: langFlagOf() }));
  program
    .command('doctor')
    .description(t.description)
    .option('--json', t.json)
    .option('--offline', t.offline)
    .action(async (options: { json?: boolean; offline?: boolean }, command: Command) => {
      // Loaded here, not at the top: other commands need none of it.
      const { runDoctor } = await import('../doctor/run-doctor.js');
      const ctx = await commandContext(command);
      const offline = options.offline === true;
      const report = await runDoctor(ctx, { offline, aibox: selfCommand() });
      if (options.json) {
        const { sandbox, credential } = report.sandbox;
        const safety = ctx.loaded.config.safety;
        printJson({
          ok: report.ok,
          checks: report.checks,
          sandbox: { ...sandbox, stack: sandbox.stack?.version },
          approvals: { credential },
          mode: safety.mode,
          sandbox_setting: safety.sandbox,
          rules: safety.rules.length,
        });
      } else {
        const { renderReport } = await import('../doctor/render-report.js');
        printLine(renderReport(report, ctx.lang, offline));
      }
      if (!report.ok) process.exitCode = 1;
    });
}
