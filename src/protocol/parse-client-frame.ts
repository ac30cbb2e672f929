/**
 * Client → server frames (docs/protocol.md "Client → server"), validated with zod.
 * Extra fields are ignored so that newer clients keep working; wrong types,
 * unknown types and non-objects become a `bad_request` text saying what was wrong.
 */
import { z } from 'zod';
import { FORM_LIMITS } from './form.js';
import { type ClientFrame, SESSION_ID } from './frames.js';

/** The texts a refused frame is described with (the server's messages, in the user's language). */
export interface FrameParseMessages {
  notJson: string;
  notObject: (what: string) => string;
  missingType: string;
  unknownType: (type: string) => string;
  badField: (field: string, problem: string) => string;
  emptyMessage: string;
  commandSlash: string;
}

/** Attachments one `message` frame may carry. */
export const MAX_ATTACHMENTS = 10;

const sessionField = z.string().regex(SESSION_ID, 'letters, digits, _ . : - (1-64 characters)');
const idField = z.union([z.string().max(200), z.number()]);

const MessageFrame = z.object({
  type: z.literal('message'),
  content: z.string().max(1_000_000),
  id: idField.optional(),
  session: sessionField.optional(),
  attachments: z
    .array(z.object({ upload: z.string().min(1).max(100) }))
    .max(MAX_ATTACHMENTS)
    .optional(),
});
const CommandFrame = z.object({
  type: z.literal('command'),
  command: z.string().max(100_000),
  id: idField.optional(),
  session: sessionField.optional(),
});
/** Task fields are checked by the task handler (they differ per action). */
const TaskFrame = z.looseObject({
  type: z.literal('task'),
  action: z.enum(['add', 'list', 'complete', 'delete', 'notify']),
});
const AbortFrame = z.object({ type: z.literal('abort'), session: sessionField.optional() });
const ApprovalFrame = z.object({
  type: z.literal('approval'),
  approval_id: z.string().min(1).max(200),
  decision: z.enum(['allow', 'deny', 'always']),
});
/** Values are checked against the form by the broker (protocol/form.ts); here only their shape and size. */
const ElicitationFrame = z.object({
  type: z.literal('elicitation'),
  elicitation_id: z.string().min(1).max(200),
  action: z.enum(['accept', 'decline', 'cancel']),
  content: z
    .record(
      z.string().max(FORM_LIMITS.nameChars),
      z.union([
        z.string().max(FORM_LIMITS.valueChars),
        z.number(),
        z.boolean(),
        z.array(z.string().max(FORM_LIMITS.titleChars)).max(FORM_LIMITS.options),
      ]),
    )
    .refine((content) => Object.keys(content).length <= FORM_LIMITS.fields, {
      message: `at most ${FORM_LIMITS.fields} fields`,
    })
    .optional(),
});
const PingFrame = z.object({ type: z.literal('ping') });
const AuthFrame = z.object({ type: z.literal('auth'), token: z.string().max(4096) });

const SCHEMAS = {
  message: MessageFrame,
  command: CommandFrame,
  task: TaskFrame,
  abort: AbortFrame,
  approval: ApprovalFrame,
  elicitation: ElicitationFrame,
  ping: PingFrame,
  auth: AuthFrame,
} as const;

/** What the schemas accept, one type per frame: must be exactly the protocol's ClientFrame. */
type ValidatedFrame = { [K in keyof typeof SCHEMAS]: z.infer<(typeof SCHEMAS)[K]> }[keyof typeof SCHEMAS];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** Fails to compile when a schema and frames.ts disagree. */
const schemasMatchProtocol: Same<ValidatedFrame['type'], ClientFrame['type']> &
  ([ValidatedFrame] extends [ClientFrame] ? true : false) = true;
void schemasMatchProtocol;

type ParseResult = { ok: true; frame: ClientFrame } | { ok: false; error: string };

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

function describeIssues(issues: z.core.$ZodIssue[], t: FrameParseMessages): string {
  return issues
    .slice(0, 3)
    .map((issue) =>
      t.badField(issue.path.join('.') || '(frame)', issue.message.replace(/^Invalid input: /, '')),
    )
    .join('; ');
}

/** Parses one text frame. Never throws. */
export function parseClientFrame(text: string, t: FrameParseMessages): ParseResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, error: t.notJson };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, error: t.notObject(kindOf(raw)) };
  const type = (raw as Record<string, unknown>).type;
  if (typeof type !== 'string') return { ok: false, error: t.missingType };
  if (!Object.hasOwn(SCHEMAS, type)) return { ok: false, error: t.unknownType(type.slice(0, 50)) };
  const result = SCHEMAS[type as keyof typeof SCHEMAS].safeParse(raw);
  if (!result.success) return { ok: false, error: describeIssues(result.error.issues, t) };
  const frame = result.data as ClientFrame;
  if (frame.type === 'message' && frame.content.trim() === '' && (frame.attachments?.length ?? 0) === 0)
    return { ok: false, error: t.emptyMessage };
  if (frame.type === 'command' && !frame.command.trim().startsWith('/'))
    return { ok: false, error: t.commandSlash };
  return { ok: true, frame };
}
