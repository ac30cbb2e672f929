/**
 * The request for one part of a day: the rules (system), then the memories the model may refer
 * to, the journal so far and the conversation, each in a marked block of data the text cannot
 * close (`<` and `>` are replaced), which the rules say not to follow. What was read from outside
 * is said where it shows: an ASSISTANT line after outside text, a memory that came with some.
 */
import type { Lang } from '../i18n/lang.js';
import { noTags } from '../memory/hybrid/recall.js';
import type { Memory } from '../memory/types.js';
import type { ChatMessage } from '../providers/types.js';
import { cleanName } from '../util/untrusted-text.js';
import { JOURNAL_CHARS, MAX_OPERATIONS, SUMMARY_CHARS } from './answer-limits.js';
import type { Part } from './day-conversations.js';
import { consolidationMessages } from './messages.js';

/** An ASSISTANT line written after its turn read outside text says which (`READ web, file`). */
function conversation(part: Part): string {
  return part.lines
    .map((line) => {
      const read =
        line.role === 'assistant' && line.untrusted.length > 0
          ? ` (READ ${noTags(cleanName(line.untrusted.join(', ')))})`
          : '';
      const who = line.role === 'user' ? 'USER' : `ASSISTANT${read}`;
      return `[${line.at.slice(11, 16)} ${line.session}] ${who}: ${noTags(line.text)}`;
    })
    .join('\n');
}

function memoriesBlock(memories: Memory[]): string {
  const rows = memories.map((m) => ({
    id: m.id,
    kind: m.kind,
    topic: m.topic,
    summary: m.summary,
    ...(m.outdatedAt ? { outdated: true } : {}),
    ...(m.untrusted.length > 0 ? { untrusted: m.untrusted } : {}),
  }));
  return noTags(JSON.stringify(rows, null, 1));
}

export function buildRequest(
  part: Part,
  candidates: Memory[],
  journalSoFar: string | undefined,
  lang: Lang,
): ChatMessage[] {
  const t = consolidationMessages(lang);
  const system =
    part.chat === null
      ? t.system(MAX_OPERATIONS, SUMMARY_CHARS, JOURNAL_CHARS)
      : t.chatSystem(part.chat, MAX_OPERATIONS, SUMMARY_CHARS);
  const blocks = [
    t.dataNote,
    `<existing_memories>\n${memoriesBlock(candidates)}\n</existing_memories>`,
    ...(part.chat === null ? [`<journal_so_far>\n${noTags(journalSoFar ?? '')}\n</journal_so_far>`] : []),
    `<conversation_data>\n${conversation(part)}\n</conversation_data>`,
  ];
  return [
    { role: 'system', content: system },
    { role: 'user', content: blocks.join('\n\n') },
  ];
}
