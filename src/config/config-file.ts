/**
 * The config file on disk, as text: created with the documented defaults on first use (its
 * directory private), and kept 0600 (it may hold `server.token`). No validation here (that is
 * validate-config.ts), so reading it loads no schema unless the file has to be created.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, restrictFile } from '../util/private-files.js';
import { readTextIfExistsSync } from '../util/read-if-exists.js';

export interface ConfigFileText {
  text: string;
  /** True when this call wrote the file with the defaults. */
  created: boolean;
}

/** Loaded only on first use: the schema (zod) and the atomic writer stay off a command's start. */
async function writeDefaultConfig(path: string): Promise<void> {
  const [{ defaultConfig }, { writeFileAtomicSync }] = await Promise.all([
    import('./schema.js'),
    import('../util/atomic-write.js'),
  ]);
  mkdirSync(dirname(path), { recursive: true, mode: PRIVATE_DIR_MODE });
  writeFileAtomicSync(path, `${JSON.stringify(defaultConfig(), null, 2)}\n`, PRIVATE_FILE_MODE);
}

/** The text of the config file at `path`, written with the defaults first when there is none. */
export async function readConfigFile(path: string): Promise<ConfigFileText> {
  let text = readTextIfExistsSync(path);
  const created = text === undefined;
  if (text === undefined) {
    await writeDefaultConfig(path);
    text = readFileSync(path, 'utf8');
  }
  restrictFile(path); // it may hold server.token
  return { text, created };
}
