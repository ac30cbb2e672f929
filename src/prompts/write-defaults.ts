/**
 * First run: the default prompt files, in the configured language, are written
 * into the prompts directory. An existing file is never overwritten, and once
 * the defaults were offered (marker file) a file the user deleted stays deleted.
 */
import { existsSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Lang } from '../i18n/lang.js';
import { writeFileAtomicSync } from '../util/atomic-write.js';
import { DEFAULT_PROMPTS_EN } from './defaults-en.js';
import { DEFAULT_PROMPTS_ZH } from './defaults-zh.js';
import { DEFAULTS_MARKER, type PromptDefaults } from './files.js';

export function defaultPrompts(lang: Lang): PromptDefaults {
  return lang === 'en' ? DEFAULT_PROMPTS_EN : DEFAULT_PROMPTS_ZH;
}

/** Returns the names of the files written (empty when the defaults were already offered). */
export function writeDefaultPrompts(dir: string, lang: Lang): string[] {
  mkdirSync(dir, { recursive: true });
  const marker = join(dir, DEFAULTS_MARKER);
  if (existsSync(marker)) return [];
  const written: string[] = [];
  for (const [name, content] of Object.entries(defaultPrompts(lang))) {
    const path = join(dir, name);
    if (existsSync(path)) continue;
    // Complete temp file, then a hard link: atomic, and it fails if the file appeared meanwhile (theirs wins).
    const temp = join(dir, `.${name}.${process.pid}.default.tmp`);
    writeFileAtomicSync(temp, content);
    try {
      linkSync(temp, path);
      written.push(name);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EPERM' || code === 'ENOTSUP' || code === 'EXDEV') {
        // A filesystem without hard links: exclusive create instead.
        writeFileSync(path, content, { flag: 'wx' });
        written.push(name);
      } else if (code !== 'EEXIST') throw error;
    } finally {
      rmSync(temp, { force: true });
    }
  }
  writeFileAtomicSync(marker, `${lang}\n`);
  return written;
}
