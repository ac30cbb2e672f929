/** Skills by meaning when embeddings are on (docs/skills.md, "Search by meaning"). */
import { join } from 'node:path';
import type { Logger } from '../log/logger.js';
import type { Embedder } from '../providers/embeddings/embedder.js';
import { createSkillMeaning, type SkillMeaning } from '../skills/meaning/skill-vectors.js';
import { SKILL_VECTORS_FILE } from '../skills/meaning/skill-vectors-file.js';
import type { SkillRegistry } from '../skills/types.js';

export function openSkillMeaning(
  skills: SkillRegistry,
  embedder: Embedder | undefined,
  home: string,
  logger: Logger,
): SkillMeaning | undefined {
  if (!embedder) return undefined;
  let warned = false;
  return createSkillMeaning({
    skills,
    embedder,
    file: join(home, SKILL_VECTORS_FILE),
    onError: (error) => {
      if (warned) return;
      warned = true;
      logger.warn(
        { err: error },
        'skill embedding failed; search_skills ranks by keyword until the next change',
      );
    },
  });
}
