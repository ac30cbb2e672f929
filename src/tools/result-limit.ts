/**
 * Shortens what the model sees of a long tool result to head + tail with a
 * marker, and saves the complete text under `tool_results/` so nothing is lost
 * (the original dropped results over the limit entirely).
 */
import { join } from 'node:path';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import type { Clock } from '../util/clock.js';
import { commonMessages } from './messages.js';
import type { AnyTool, ToolResult } from './tool.js';

interface LimitedText {
  content: string;
  /** Set when the text was shortened and the full text was saved. */
  fullOutputPath?: string;
}

export interface ResultLimiter {
  readonly maxChars: number;
  /** Returns `text` unchanged when it fits in `maxChars` (default: the configured limit). */
  limit(text: string, options: { callId: string; lang: Lang; maxChars?: number }): Promise<LimitedText>;
}

interface ResultLimiterOptions {
  /** A function is read at each call (a live setting). */
  maxChars: number | (() => number);
  /** `paths.toolResults`. */
  dir: string;
  clock: Clock;
}

/**
 * The limiter of a running Aibox, built once (by `createApp`, or `aibox mcp check` which has no app)
 * and handed to every tool set: `tools.max_result_chars` is read at each call, so `/reload` applies.
 */
export function resultLimiterFromConfig(
  config: Pick<Config, 'tools'>,
  paths: Pick<DataPaths, 'toolResults'>,
  clock: Clock,
): ResultLimiter {
  return createResultLimiter({
    maxChars: () => config.tools.max_result_chars,
    dir: paths.toolResults,
    clock,
  });
}

/** Share of the kept characters that goes to the head; the tail (errors, summaries) gets the rest. */
const HEAD_SHARE = 0.4;
/** How far a cut may move to land on a line boundary, as a share of the part. */
const SNAP_SHARE = 0.2;

export function createResultLimiter(options: ResultLimiterOptions): ResultLimiter {
  const { maxChars: max } = options;
  const configured = typeof max === 'function' ? max : () => max;
  return {
    get maxChars() {
      return configured();
    },
    async limit(text, { callId, lang, maxChars = configured() }) {
      if (text.length <= maxChars) return { content: text };
      const path = join(options.dir, `${fileStamp(options.clock.now())}-${safeId(callId)}.txt`);
      let saved = true;
      try {
        await writeFileAtomic(path, text);
      } catch {
        saved = false;
      }
      const m = commonMessages(lang);
      // The marker's own length counts against the budget (estimate with the final count's width).
      const markerFor = (omitted: number) => (saved ? m.omitted(omitted, path) : m.omittedNoFile(omitted));
      const budget = Math.max(0, maxChars - markerFor(text.length).length - 2);
      const { head, tail } = splitHeadTail(text, budget);
      const omitted = text.length - head.length - tail.length;
      const content = `${head}\n${markerFor(omitted)}\n${tail}`;
      return saved ? { content, fullOutputPath: path } : { content };
    },
  };
}

/** Head and tail of `text` within `budget` chars, cut at line ends when one is near and never inside a surrogate pair. */
export function splitHeadTail(text: string, budget: number): { head: string; tail: string } {
  const headLen = Math.floor(budget * HEAD_SHARE);
  const tailLen = budget - headLen;
  let headEnd = headLen;
  const newlineBeforeCut = text.lastIndexOf('\n', headEnd - 1);
  if (newlineBeforeCut >= 0 && headEnd - newlineBeforeCut <= headLen * SNAP_SHARE)
    headEnd = newlineBeforeCut + 1;
  let tailStart = text.length - tailLen;
  const newlineAfterCut = text.indexOf('\n', tailStart);
  if (newlineAfterCut >= 0 && newlineAfterCut - tailStart <= tailLen * SNAP_SHARE)
    tailStart = newlineAfterCut + 1;
  if (isLowSurrogate(text.charCodeAt(headEnd))) headEnd -= 1;
  if (isLowSurrogate(text.charCodeAt(tailStart))) tailStart += 1;
  return { head: text.slice(0, Math.max(0, headEnd)), tail: text.slice(Math.min(text.length, tailStart)) };
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function fileStamp(date: Date): string {
  // 2026-11-30T11-08-53-123Z: sortable, unique per millisecond, safe in file names.
  return date.toISOString().replaceAll(':', '-').replace('.', '-');
}

function safeId(callId: string): string {
  return callId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 80) || 'call';
}

/**
 * A safety net for every tool: a result that is still over the limit is shortened here
 * (tools with a better idea of what matters, like run_command, shorten their own part first).
 */
export function withResultLimit(tool: AnyTool, limiter: ResultLimiter): AnyTool {
  return {
    ...tool,
    async execute(args, ctx): Promise<ToolResult> {
      const result = await tool.execute(args, ctx);
      if (result.content.length <= limiter.maxChars) return result;
      const limited = await limiter.limit(result.content, { callId: ctx.callId, lang: ctx.lang });
      return {
        ...result,
        content: limited.content,
        fullOutputPath: limited.fullOutputPath ?? result.fullOutputPath,
      };
    },
  };
}
