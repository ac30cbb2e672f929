/**
 * The "add task" form: once (at a time, or now), repeat (every N minutes/hours/days) or cron, and
 * optionally the chat each run's result is posted to, a pre-check command (`when`) and a cap on
 * the tokens one run may use.
 */
import type { NewTaskBody } from '../../src/server/api/dto.js';
import { h } from './dom.js';
import type { Messages } from './i18n.js';

export interface TaskForm {
  el: HTMLFormElement;
}

export function createTaskForm(t: Messages, onSubmit: (body: NewTaskBody) => Promise<boolean>): TaskForm {
  const title = h('input', {
    class: 'input',
    name: 'title',
    required: true,
    maxlength: 200,
    placeholder: t.taskTitle,
    'aria-label': t.taskTitle,
  });
  const content = h('textarea', {
    class: 'input',
    name: 'content',
    rows: 2,
    placeholder: t.taskContent,
    'aria-label': t.taskContent,
  });
  const kind = h(
    'select',
    { class: 'input', name: 'kind', 'aria-label': t.taskKind },
    h('option', { value: 'once' }, t.taskOnce),
    h('option', { value: 'interval' }, t.taskRepeat),
    h('option', { value: 'daily' }, t.taskDaily),
    h('option', { value: 'weekly' }, t.taskWeekly),
    h('option', { value: 'monthly' }, t.taskMonthly),
    h('option', { value: 'cron' }, t.taskCron),
  );
  const at = h('input', {
    class: 'input',
    type: 'datetime-local',
    name: 'at',
    title: t.taskAtHint,
    'aria-label': t.taskAt,
  });
  const every = h('input', {
    class: 'input narrow',
    type: 'number',
    name: 'every',
    min: 1,
    value: 1,
    'aria-label': t.taskEvery,
  });
  const unit = h(
    'select',
    { class: 'input', name: 'unit' },
    h('option', { value: 'minutes' }, t.unitMinutes),
    h('option', { value: 'hours' }, t.unitHours),
    h('option', { value: 'days', selected: true }, t.unitDays),
  );
  const cron = h('input', {
    class: 'input',
    name: 'cron',
    placeholder: t.taskCronExpr,
    'aria-label': t.taskCronExpr,
  });
  // A chat each run's result is posted to; the server refuses one that is not an allowed chat.
  const notify = h('input', {
    class: 'input',
    name: 'notify',
    maxlength: 200,
    placeholder: t.taskNotify,
    'aria-label': t.taskNotify,
  });
  // Judged like run_command with nobody to ask: the server refuses a command that needs a yes.
  const when = h('input', {
    class: 'input',
    name: 'when',
    maxlength: 2000,
    placeholder: t.taskWhen,
    'aria-label': t.taskWhen,
    title: t.taskWhenHint,
  });
  const runCap = h('input', {
    class: 'input narrow',
    type: 'number',
    name: 'max_tokens_per_run',
    min: 0,
    step: 1,
    placeholder: t.taskRunCap,
    'aria-label': t.taskRunCap,
    title: t.taskRunCapHint,
  });
  const hint = h('span', { class: 'hint' }, t.taskAtHint);
  const onceRow = h('label', { class: 'field' }, h('span', {}, t.taskAt), at, hint);
  const repeatRow = h('label', { class: 'field', hidden: true }, h('span', {}, t.taskEvery), every, unit);
  const cronRow = h('label', { class: 'field', hidden: true }, cron);
  const submit = h('button', { type: 'submit', class: 'btn primary' }, t.tasksAdd);

  const sync = () => {
    const calendar = ['daily', 'weekly', 'monthly'].includes(kind.value);
    onceRow.hidden = kind.value !== 'once' && !calendar;
    hint.textContent = calendar ? t.taskFirstHint : t.taskAtHint;
    repeatRow.hidden = kind.value !== 'interval';
    cronRow.hidden = kind.value !== 'cron';
    cron.required = kind.value === 'cron';
  };
  kind.addEventListener('change', sync);

  const el = h(
    'form',
    { class: 'task-form' },
    h('div', { class: 'row' }, title, kind),
    content,
    notify,
    h('div', { class: 'row' }, when, runCap),
    h('div', { class: 'row' }, onceRow, repeatRow, cronRow, submit),
  );
  el.addEventListener('submit', async (event) => {
    event.preventDefault();
    const body: NewTaskBody = {
      title: title.value.trim(),
      content: content.value.trim(),
      kind: kind.value as NewTaskBody['kind'],
    };
    if (!onceRow.hidden && at.value) body.at = new Date(at.value).toISOString();
    if (body.kind === 'interval') {
      body.every = Number(every.value);
      body.unit = unit.value as NewTaskBody['unit'];
    }
    if (body.kind === 'cron') body.cron = cron.value.trim();
    if (notify.value.trim()) body.notify = notify.value.trim();
    if (when.value.trim()) body.when = when.value.trim();
    if (runCap.value.trim() !== '') body.max_tokens_per_run = Number(runCap.value);
    submit.disabled = true;
    try {
      if (await onSubmit(body)) {
        title.value = '';
        content.value = '';
        at.value = '';
        cron.value = '';
        notify.value = '';
        when.value = '';
        runCap.value = '';
      }
    } finally {
      submit.disabled = false;
    }
  });
  return { el };
}
