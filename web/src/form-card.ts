/**
 * A form an MCP server asks the person to fill in (`elicitation_request`), in the chat: which
 * server asks, its message, one input per field (text, number, a checkbox, a select, checkboxes
 * for several choices; defaults filled in), a countdown, and Accept / Decline / Cancel. Accept
 * checks the values with the same code as the server (protocol/form.ts) and marks the fields
 * that do not fit; so does an `invalid_values` error from the server. Once ended — here, in
 * another client, by the timeout — it shows how and by whom. All text goes in as text nodes.
 */

import { checkForm, type FieldError, type FormField, type FormValues } from '../../src/protocol/form.js';
import { endText, fieldHint, problemText } from '../../src/protocol/form-text.js';
import type { ElicitationRequestFrame, ElicitationResolvedFrame } from '../../src/protocol/frames.js';
import { startCountdown } from './countdown.js';
import { h, replaceChildren } from './dom.js';
import type { Lang, Messages } from './i18n.js';

export type FormAnswer = { action: 'accept'; content: FormValues } | { action: 'decline' | 'cancel' };

export interface FormCard {
  el: HTMLElement;
  readonly pending: boolean;
  /** The server refused the values (an `invalid_values` error): marks the fields, enables the buttons. */
  refused(errors: FieldError[]): void;
  resolve(frame: ElicitationResolvedFrame): void;
}

interface Input {
  field: FormField;
  el: HTMLElement;
  /** The value as typed, or undefined when left empty. */
  read(): unknown;
  error: HTMLElement;
}

function inputFor(field: FormField, id: string): { el: HTMLElement; read(): unknown } {
  switch (field.type) {
    case 'boolean': {
      const box = h('input', { type: 'checkbox', id, name: field.name });
      box.checked = field.default === true;
      return { el: box, read: () => box.checked };
    }
    case 'number':
    case 'integer': {
      const input = h('input', {
        type: 'number',
        id,
        name: field.name,
        step: field.type === 'integer' ? '1' : 'any',
        min: field.minimum,
        max: field.maximum,
      });
      if (field.default !== undefined) input.value = String(field.default);
      return { el: input, read: () => (input.value.trim() === '' ? undefined : Number(input.value)) };
    }
    case 'choice': {
      const select = h(
        'select',
        { id, name: field.name },
        h('option', { value: '' }, '—'),
        field.options.map((o) => h('option', { value: o.value }, o.label)),
      );
      if (field.default !== undefined) select.value = field.default;
      return { el: select, read: () => (select.value === '' ? undefined : select.value) };
    }
    case 'choices': {
      const boxes = field.options.map((o) => {
        const box = h('input', { type: 'checkbox', value: o.value, name: field.name });
        box.checked = field.default?.includes(o.value) ?? false;
        return { box, label: h('label', { class: 'form-choice' }, box, ` ${o.label}`) };
      });
      return {
        el: h(
          'div',
          { id, class: 'form-choices', role: 'group' },
          boxes.map((b) => b.label),
        ),
        read: () => boxes.filter((b) => b.box.checked).map((b) => b.box.value),
      };
    }
    case 'string': {
      const long = field.maxLength > 200 && !field.format;
      const types = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' } as const;
      const input = long
        ? h('textarea', { id, name: field.name, rows: 2, maxlength: field.maxLength })
        : h('input', {
            type: field.format ? types[field.format] : 'text',
            id,
            name: field.name,
            maxlength: field.maxLength,
          });
      if (field.default !== undefined) input.value = field.default;
      // datetime-local gives no zone: the value is sent as the page's local time in UTC.
      const toWire = (value: string) =>
        field.format === 'date-time' && value && !/[Zz]|[+-]\d\d:\d\d$/.test(value)
          ? new Date(value).toISOString()
          : value;
      return { el: input, read: () => (input.value === '' ? undefined : toWire(input.value)) };
    }
  }
}

export function createFormCard(
  request: ElicitationRequestFrame,
  t: () => Messages,
  lang: () => Lang,
  answer: (reply: FormAnswer) => boolean,
): FormCard {
  const fields = Array.isArray(request.fields) ? request.fields : [];
  const form = { message: request.message, fields };
  const countdown = startCountdown(request.expires_at, (left) => t().formCountdown(left));
  const idOf = (i: number) => `form-${request.elicitation_id}-${i}`;
  const inputs: Input[] = fields.map((field, i) => ({
    field,
    ...inputFor(field, idOf(i)),
    error: h('div', { class: 'form-error', role: 'alert' }),
  }));
  const rows = inputs.map((input, i) =>
    h(
      'div',
      { class: 'form-field', 'data-field': input.field.name },
      h('label', { for: idOf(i), class: 'form-label' }, input.field.title),
      h('span', { class: 'form-hint' }, ` (${fieldHint(input.field, lang())})`),
      input.field.description ? h('div', { class: 'form-description' }, input.field.description) : null,
      input.el,
      input.error,
    ),
  );

  const mark = (errors: FieldError[]) => {
    for (const input of inputs) {
      const error = errors.find((e) => e.field === input.field.name);
      input.error.textContent = error ? problemText(error.problem, lang()) : '';
    }
    const general = errors.filter((e) => !inputs.some((i) => i.field.name === e.field));
    note.textContent = general.map((e) => `${e.field}: ${problemText(e.problem, lang())}`).join('; ');
  };
  const disable = (off: boolean) => {
    for (const b of buttons.querySelectorAll('button')) b.disabled = off;
  };
  const send = (reply: FormAnswer) => {
    if (answer(reply)) disable(true);
  };
  const accept = () => {
    const values: Record<string, unknown> = {};
    for (const input of inputs) {
      const value = input.read();
      if (value !== undefined) values[input.field.name] = value;
    }
    const checked = checkForm(form, values);
    if (!checked.ok) return mark(checked.errors);
    mark([]);
    send({ action: 'accept', content: checked.values });
  };
  const button = (label: string, kind: string, action: string, onclick: () => void) =>
    h('button', { type: 'button', class: `btn small ${kind} form-${action}`, onclick }, label);
  const buttons = h(
    'div',
    { class: 'approval-actions' },
    button(t().formAccept, 'primary', 'accept', accept),
    button(t().formDecline, 'danger', 'decline', () => send({ action: 'decline' })),
    button(t().formCancel, '', 'cancel', () => send({ action: 'cancel' })),
    countdown.el,
  );
  const note = h('div', { class: 'form-error', role: 'alert' });
  const el = h(
    'div',
    {
      class: 'approval-card form-card',
      'data-elicitation-id': request.elicitation_id,
      'data-state': 'pending',
      role: 'group',
    },
    h('div', { class: 'approval-title' }, t().formTitle(request.server)),
    h('div', { class: 'form-message' }, request.message),
    h(
      'form',
      {
        class: 'form-fields',
        onsubmit: (event: Event) => {
          event.preventDefault();
          accept();
        },
      },
      rows,
    ),
    note,
    buttons,
  );

  let pending = true;

  return {
    el,
    get pending() {
      return pending;
    },
    refused(errors) {
      mark(errors);
      disable(false);
    },
    resolve(frame) {
      pending = false;
      countdown.stop();
      el.dataset.state = frame.action === 'accept' ? 'approved' : 'denied';
      el.dataset.action = frame.action;
      for (const input of el.querySelectorAll('input, select, textarea'))
        (input as HTMLInputElement).disabled = true;
      replaceChildren(
        buttons,
        h('span', { class: 'approval-outcome' }, endText(frame.action, frame.by, lang())),
      );
    },
  };
}
