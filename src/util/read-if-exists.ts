import { readFileSync } from 'node:fs';

/** The file's text, or undefined when it does not exist; any other failure throws. */
export function readTextIfExistsSync(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
