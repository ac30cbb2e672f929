/**
 * The data dir: owned by the user running aibox, writable, 0700 (the context has just tightened a
 * looser one: said as a warning), and the files that hold secrets or conversations not readable by
 * others (`src/util/private-files.ts` keeps them 0600 when it writes them).
 */
import { accessSync, constants, statSync } from 'node:fs';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

export function checkDataDir({ ctx, t }: DoctorInput): DoctorCheck {
  const { paths } = ctx;
  const uid = process.getuid?.();
  const privateFiles = [
    paths.config,
    paths.clientKey,
    paths.database,
    `${paths.database}-wal`,
    paths.mcpTrust,
    paths.log,
  ];
  const stats = [paths.home, ...privateFiles].map((path) => ({
    path,
    stat: statSync(path, { throwIfNoEntry: false }),
  }));
  const foreign = stats.find(({ stat }) => stat && uid !== undefined && stat.uid !== uid);
  if (foreign)
    return {
      id: 'data_dir',
      status: 'fail',
      summary: t.dataDirOwner(paths.home, foreign.path),
      fix: t.dataDirOwnerFix(paths.home),
    };
  try {
    accessSync(paths.home, constants.W_OK | constants.X_OK);
  } catch {
    return {
      id: 'data_dir',
      status: 'fail',
      summary: t.dataDirNotWritable(paths.home),
      fix: t.dataDirNotWritableFix(paths.home),
    };
  }
  const open = stats
    .filter(({ path, stat }) => path !== paths.home && stat && (stat.mode & 0o077) !== 0)
    .map((s) => s.path);
  if (open.length > 0) {
    // The approval credential, or a config that holds the server token: a real exposure.
    const secret =
      open.includes(paths.clientKey) ||
      (open.includes(paths.config) && ctx.loaded.config.server.token !== '');
    return {
      id: 'data_dir',
      status: secret ? 'fail' : 'warn',
      summary: t.dataDirOpen(open.join(' ')),
      fix: t.dataDirOpenFix(open.join(' ')),
    };
  }
  if (ctx.homeTightened)
    return {
      id: 'data_dir',
      status: 'warn',
      summary: t.dataDirTightened(paths.home),
      fix: t.dataDirTightenedFix,
    };
  return { id: 'data_dir', status: 'ok', summary: t.dataDirOk(paths.home) };
}
