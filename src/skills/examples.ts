import { chmod, copyFile, readdir, rename } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeFileAtomic } from '../util/atomic-write.js';
import { isIgnoredEntryName, markdownBaseName, stripExtension } from './name-rules.js';

/** The repo's example skill sources (`skills/` next to `src/` and `dist/`). */
const EXAMPLES_DIR = resolve(import.meta.dirname, '../../skills');
/** Written after the first install, so removing every example later does not bring them back. */
export const EXAMPLES_MARKER = '.examples-installed';

/**
 * Installs the example skills into `skillsDir` when it is empty (first run): executables without
 * their extension and with the run bit, Markdown with `.md`. Returns the installed names.
 */
export async function installExamplesIfEmpty(skillsDir: string, sourceDir = EXAMPLES_DIR): Promise<string[]> {
  const present = await readdir(skillsDir).catch(() => undefined);
  if (!present || present.length > 0) return [];
  const sources = await readdir(sourceDir, { withFileTypes: true }).catch(() => []);
  const installed: string[] = [];
  for (const entry of sources) {
    if (!entry.isFile() || isIgnoredEntryName(entry.name)) continue;
    const md = markdownBaseName(entry.name) !== undefined;
    const target = md ? entry.name : stripExtension(entry.name);
    const temp = join(skillsDir, `.example-${target}`);
    await copyFile(join(sourceDir, entry.name), temp);
    await chmod(temp, md ? 0o644 : 0o755);
    await rename(temp, join(skillsDir, target));
    installed.push(md ? (markdownBaseName(target) as string) : target);
  }
  await writeFileAtomic(join(skillsDir, EXAMPLES_MARKER), `${installed.join('\n')}\n`);
  return installed.sort();
}
