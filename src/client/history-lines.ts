/**
 * How `aibox chat` replays a session's history: what was said, each tool the model called (as a
 * live call is shown) and the first line of what it returned.
 */
import type { HistoryEntry } from '../protocol/frames.js';
import type { ChatMessages } from './messages.js';

/** Entries replayed at most (the newest). */
export const HISTORY_ENTRIES = 12;
const TEXT_CHARS = 300;
const RESULT_CHARS = 120;

export interface HistoryLine {
  text: string;
  /** Shown dimmed on a terminal (tool results). */
  dim: boolean;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** A tool call as one line: `🔧 run_command $ ls -l`, other tools with their arguments as JSON. */
export function toolCallLine(name: string, args: unknown): string {
  const fields = (args && typeof args === 'object' ? args : {}) as Record<string, unknown>;
  const what =
    typeof fields.command === 'string' ? `$ ${fields.command}` : JSON.stringify(fields).slice(0, 120);
  return `🔧 ${name} ${what}`;
}

function parsedArgs(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return { args: json };
  }
}

export function historyLines(entry: HistoryEntry, t: ChatMessages): HistoryLine[] {
  const content = typeof entry.content === 'string' ? entry.content : '';
  if (entry.role === 'tool') {
    const first = content.split('\n').find((line) => line.trim() !== '') ?? '';
    return [{ text: `  │ ${cut(first, RESULT_CHARS)}`, dim: true }];
  }
  const lines: HistoryLine[] = [];
  if (content)
    lines.push({ text: `${entry.role === 'user' ? t.you : t.ai}: ${cut(content, TEXT_CHARS)}`, dim: false });
  for (const call of Array.isArray(entry.tool_calls) ? entry.tool_calls : [])
    lines.push({ text: toolCallLine(String(call.name), parsedArgs(String(call.args ?? ''))), dim: false });
  return lines;
}
