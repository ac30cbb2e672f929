/**
 * The scheduler's domain events → the frames every client gets (docs/protocol.md, "Tasks"):
 * `task_status` (with its message in the box's language), `task_process`, `task_error`. As for a
 * session's events, the wording and the wire shapes live here, not in the scheduler.
 */
import type { Lang } from '../../i18n/lang.js';
import type { SchedulerFrame, TaskStatusFrame } from '../../protocol/frames.js';
import type { SchedulerEvent } from '../../scheduler/types.js';
import { describeSchedule, formatLocal, formatNextRun } from '../../tasks/describe.js';
import type { Task, TaskRun } from '../../tasks/types.js';
import { isoWithOffset } from '../../util/clock.js';
import { taskBroadcastMessages } from '../messages.js';
import { taskProcessFrame } from './task-process-frame.js';

type Messages = ReturnType<typeof taskBroadcastMessages>;

function statusFrame(
  task: Task,
  status: TaskStatusFrame['status'],
  message: string,
  at: Date,
  extra: { run_id?: number; late?: boolean } = {},
): TaskStatusFrame {
  return {
    type: 'task_status',
    task_id: task.id,
    title: task.title,
    status,
    message,
    timestamp: isoWithOffset(at),
    ...extra,
  };
}

/** What a run's status frame adds. */
const ofRun = (run: TaskRun) => ({ run_id: run.id, late: run.late });

function changeMessage(event: Extract<SchedulerEvent, { type: 'task_changed' }>, t: Messages, lang: Lang) {
  const { kind, task } = event.change;
  if (kind === 'added') return t.added(task.title, describeSchedule(task.schedule, lang));
  if (kind === 'advanced') return t.advanced(task.title, formatNextRun(task, '-'));
  return t[kind](task.title);
}

function endedFrame(event: Extract<SchedulerEvent, { type: 'run_ended' }>, t: Messages): TaskStatusFrame {
  const { task, run, outcome, at } = event;
  if (outcome.skipped) {
    const check = outcome.preCheck;
    const exit = t.preCheckExit(check?.exit ?? null, check?.outcome ?? '');
    return statusFrame(task, 'skipped', t.skipped(task.title, exit, check?.line ?? ''), at, ofRun(run));
  }
  const message = outcome.ok ? outcome.answer?.trim() || t.noAnswer : t.failed(outcome.error ?? '');
  return statusFrame(task, outcome.ok ? 'complete' : 'failed', message, at, ofRun(run));
}

/** The frame an event is sent as; undefined for a run's session event that shows nothing. */
export function schedulerFrame(event: SchedulerEvent, lang: Lang): SchedulerFrame | undefined {
  const t = taskBroadcastMessages(lang);
  switch (event.type) {
    case 'task_changed': {
      const { kind, task } = event.change;
      return statusFrame(
        task,
        kind === 'advanced' ? 'completed' : kind,
        changeMessage(event, t, lang),
        event.at,
      );
    }
    case 'run_started': {
      const { task, run } = event;
      const message = run.late
        ? t.executingLate(task.title, task.id, formatLocal(run.occurrence, task.schedule.timezone))
        : t.executing(task.title, task.id);
      return statusFrame(task, 'executing', message, event.at, ofRun(run));
    }
    case 'run_output':
      return taskProcessFrame(event.event, event.task, event.run, lang, isoWithOffset(event.at));
    case 'run_error':
      return {
        type: 'task_error',
        task_id: String(event.task.id),
        execution_id: event.run.executionId,
        task_title: event.task.title,
        error: event.error,
        timestamp: isoWithOffset(event.at),
      };
    case 'run_ended':
      return endedFrame(event, t);
    case 'run_interrupted':
      return statusFrame(event.task, 'interrupted', t.interrupted(event.task.title), event.at, {
        run_id: event.run.id,
      });
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}
