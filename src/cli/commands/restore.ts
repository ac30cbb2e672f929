/** `aibox restore SNAPSHOT` (docs/backups.md). */
import type { Command } from 'commander';
import { backupMessages } from '../../backup/messages.js';
import { detectLang } from '../../i18n/lang.js';
import { commandContext, printJson, printLine } from '../command-helpers.js';
import { langFlagOf } from '../context.js';
import { selfCommand } from '../self-command.js';

export function register(program: Command): void {
  const t = backupMessages(detectLang({ flag: langFlagOf() }));
  program
    .command('restore')
    .description(t.restoreDescription)
    .argument('<snapshot>', t.snapshotArgument)
    .option('--json', t.jsonOption)
    .action(async (snapshot: string, options: { json?: boolean }, command: Command) => {
      const [{ snapshotFile, snapshotSetup }, { restoreSnapshot }, { restoreCommand }] = await Promise.all([
        import('./backup-context.js'),
        import('../../backup/restore-snapshot.js'),
        import('../../backup/migration-snapshots.js'),
      ]);
      const ctx = await commandContext(command);
      const m = backupMessages(ctx.lang);
      const setup = snapshotSetup(ctx);
      const file = snapshotFile(snapshot, setup.dir);
      const result = await restoreSnapshot({ ...setup, file, lang: ctx.lang });
      if (options.json) return printJson({ restored: file, before: result.before.file });
      printLine(m.restored(file, result.restored.created_at));
      printLine(m.beforeSaved(restoreCommand(selfCommand(), result.before.file)));
    });
}
