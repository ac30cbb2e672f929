/**
 * A form (an `elicitation_request` frame) filled in line by line in `aibox chat`: the server and
 * its message, then one prompt per field saying what it takes; each line is read as the field's
 * value (protocol/form.ts `readFieldText`) and asked again when it does not fit. An empty line
 * keeps the default (or leaves an optional field out); `!decline` and `!cancel` end the form.
 * Once every field has its value, the `elicitation` frame to send.
 */
import type { Lang } from '../i18n/lang.js';
import { checkForm, type FieldProblem, type FormValues, readFieldText } from '../protocol/form.js';
import { fieldHint, optionLines, problemText } from '../protocol/form-text.js';
import type { ClientFrame, ElicitationRequestFrame } from '../protocol/frames.js';
import { cleanName, cleanText } from '../util/untrusted-text.js';
import { terminalFormMessages } from './messages.js';

export type FormStep =
  | { kind: 'ask'; text: string }
  | { kind: 'done'; frame: Extract<ClientFrame, { type: 'elicitation' }> };

export interface FormFiller {
  readonly id: string;
  readonly frame: ElicitationRequestFrame;
  /** The answer was given (`take` returned `done`): lines typed now are not the form's. */
  readonly sent: boolean;
  /** The form's heading and its first question (what to show when it comes up). */
  start(): string;
  /** Reads one line typed for the current field. */
  take(line: string): FormStep;
}

export function createFormFiller(frame: ElicitationRequestFrame, lang: Lang): FormFiller {
  const t = terminalFormMessages(lang);
  const fields = Array.isArray(frame.fields) ? frame.fields : [];
  const values: FormValues = {};
  let at = 0;
  let sent = false;
  const id = String(frame.elicitation_id);
  const done = (answer: Extract<ClientFrame, { type: 'elicitation' }>): FormStep => {
    sent = true;
    return { kind: 'done', frame: answer };
  };
  const end = (action: 'decline' | 'cancel') => done({ type: 'elicitation', elicitation_id: id, action });

  /** The question for the current field, or the frame when none is left. */
  const next = (): FormStep => {
    const field = fields[at];
    if (!field) {
      const checked = checkForm({ message: '', fields }, values);
      const content = checked.ok ? checked.values : values;
      return done({ type: 'elicitation', elicitation_id: id, action: 'accept', content });
    }
    const lines = [`   ${cleanName(field.title)} (${fieldHint(field, lang)})`];
    if (field.description) lines.push(`     ${cleanText(field.description).replace(/\n/gu, '\n     ')}`);
    lines.push(...optionLines(field).map((line) => `     ${cleanName(line)}`));
    return { kind: 'ask', text: `${lines.join('\n')}\n   › ` };
  };

  /** The current field asked again, saying what was wrong. */
  const again = (problem: FieldProblem): FormStep => {
    const step = next();
    return step.kind === 'ask'
      ? { kind: 'ask', text: `${t.again(problemText(problem, lang))}\n${step.text}` }
      : step;
  };

  return {
    id,
    frame,
    get sent() {
      return sent;
    },
    start() {
      const seconds = Math.max(0, Math.round((Date.parse(frame.expires_at) - Date.now()) / 1000));
      const head = [
        t.title(cleanName(String(frame.server))),
        cleanText(String(frame.message)),
        t.how(seconds),
      ];
      const step = next();
      return `${head.join('\n')}\n${step.kind === 'ask' ? step.text : ''}`;
    },
    take(line) {
      const word = line.trim().toLowerCase();
      if (word === '!decline') return end('decline');
      if (word === '!cancel') return end('cancel');
      const field = fields[at];
      if (field && line.trim() !== '') {
        const read = readFieldText(field, line);
        if ('problem' in read) return again(read.problem);
        values[field.name] = read.value;
      } else if (field?.required && field.default === undefined) return again('required');
      at++;
      return next();
    },
  };
}
