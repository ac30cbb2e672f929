/** read_file: numbered lines of a text file, by range or head/tail, never reading a huge file whole. */
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Lang } from '../../i18n/lang.js';
import { createFileAccess, type FileAccess } from '../../safety/files/file-access.js';
import { isoWithOffset } from '../../util/clock.js';
import { type Field, failure, formatBytes, success } from '../format.js';
import { commonMessages } from '../messages.js';
import type { Tool, ToolResult } from '../tool.js';
import { fileMessages } from './messages.js';
import { type FileLine, looksBinary, readSample, scanLines, tailLines } from './read-lines.js';
import { describeFsError, resolveToolPath } from './workspace.js';

/** Most lines one call shows, whatever the arguments say. */
const MAX_LINES_CAP = 5000;

interface ReadFileToolOptions {
  lang: Lang;
  workspace: string;
  /** Where reading is allowed (default: the workspace only; elsewhere a person is asked). */
  access?: FileAccess;
  /** `tools.read_file_max_bytes`: the most bytes one call scans (read at each call: `/reload` applies). */
  maxBytes: () => number;
}

function schema(lang: Lang) {
  const m = fileMessages(lang);
  const count = z.union([z.boolean(), z.int().min(1).max(MAX_LINES_CAP)]);
  return z.object({
    filepath: z.string().min(1).describe(m.filepath),
    start_line: z.int().min(1).optional().describe(m.readStartLine),
    end_line: z.int().min(0).optional().describe(m.readEndLine),
    max_lines: z.int().min(1).max(MAX_LINES_CAP).optional().describe(m.readMaxLines),
    head: count.optional().describe(m.readHead),
    tail: count.optional().describe(m.readTail),
  });
}

type ReadFileArgs = z.infer<ReturnType<typeof schema>>;

/** A file's lines are outside text (tool.ts, `ToolResult.untrusted`). */
const fromFile = (result: ToolResult): ToolResult => ({ ...result, untrusted: 'file' });

export function createReadFileTool(options: ReadFileToolOptions): Tool<ReadFileArgs> {
  const m = fileMessages(options.lang);
  const access = options.access ?? createFileAccess({ workspace: options.workspace });
  return {
    name: 'read_file',
    description: m.readDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = fileMessages(ctx.lang);
      const maxBytes = options.maxBytes();
      const allowed = await access.check('read_file', resolveToolPath(args.filepath, options.workspace), ctx);
      if (!allowed.ok) return failure(allowed.message);
      const path = allowed.real;
      let info: Awaited<ReturnType<typeof stat>>;
      try {
        info = await stat(path);
        if (!info.isFile())
          return failure(t.readFailed, [[t.labelPath, commonMessages(ctx.lang).notAFile(path)]]);
        if (looksBinary(await readSample(path))) return failure(t.binary(path, formatBytes(info.size)));
      } catch (error) {
        return failure(describeFsError(error, path, ctx.lang));
      }
      const maxLines = args.max_lines ?? 200;
      const big = info.size > maxBytes;
      const header: Field[] = [
        [t.labelPath, path],
        [t.labelSize, formatBytes(info.size)],
        [t.labelModified, isoWithOffset(info.mtime)],
      ];
      const cap = formatBytes(maxBytes);
      try {
        if (args.tail !== undefined && args.tail !== false) {
          const n = args.tail === true ? maxLines : args.tail;
          const lines = await tailLines(path, n, maxBytes);
          let total: number | undefined;
          if (!big) {
            total = (await scanLines(path, { maxBytes: maxBytes, keep: () => false, countAll: true }))
              .totalLines;
            const first = (total ?? lines.length) - lines.length + 1;
            lines.forEach((line, i) => {
              line.number = first + i;
            });
          }
          return fromFile(
            success(t.readTitle, [
              ...header,
              [t.labelTotalLines, total ?? t.unknown],
              [t.labelRange, `${t.rangeTail} ${describeRange(lines)}`],
              [t.labelContent, renderLines(lines, ctx.lang)],
              [t.labelHint, big ? t.tooBig(formatBytes(info.size), cap) : undefined],
            ]),
          );
        }
        let start = args.start_line ?? 1;
        let end = args.end_line && args.end_line > 0 ? args.end_line : start + maxLines - 1;
        let label = t.rangeLines;
        if (args.head !== undefined && args.head !== false) {
          start = 1;
          end = args.head === true ? maxLines : args.head;
          label = t.rangeHead;
        }
        if (end < start) return failure(t.badRange(start, end));
        end = Math.min(end, start + MAX_LINES_CAP - 1);
        const scan = await scanLines(path, {
          maxBytes: maxBytes,
          keep: (n) => n >= start && n <= end,
          stopAfter: end + 1,
          countAll: !big,
        });
        if (scan.totalLines !== undefined && start > Math.max(scan.totalLines, 1)) {
          return failure(t.beyondEnd(start, scan.totalLines));
        }
        const last = scan.lines.at(-1)?.number ?? start - 1;
        let hint: string | undefined;
        if (scan.totalLines !== undefined && scan.totalLines > last)
          hint = t.more(scan.totalLines - last, last + 1);
        else if (scan.totalLines === undefined && scan.hitCap && last < end) hint = t.scanCapReached(cap);
        else if (scan.totalLines === undefined) hint = t.moreUnknown(last + 1);
        return fromFile(
          success(t.readTitle, [
            ...header,
            [t.labelTotalLines, scan.totalLines ?? t.unknown],
            [t.labelRange, `${label} ${describeRange(scan.lines)}`],
            [t.labelContent, renderLines(scan.lines, ctx.lang)],
            [
              t.labelHint,
              [big ? t.tooBig(formatBytes(info.size), cap) : undefined, hint].filter(Boolean).join('\n') ||
                undefined,
            ],
          ]),
        );
      } catch (error) {
        return failure(describeFsError(error, path, ctx.lang));
      }
    },
  };
}

function describeRange(lines: FileLine[]): string {
  const first = lines[0]?.number;
  const last = lines.at(-1)?.number;
  if (first === undefined || last === undefined) return `(${lines.length})`;
  return `(${first}-${last})`;
}

function renderLines(lines: FileLine[], lang: Lang): string {
  const t = fileMessages(lang);
  if (lines.length === 0) return t.noLines;
  return lines
    .map((line) => {
      const number = line.number === undefined ? '' : String(line.number);
      const cut = line.cutBytes === undefined ? '' : ` ${t.longLine(line.cutBytes)}`;
      return `${number.padStart(6)} | ${line.text}${cut}`;
    })
    .join('\n');
}
