/**
 * Shared body of update_identity / update_soul: overwrite one prompt file
 * atomically. The session's prompt loader re-reads changed prompt files every
 * turn, so the running conversation sees the new text from its next turn on.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { Lang } from '../../i18n/lang.js';
import type { ScopeOfSession } from '../../memory/types.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { type Clock, isoWithOffset, systemClock } from '../../util/clock.js';
import { failure, formatBytes, success } from '../format.js';
import { commonMessages } from '../messages.js';
import type { Tool } from '../tool.js';
import { memoryToolMessages } from './messages.js';

export interface PromptFileToolOptions {
  promptsDir: string;
  lang: Lang;
  clock?: Clock;
  /** A session of a chat that is not the owner's may not rewrite the prompt every session reads. */
  scopeOf?: ScopeOfSession;
}

function schema(lang: Lang) {
  const m = memoryToolMessages(lang);
  return z.object({
    content: z.string().describe(m.promptContent),
    confirm: z.boolean().optional().describe(commonMessages(lang).legacyConfirm),
  });
}

export type PromptFileArgs = z.infer<ReturnType<typeof schema>>;

export function createPromptFileTool(
  spec: { name: string; file: string; kind: 'identity' | 'soul' },
  options: PromptFileToolOptions,
): Tool<PromptFileArgs> {
  const clock = options.clock ?? systemClock;
  const m = memoryToolMessages(options.lang);
  return {
    name: spec.name,
    description: spec.kind === 'identity' ? m.identityDescription : m.soulDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = memoryToolMessages(ctx.lang);
      if (options.scopeOf?.(ctx.sessionId) !== undefined) return failure(t.ownerOnly(spec.file));
      const body = args.content.trim();
      if (!body) return failure(t.emptyContent);
      const header = spec.kind === 'identity' ? t.identityHeader : t.soulHeader;
      const text = `${body.startsWith('#') ? '' : `${header}\n\n`}${body}\n\n${t.updatedAt(isoWithOffset(clock.now()))}\n`;
      const path = join(options.promptsDir, spec.file);
      await writeFileAtomic(path, text);
      return success(t.promptUpdated(spec.file), [
        [t.labelFile, path],
        [t.labelSize, formatBytes(Buffer.byteLength(text))],
      ]);
    },
  };
}
