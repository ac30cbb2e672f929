/**
 * A form (an MCP server's elicitation) in a chat: the server, its message and the fields, each
 * numbered with what it takes, and the reply that fills it in: the form's number on the first
 * line (`482`), then one line per field, `1: Alice` or `name: Alice` (`:`, `：` or `=`). A
 * one-field form also takes `482 Alice`. `cancel 482` / `取消 482` dismisses it (the MCP `cancel`
 * action; `deny 482` is word-approvals' decline). Values are read as `aibox chat` reads them
 * (protocol/form.ts `readFieldText`); the broker checks the whole form again.
 */
import type { Lang } from '../../i18n/lang.js';
import type { FieldError, FormValues } from '../../protocol/form.js';
import { readFieldText } from '../../protocol/form.js';
import { endText, fieldHint, optionLines } from '../../protocol/form-text.js';
import type { ApprovalOutcome, AskedForm } from '../../safety/types.js';
import type { ChannelMessages } from '../messages.js';

/** Lines a reply may have (a form has at most 20 fields). */
const MAX_REPLY_LINES = 40;
const FIELD_LINE = /^\s*([^:：=]{1,64}?)\s*[:：=]\s?(.*)$/u;

export function formText(form: AskedForm, t: ChannelMessages, lang: Lang): string {
  const lines = [t.formTitle(form.server), form.message, ''];
  form.fields.forEach((field, i) => {
    lines.push(`${i + 1}. ${field.title} (${fieldHint(field, lang)})`);
    if (field.description) lines.push(`   ${field.description}`);
    const options = optionLines(field);
    if (options.length > 0) lines.push(`   ${options.join('  ')}`);
  });
  return lines.join('\n');
}

/** The text under the form: its number and how to reply. */
export function formReplyHint(form: AskedForm, code: string, t: ChannelMessages): string {
  const example = form.fields
    .slice(0, 2)
    .map((_field, i) => `${i + 1}: …`)
    .join('\n');
  return t.formReplyHow(code, example);
}

export function formDecidedText(
  form: AskedForm,
  outcome: ApprovalOutcome,
  t: ChannelMessages,
  lang: Lang,
): string {
  // A person's answer carries the form's action; otherwise it ended by timeout, abort or nobody.
  return `${formText(form, t, lang)}\n\n${endText(outcome.form?.action ?? outcome.how, outcome.by, lang)}`;
}

/** The form's number a reply starts with, and the rest of its first line; undefined: not a reply. */
export function replyCode(text: string): { code: string; rest: string; lines: string[] } | undefined {
  const [first = '', ...lines] = text.split(/\r?\n/u);
  const match = /^\s*#?(\d{3})(?:\s+(.*))?$/u.exec(first.normalize('NFKC'));
  if (!match) return undefined;
  return { code: match[1] as string, rest: (match[2] ?? '').trim(), lines };
}

/** The form's number when the message dismisses it (`cancel 482`, `取消#482`); else undefined. */
export function cancelCode(text: string): string | undefined {
  return /^(?:cancel|取消)\s*#?\s*(\d{3})$/u.exec(text.normalize('NFKC').trim().toLowerCase())?.[1];
}

/** The values a reply gives (fields by number or name), or what is wrong with them. */
export function readFormReply(
  form: AskedForm,
  reply: { rest: string; lines: string[] },
): { values: FormValues } | { errors: FieldError[] } {
  const values: FormValues = {};
  const errors: FieldError[] = [];
  const lines = reply.lines.filter((line) => line.trim() !== '').slice(0, MAX_REPLY_LINES);
  const only = form.fields.length === 1 ? form.fields[0] : undefined;
  const pairs: [string, string][] = reply.rest && only ? [[only.name, reply.rest]] : [];
  if (reply.rest && !only) errors.push({ field: reply.rest.slice(0, 64), problem: 'unknown' });
  for (const line of lines) {
    const match = FIELD_LINE.exec(line);
    if (match) pairs.push([(match[1] as string).trim(), match[2] as string]);
    else errors.push({ field: line.trim().slice(0, 64), problem: 'unknown' });
  }
  for (const [key, typed] of pairs) {
    const field =
      form.fields.find((f) => f.name === key) ??
      form.fields.find((f) => f.title.toLowerCase() === key.toLowerCase()) ??
      (/^\d{1,2}$/u.test(key) ? form.fields[Number(key) - 1] : undefined);
    if (!field) {
      errors.push({ field: key, problem: 'unknown' });
      continue;
    }
    const read = readFieldText(field, typed);
    if ('problem' in read) errors.push({ field: field.name, problem: read.problem });
    else values[field.name] = read.value;
  }
  return errors.length > 0 ? { errors } : { values };
}
