/** `aibox backup [--to DIR]` and `aibox backup --list` (docs/backups.md). */
import type { Command } from 'commander';
import { backupMessages } from '../../backup/messages.js';
import { detectLang } from '../../i18n/lang.js';
import { commandContext, printJson, printLine } from '../command-helpers.js';
import { langFlagOf } from '../context.js';

interface BackupOptions {
  to?: string;
  list?: boolean;
  json?: boolean;
}

export function register(program: Command): void {
  const t = backupMessages(detectLang({ flag: langFlagOf() }));
  program
    .command('backup')
    .description(t.backupDescription)
    .option('--to <dir>', t.toOption)
    .option('--list', t.listOption)
    .option('--json', t.jsonOption)
    .action(async (options: BackupOptions, command: Command) => {
      const [{ snapshotSetup }, { formatBytes }] = await Promise.all([
        import('./backup-context.js'),
        import('../../tools/format.js'),
      ]);
      const ctx = await commandContext(command);
      const m = backupMessages(ctx.lang);
      const setup = snapshotSetup(ctx, options.to);
      if (options.list) {
        const { listSnapshots } = await import('../../backup/list-snapshots.js');
        const listed = await listSnapshots(setup.dir);
        if (options.json)
          return printJson(
            listed.map(({ manifest, ...rest }) => ({
              ...rest,
              ...(manifest ? { manifest: { ...manifest, files: manifest.files.length } } : {}),
            })),
          );
        if (listed.length === 0) return printLine(m.none(setup.dir));
        printLine(m.listHeader(setup.dir));
        for (const { name, bytes, manifest, problem } of listed) {
          printLine(
            manifest
              ? m.listLine(
                  name,
                  manifest.created_at,
                  manifest.reason,
                  manifest.aibox_version,
                  manifest.schema.database,
                  formatBytes(bytes),
                )
              : m.unreadable(name, problem ?? '?'),
          );
        }
        return;
      }
      const { createSnapshot } = await import('../../backup/create-snapshot.js');
      const { statSync } = await import('node:fs');
      const result = await createSnapshot({ ...setup, reason: 'manual' });
      if (options.json)
        return printJson({ file: result.file, manifest: result.manifest, pruned: result.pruned });
      printLine(
        m.written(result.file, result.manifest.files.length, formatBytes(statSync(result.file).size)),
      );
      if (result.pruned.length > 0) printLine(m.pruned(result.pruned.length));
    });
}
