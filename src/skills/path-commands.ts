import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';

/**
 * The system command a skill name would collide with: the first executable regular file called
 * `name` in a directory of `pathValue` (the skills dir itself excluded), or undefined. One stat per
 * PATH entry; used at install time and by `skills check`, never on the search or run path.
 */
export function commandOnPath(
  name: string,
  pathValue: string | undefined,
  skillsDir: string,
): string | undefined {
  const own = resolve(skillsDir);
  for (const dir of (pathValue ?? '').split(delimiter)) {
    if (!dir || resolve(dir) === own) continue;
    const candidate = join(dir, name);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {}
  }
  return undefined;
}
