/**
 * Skills the model created or installed that nobody has approved yet: their first run is asked.
 * Kept in `AIBOX_HOME/.model-skills.json` (atomic writes), so a restart does not forget them.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { writeFileAtomic } from '../util/atomic-write.js';

export const MODEL_SKILLS_FILE = '.model-skills.json';

const FileSchema = z.object({ pending: z.array(z.string()) });

export interface ModelSkills {
  /** Whether the skill was made by the model and not approved yet. */
  isPending(name: string): boolean;
  /** Records a skill the model just created or installed (replacing one resets its approval). */
  add(name: string): Promise<void>;
  /** A person said yes to running it: later runs are not asked. */
  approve(name: string): Promise<void>;
}

export function openModelSkills(file: string): ModelSkills {
  let pending = new Set<string>();
  try {
    pending = new Set(FileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).pending);
  } catch (error) {
    // A missing file is an empty set; an unreadable one must not approve everything silently.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') pending = new Set(['*']);
  }
  let writes = Promise.resolve();
  const save = () => {
    const data = `${JSON.stringify({ pending: [...pending].sort() }, null, 2)}\n`;
    writes = writes.catch(() => {}).then(() => writeFileAtomic(file, data));
    return writes;
  };
  return {
    isPending: (name) => pending.has(name) || pending.has('*'),
    async add(name) {
      pending.add(name);
      await save();
    },
    async approve(name) {
      if (!pending.delete(name)) return;
      await save();
    },
  };
}
