/**
 * A fingerprint of everything `npm run build` reads from the repository, so the test set-up can
 * tell that dist/ was built from the sources as they are now and skip rebuilding it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What the build reads (scripts/build.mjs, web/vite.config.ts); dependencies come in through the lock file. */
const INPUTS = ['src', 'web', 'scripts', 'package.json', 'package-lock.json', 'tsconfig.json'];

function filesUnder(path: string): string[] {
  let entries: import('node:fs').Dirent[];
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return [path];
    throw error;
  }
  return entries
    .filter((entry) => entry.name !== 'node_modules')
    .flatMap((entry) =>
      entry.isDirectory() ? filesUnder(join(path, entry.name)) : [join(path, entry.name)],
    );
}

/** SHA-256 over the path and content of every build input under `root`. */
export function buildInputsHash(root: string): string {
  const hash = createHash('sha256');
  const files = INPUTS.flatMap((input) => filesUnder(join(root, input))).sort();
  for (const file of files) {
    hash.update(`${relative(root, file)}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}
