/**
 * A snapshot is a file anyone could hand over: a manifest whose checksums are right is still
 * refused when an entry would land outside the data dir (`..`, an absolute path, a file through a
 * symbolic link it planted), and nothing is written anywhere.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { MANIFEST_ENTRY } from '../../src/backup/manifest.js';
import { restoreSnapshot } from '../../src/backup/restore-snapshot.js';
import { snapshotPlaces } from '../../src/backup/snapshot-contents.js';
import { type TarSource, writeTarGz } from '../../src/backup/tar.js';
import { dataPaths } from '../../src/config/paths.js';
import { isAppError } from '../../src/errors.js';
import { tempHome } from '../helpers/cli.js';

interface Planted {
  path: string;
  type: 'file' | 'symlink';
  text?: string;
  link?: string;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** A snapshot whose manifest describes its entries exactly (right sizes and checksums). */
async function craft(file: string, entries: Planted[], schema = 0): Promise<void> {
  const files = entries.map((e) =>
    e.type === 'file'
      ? {
          path: e.path,
          type: 'file',
          mode: 0o644,
          size: Buffer.byteLength(e.text ?? ''),
          sha256: sha(e.text ?? ''),
        }
      : { path: e.path, type: 'symlink', mode: 0o777, size: 0, sha256: sha(e.link ?? ''), link: e.link },
  );
  const manifest = JSON.stringify({
    format: 'aibox-snapshot',
    format_version: 1,
    aibox_version: '0.1.0',
    created_at: new Date().toISOString(),
    reason: 'manual',
    home: '/somewhere',
    schema: { database: schema },
    files,
  });
  const sources: TarSource[] = [
    {
      path: MANIFEST_ENTRY,
      type: 'file',
      mode: 0o600,
      size: Buffer.byteLength(manifest),
      mtimeMs: Date.now(),
      content: () => Readable.from([Buffer.from(manifest)]),
    },
    ...entries.map(
      (e): TarSource => ({
        path: e.path,
        type: e.type,
        mode: 0o644,
        size: e.type === 'file' ? Buffer.byteLength(e.text ?? '') : 0,
        mtimeMs: Date.now(),
        ...(e.link ? { linkTarget: e.link } : {}),
        ...(e.type === 'file' ? { content: () => Readable.from([Buffer.from(e.text ?? '')]) } : {}),
      }),
    ),
  ];
  await writeTarGz(file, sources);
}

async function restoreError(home: string, file: string): Promise<string> {
  const paths = dataPaths(home);
  const error = await restoreSnapshot({
    file,
    places: snapshotPlaces(paths, paths.config),
    logFile: paths.log,
    dir: join(home, 'backups'),
    keep: 5,
    lang: 'en',
  }).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isAppError(error, 'snapshot_invalid')).toBe(true);
  return (error as Error).message;
}

describe('a hostile snapshot', () => {
  it.each([
    [
      'a path that climbs out',
      [{ path: 'skills/../../escaped.txt', type: 'file', text: 'x' }],
      'not a path a snapshot holds',
    ],
    [
      'an absolute path',
      [{ path: '/tmp/escaped.txt', type: 'file', text: 'x' }],
      'not a path a snapshot holds',
    ],
    [
      'a link among the pictures',
      [{ path: 'pictures/a.jpg', type: 'symlink', link: '/etc/passwd' }],
      'not a path a snapshot holds',
    ],
    [
      'a nested file among the pictures',
      [{ path: 'pictures/deep/a.jpg', type: 'file', text: 'x' }],
      'not a path a snapshot holds',
    ],
    [
      'a part the snapshot has not',
      [{ path: 'workspace/x.txt', type: 'file', text: 'x' }],
      'not a path a snapshot holds',
    ],
  ] as const)('is refused for %s', async (_what, entries, expected) => {
    const home = tempHome('aibox-hostile-');
    writeFileSync(join(home, 'config.json'), '{}\n');
    const file = join(tempHome('aibox-hostile-file-'), 'evil.tar.gz');
    await craft(file, [...entries]);
    expect(await restoreError(home, file)).toContain(expected);
    expect(readdirSync(home).sort()).toEqual(['.box.lock', 'config.json']);
  });

  it('is refused when its database is newer than this build could start on', async () => {
    const home = tempHome('aibox-newer-snapshot-');
    writeFileSync(join(home, 'config.json'), '{}\n');
    const file = join(tempHome('aibox-hostile-file-'), 'newer.tar.gz');
    await craft(file, [{ path: 'config.json', type: 'file', text: '{"lang":"en"}\n' }], 99);
    expect(await restoreError(home, file)).toContain('schema v99');
    expect(readFileSync(join(home, 'config.json'), 'utf8')).toBe('{}\n');
  });

  it('does not write through a symbolic link it planted', async () => {
    const home = tempHome('aibox-hostile-link-');
    writeFileSync(join(home, 'config.json'), '{}\n');
    const outside = tempHome('aibox-hostile-outside-');
    mkdirSync(join(outside, 'target'));
    const file = join(tempHome('aibox-hostile-file-'), 'evil.tar.gz');
    await craft(file, [
      { path: 'skills/x', type: 'symlink', link: join(outside, 'target') },
      { path: 'skills/x/planted.sh', type: 'file', text: 'rm -rf ~' },
    ]);
    expect(await restoreError(home, file)).toContain('inside a symbolic link');
    expect(existsSync(join(outside, 'target', 'planted.sh'))).toBe(false);
    expect(readdirSync(home).filter((name) => name.startsWith('.restore-'))).toEqual([]);
  });
});
