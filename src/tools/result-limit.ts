/**
 * Shortens what the model sees of a long tool result to head + tail with a
 * marker, and saves the complete text under `tool_results/` so nothing is lost
 * (the original dropped results over the limit entirely); result-files.ts keeps that folder bounded.
 */
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import type { Clock } from '../util/clock.js';
import { commonMessages } from './messages.js';
import { createResultFiles, type PruneReport, type ResultRetention } from './result-files.js';
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
  /** Applies the saved files' retention now (the box does at start); never throws. */
  pruneSaved(): Promise<PruneReport>;
}

interface ResultLimiterOptions {
  /** A function is read at each call (a live setting). */
  maxChars: number | (() => number);
  /** `paths.toolResults`. */
  dir: string;
  clock: Clock;
  /** Of the saved full texts, read at each save; without it they are kept for ever (tests). */
  retention?: () => ResultRetention;
}

/**
 * The limiter of a running Aibox, built once (by `createApp`, or `aibox mcp check` which has no app)
 * and handed to every tool set: `tools.max_result_chars` and the saved files' retention
 * (`tools.result_files_max_age_days`, `tools.result_files_max_mb`) are read at each call, so
 * `/reload` applies.
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
    retention: () => ({
      maxAgeMs: config.tools.result_files_max_age_days * 24 * 60 * 60 * 1000,
      maxBytes: config.tools.result_files_max_mb * 1024 * 1024,
    }),
  });
}

/** Share of the kept characters that goes to the head; the tail (errors, summaries) gets the rest. */
const HEAD_SHARE = 0.4;
/** How far a cut may move to land on a line boundary, as a share of the part. */
const SNAP_SHARE = 0.2;

export function createResultLimiter(options: ResultLimiterOptions): ResultLimiter {
  const { maxChars: max } = options;
  const configured = typeof max === 'function' ? max : () => max;
  const files = createResultFiles(options);
  return {
    get maxChars() {
      return configured();
    },
    pruneSaved: () => files.prune(),
    async limit(text, { callId, lang, maxChars = configured() }) {
      if (text.length <= maxChars) return { content: text };
      const path = await files.save(text, callId);
      const m = commonMessages(lang);
      // The marker's own length counts against the budget (estimate with the final count's width).
      const markerFor = (omitted: number) => (path ? m.omitted(omitted, path) : m.omittedNoFile(omitted));
      const budget = Math.max(0, maxChars - markerFor(text.length).length - 2);
      const { head, tail } = splitHeadTail(text, budget);
      const omitted = text.length - head.length - tail.length;
      const content = `${head}\n${markerFor(omitted)}\n${tail}`;
      return path ? { content, fullOutputPath: path } : { content };
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
