/** The tasks tab: add, list (next run, last outcome), complete, delete, past runs, and live output of runs. */

import type { ServerFrame } from '../../src/protocol/frames.js';
import type { NewTaskBody, ScheduleDto, TaskDto, TaskListDto, TaskRunDto } from '../../src/server/api/dto.js';
import type { Api } from './api-client.js';
import { formatTime, h, replaceChildren } from './dom.js';
import type { Messages } from './i18n.js';
import { createTaskForm } from './task-form.js';
import { usageText } from './usage-text.js';

export interface TasksView {
  el: HTMLElement;
  refresh(): Promise<void>;
  handle(frame: ServerFrame): void;
  relabel(): void;
}

/** Tasks fetched per page. */
const PAGE = 200;

export function createTasksView(
  api: Api,
  t: () => Messages,
  lang: () => string,
  toast: (text: string, kind?: 'info' | 'error') => void,
): TasksView {
  const formSlot = h('div', { class: 'form-slot' });
  const live = h('div', { class: 'live-runs' });
  const list = h('div', { class: 'card-list tasks-list' });
  const el = h(
    'section',
    { class: 'view tasks-view' },
    h('div', { class: 'list-pane' }, formSlot, live, list),
  );
  const runs = new Map<string, { el: HTMLElement; out: HTMLElement; state: HTMLElement }>();
  let timer: number | undefined;

  const unitLabel = (unit: ScheduleDto['unit']) =>
    unit === 'minutes' ? t().unitMinutes : unit === 'hours' ? t().unitHours : t().unitDays;
  const describe = (s: ScheduleDto): string => {
    const at = formatTime(s.start, lang());
    switch (s.kind) {
      case 'once':
        return t().scheduleOnce(at);
      case 'immediate':
        return t().scheduleNow;
      case 'interval':
        return t().scheduleEvery(s.every ?? 1, unitLabel(s.unit));
      case 'daily':
        return t().scheduleDaily(at);
      case 'weekly':
        return t().scheduleWeekly(at);
      case 'monthly':
        return t().scheduleMonthly(at);
      case 'cron':
        return t().scheduleCron(s.cron ?? '');
    }
  };
  const outcome = (task: TaskDto) => {
    if (!task.lastOutcome) return t().taskNever;
    const label =
      task.lastOutcome === 'complete'
        ? t().taskRunOk
        : task.lastOutcome === 'running'
          ? t().taskRunRunning
          : t().taskRunFailed;
    return `${label} · ${formatTime(task.lastRunAt, lang())}`;
  };

  const act = async (fn: () => Promise<unknown>) => {
    try {
      await fn();
      await refresh();
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  };
  /** Tasks whose past runs are shown; they stay open when the list is re-rendered by a task event. */
  const openRuns = new Set<number>();
  const toggleRuns = (task: TaskDto, box: HTMLElement) => {
    if (!box.hidden) {
      box.hidden = true;
      openRuns.delete(task.id);
      return;
    }
    openRuns.add(task.id);
    void showRuns(task, box).catch((e: Error) => toast(e.message, 'error'));
  };
  const showRuns = async (task: TaskDto, box: HTMLElement) => {
    const data = await api.get<{ runs: TaskRunDto[] }>(`/tasks/${task.id}/runs`);
    replaceChildren(
      box,
      data.runs.length
        ? data.runs.map((run) =>
            h(
              'div',
              { class: `run ${run.status}` },
              h('span', { class: 'muted' }, formatTime(run.startedAt ?? run.occurrence, lang())),
              ' ',
              h('span', { class: 'badge' }, run.status),
              ' ',
              ...(run.usage?.requests
                ? [h('span', { class: 'muted run-usage' }, usageText(run.usage, t())), ' ']
                : []),
              run.error ?? run.answer ?? '',
              // What the task's pre-check said (a skipped run: why the model was not called).
              ...(run.preCheck
                ? [
                    h(
                      'div',
                      { class: 'run-pre-check muted' },
                      t().taskRunPreCheck(
                        run.preCheck.exit === null ? run.preCheck.outcome : `exit ${run.preCheck.exit}`,
                        run.preCheck.line,
                      ),
                    ),
                  ]
                : []),
              // Steps refused because nobody can approve during a scheduled run.
              ...(run.denied ?? []).map((d) =>
                h('div', { class: 'run-denied' }, t().taskRunDenied(`${d.tool}: ${d.command}`)),
              ),
            ),
          )
        : h('div', { class: 'muted' }, t().taskNever),
    );
    box.hidden = false;
  };

  const row = (task: TaskDto) => {
    const runsBox = h('div', { class: 'task-runs', hidden: true });
    if (openRuns.has(task.id)) void showRuns(task, runsBox).catch((e: Error) => toast(e.message, 'error'));
    return h(
      'div',
      { class: `card task ${task.status}`, 'data-task-id': task.id },
      h(
        'div',
        { class: 'card-head' },
        h('span', { class: 'card-title' }, task.title),
        h('span', { class: 'badge kind' }, describe(task.schedule)),
      ),
      task.content ? h('div', { class: 'card-text' }, task.content) : null,
      h(
        'div',
        { class: 'task-facts' },
        h(
          'span',
          {},
          `${t().taskNext}: `,
          h(
            'strong',
            {},
            task.status === 'active' ? formatTime(task.nextRunAt, lang()) || '—' : t().taskDone,
          ),
        ),
        h(
          'span',
          {},
          `${t().taskLast}: `,
          h('strong', { class: `outcome ${task.lastOutcome ?? 'none'}` }, outcome(task)),
        ),
        task.notify
          ? h('span', { class: 'task-notify' }, `${t().taskNotifyFact}: `, h('strong', {}, task.notify))
          : null,
        task.when
          ? h('span', { class: 'task-when' }, `${t().taskWhenFact}: `, h('code', {}, task.when))
          : null,
        task.maxTokensPerRun !== null
          ? h(
              'span',
              { class: 'task-run-cap' },
              `${t().taskRunCapFact}: `,
              h('strong', {}, task.maxTokensPerRun === 0 ? t().taskRunCapNone : String(task.maxTokensPerRun)),
            )
          : null,
      ),
      h(
        'div',
        { class: 'card-actions' },
        task.status === 'active'
          ? h(
              'button',
              {
                type: 'button',
                class: 'btn small task-complete',
                onclick: () => void act(() => api.post(`/tasks/${task.id}/complete`)),
              },
              t().taskComplete,
            )
          : null,
        h(
          'button',
          {
            type: 'button',
            class: 'btn small ghost task-runs-btn',
            onclick: () => toggleRuns(task, runsBox),
          },
          t().taskRuns,
        ),
        h(
          'button',
          {
            type: 'button',
            class: 'btn small danger-text task-delete',
            onclick: () => {
              if (window.confirm(t().taskDeleteConfirm(task.title)))
                void act(() => api.del(`/tasks/${task.id}`));
            },
          },
          t().taskDelete,
        ),
      ),
      runsBox,
    );
  };

  /** Set by the first refresh (the tab was opened): until then task events fetch nothing. */
  let listed = false;
  /** Rows shown so far: a refresh reloads as many as were shown, "more" adds the next page. */
  let shown = 0;
  const pageFooter = (data: TaskListDto) => {
    const footer = h('div', { class: 'list-footer' }, t().tasksShown(shown, data.total));
    if (shown < data.total)
      footer.append(
        h('button', { class: 'btn more', type: 'button', onclick: () => void more() }, t().showMore),
      );
    return footer;
  };
  const more = async () => {
    try {
      const data = await api.get<TaskListDto>(`/tasks?limit=${PAGE}&offset=${shown}`);
      shown += data.tasks.length;
      list.querySelector('.list-footer')?.remove();
      list.append(...data.tasks.map(row), pageFooter(data));
    } catch (error) {
      toast(t().loadFailed((error as Error).message), 'error');
    }
  };
  const refresh = async () => {
    listed = true;
    try {
      const data = await api.get<TaskListDto>(`/tasks?limit=${Math.max(PAGE, Math.min(shown, 500))}`);
      shown = data.tasks.length;
      replaceChildren(
        list,
        ...(data.tasks.length
          ? [...data.tasks.map(row), ...(data.total > shown ? [pageFooter(data)] : [])]
          : [h('div', { class: 'empty' }, t().tasksEmpty)]),
      );
    } catch (error) {
      replaceChildren(list, h('div', { class: 'empty error' }, t().loadFailed((error as Error).message)));
    }
  };

  const liveRun = (id: string, title: string) => {
    let run = runs.get(id);
    if (!run) {
      const out = h('div', { class: 'live-out' });
      const state = h('span', { class: 'badge running' }, t().taskRunRunning);
      run = {
        el: h(
          'div',
          { class: 'card live-run', 'data-execution-id': id },
          h(
            'div',
            { class: 'card-head' },
            h('span', { class: 'card-title' }, `${t().taskLive}: ${title}`),
            state,
          ),
          out,
        ),
        out,
        state,
      };
      runs.set(id, run);
      live.prepend(run.el);
      while (live.children.length > 5) live.lastElementChild?.remove();
    }
    return run;
  };

  const handle = (frame: ServerFrame) => {
    if (frame.type === 'task_process') {
      const run = liveRun(frame.execution_id, frame.task_title ?? `#${frame.task_id}`);
      if (frame.msg_type === 'chunk' || frame.msg_type === 'line') run.out.append(frame.content);
      else if (frame.msg_type === 'complete') {
        run.state.className = 'badge ok';
        run.state.textContent = t().taskRunOk;
      } else if (frame.msg_type === 'error') {
        run.state.className = 'badge broken';
        run.state.textContent = t().taskRunFailed;
        run.out.append(h('div', { class: 'card-error' }, frame.content));
      }
      run.out.scrollTop = run.out.scrollHeight;
    } else if (frame.type === 'task_error' && frame.execution_id) {
      const run = liveRun(frame.execution_id, frame.task_title ?? `#${frame.task_id}`);
      run.state.className = 'badge broken';
      run.state.textContent = t().taskRunFailed;
      run.out.append(h('div', { class: 'card-error' }, frame.error));
    }
    if (listed && (frame.type === 'task_status' || frame.type === 'task_error')) {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => void refresh(), 150);
    }
  };

  const add = async (body: NewTaskBody) => {
    try {
      const task = await api.post<TaskDto>('/tasks', body);
      toast(t().taskAdded(task.title));
      await refresh();
      return true;
    } catch (error) {
      toast((error as Error).message, 'error');
      return false;
    }
  };
  const relabel = () => replaceChildren(formSlot, createTaskForm(t(), add).el);
  relabel();
  return { el, refresh, handle, relabel };
}
