/**
 * Runs one model tool call: JSON-parse the arguments, check them (call-check.ts), execute.
 * Never throws: every failure (unknown tool, bad JSON, invalid arguments, a throw, an abort)
 * becomes a result the model sees; a call that could not run at all is marked `malformed`.
 */
import { describeError } from '../errors.js';
import type { Lang } from '../i18n/lang.js';
import type { ToolCall } from '../providers/types.js';
import type { AskPerson } from '../safety/types.js';
import type { AnyTool, ToolContext, ToolResult } from '../tools/tool.js';
import { checkToolCall, type ParsedArguments } from './call-check.js';
import { agentMessages } from './messages.js';

/** `malformed`: the call named no known tool or had arguments its tool refuses (nothing ran). */
export type CallResult = ToolResult & { malformed?: true };

interface ExecuteToolCallOptions {
  call: ToolCall;
  /** `parseArguments(call.function.arguments)`, already done by the caller for `tool_start`. */
  parsed: ParsedArguments;
  tools: ReadonlyMap<string, AnyTool>;
  lang: Lang;
  /** `askPerson` becomes the tool's `requestApproval`, with this call's ids filled in. */
  context: Omit<ToolContext, 'callId' | 'lang' | 'requestApproval'> & { askPerson?: AskPerson };
  /** How long an aborted tool may take to return its own result before the loop stops waiting. */
  abortGraceMs: number;
}

/** The arguments as parsed (for display), or the raw text when they are not JSON. */
export function parseArguments(raw: string): ParsedArguments {
  if (raw.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch (error) {
    return { ok: false, error: describeError(error) };
  }
}

/** Settles with `promise`, or with `onAbort()` once `signal` aborts and `graceMs` more have passed. */
function raceAbort<T>(
  promise: Promise<T>,
  signal: AbortSignal,
  graceMs: number,
  onAbort: () => T,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    const abandon = () => {
      timer = setTimeout(() => resolve(onAbort()), graceMs);
    };
    if (signal.aborted) abandon();
    else signal.addEventListener('abort', abandon, { once: true });
    promise.then(resolve, reject).finally(() => {
      clearTimeout(timer);
      signal.removeEventListener('abort', abandon);
    });
  });
}

export async function executeToolCall(options: ExecuteToolCallOptions): Promise<CallResult> {
  const { call, tools, lang, context, parsed } = options;
  const text = agentMessages(lang);
  const name = call.function.name;
  const checked = checkToolCall(call, parsed, tools, lang);
  if (!checked.ok) return { ok: false, content: checked.correction, malformed: true };
  const { tool } = checked;

  const aborted = (): ToolResult => ({ ok: false, content: text.toolAborted(name) });
  try {
    const { askPerson, ...rest } = context;
    const ids = { sessionId: context.sessionId, turnId: context.turnId, callId: call.id };
    const run = tool.execute(checked.args, {
      ...rest,
      callId: call.id,
      lang,
      ...(askPerson
        ? { requestApproval: (request) => askPerson({ ...request, ...ids }, context.signal) }
        : {}),
    });
    return await raceAbort(run, context.signal, options.abortGraceMs, aborted);
  } catch (error) {
    if (context.signal.aborted) return aborted();
    return { ok: false, content: text.toolThrew(name, describeError(error)) };
  }
}
