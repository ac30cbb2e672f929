/**
 * save_memory_and_end_conversation: stores exactly ONE memory, writes
 * prompts/100_STATUS.md atomically and returns `endConversation: true`. The
 * agent loop still answers every tool call of the message; the session then
 * ends the conversation cleanly.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { Lang } from '../../i18n/lang.js';
import type { DedupingSave } from '../../memory/hybrid/dedupe-save.js';
import type { MemoryStore, ScopeOfSession } from '../../memory/types.js';
import { untrustedOfSave } from '../../memory/untrusted.js';
import { STATUS_FILE } from '../../prompts/files.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { type Clock, isoWithOffset, systemClock } from '../../util/clock.js';
import { failure, success } from '../format.js';
import type { Tool } from '../tool.js';
import { memoryToolMessages } from './messages.js';

const MIN_SUMMARY_CHARS = 50;

function schema(lang: Lang) {
  const m = memoryToolMessages(lang);
  return z.object({
    summary: z.string().describe(m.endSummary),
    current_status: z.string().describe(m.endStatus),
    topic: z.string().optional().describe(m.endTopic),
    reason: z.string().optional().describe(m.endReason),
    next_goals: z.string().optional().describe(m.endNextGoals),
  });
}

type SaveMemoryAndEndArgs = z.infer<ReturnType<typeof schema>>;

export function createSaveMemoryAndEndTool(options: {
  memory: MemoryStore;
  promptsDir: string;
  lang: Lang;
  clock?: Clock;
  /** Whose memory it is; a chat that is not the owner's keeps the memory but writes no status file. */
  scopeOf?: ScopeOfSession;
  /** The memory tool's save (updates a duplicate instead of adding a copy); default a plain save. */
  save?: DedupingSave;
}): Tool<SaveMemoryAndEndArgs> {
  const clock = options.clock ?? systemClock;
  return {
    name: 'save_memory_and_end_conversation',
    description: memoryToolMessages(options.lang).endDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = memoryToolMessages(ctx.lang);
      const summary = args.summary.trim();
      const length = [...summary].length;
      if (length < MIN_SUMMARY_CHARS) return failure(t.summaryTooShort(length));
      const now = clock.now();
      const status = [
        t.statusTitle,
        '',
        t.statusCurrent,
        args.current_status.trim() || t.statusNone,
        '',
        t.statusNext,
        args.next_goals?.trim() || t.statusNone,
        '',
        t.statusSummary,
        summary,
        '',
        t.updatedAt(isoWithOffset(now)),
        '',
      ].join('\n');
      // The status file is in every session's prompt: only the owner's sessions write it.
      const chat = options.scopeOf?.(ctx.sessionId);
      const statusPath = join(options.promptsDir, STATUS_FILE);
      if (chat === undefined) await writeFileAtomic(statusPath, status);
      const input = {
        summary,
        topic: args.topic,
        content: [args.current_status, args.next_goals].filter(Boolean).join('\n\n'),
        importance: 3,
        endTime: now,
        chat: chat ?? null,
        source: ctx.sessionId,
        untrusted: untrustedOfSave(ctx.untrustedRead, chat),
      };
      const result = options.save
        ? await options.save(input, ctx.signal)
        : { memory: options.memory.save(input) };
      const saved = result.memory;
      return success(
        result.duplicateOf === undefined ? t.ended : t.endedUpdatedDuplicate(result.duplicateOf),
        [
          [t.labelId, saved.id],
          [t.labelTopic, saved.topic],
          [t.labelReason, args.reason?.trim() || t.defaultReason],
          [t.labelStatusFile, chat === undefined ? statusPath : t.statusNotWritten],
        ],
        { endConversation: true },
      );
    },
  };
}
