/** How `aibox memory` prints a memory, and its `--kind`. */
import { AppError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { isMemoryKind, type Memory, type MemoryKind } from '../../memory/types.js';
import { memoryCliMessages } from './messages.js';

/** `--kind`, validated (absent: every kind). */
export function parseKind(value: string | undefined, lang: Lang): MemoryKind | undefined {
  if (value === undefined) return undefined;
  if (isMemoryKind(value)) return value;
  throw new AppError('bad_request', memoryCliMessages(lang).badKind(value.slice(0, 40)));
}

/** One memory in a listing: id, time, kind, topic (and outdated, untrusted input), then its text. */
export function memoryLine(item: Memory, text: string, lang: Lang, extra = ''): string {
  const m = memoryCliMessages(lang);
  const outdated = item.outdatedAt ? ` ${m.outdated}` : '';
  const untrusted = item.untrusted.length > 0 ? ` ${m.untrusted(item.untrusted.join(', '))}` : '';
  const when = item.endTime.slice(0, 16).replace('T', ' ');
  return `[${item.id}] ${when}  [${item.kind}] ${item.topic}${outdated}${untrusted}${extra}\n    ${text}\n`;
}
