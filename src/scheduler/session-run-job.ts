/**
 * The production `runJob`: one agent turn in the task's own session
 * `task-<id>` (never the user's `main`), forwarding that turn's events.
 */
import type { Lang } from '../i18n/lang.js';
import type { SessionEvent, SessionManager } from '../session/types.js';
import { formatLocal } from '../tasks/describe.js';
import type { RunJob } from '../tasks/types.js';
import { schedulerMessages } from './messages.js';

export function sessionRunJob(sessions: SessionManager, options: { lang: Lang }): RunJob {
  const t = schedulerMessages(options.lang);
  return async (task, run, emit) => {
    const session = sessions.get(`task-${task.id}`);
    let turnId: string | undefined;
    const early: SessionEvent[] = [];
    const ours = (event: SessionEvent) => !('turnId' in event) || event.turnId === turnId;
    const unsubscribe = session.subscribe((event) => {
      if (turnId === undefined) early.push(event);
      else if (ours(event)) emit(event);
    });
    try {
      const queued = session.enqueue({
        content: task.content.trim() || task.title,
        source: 'task',
        instructions: t.instructions(
          task.title,
          task.id,
          formatLocal(run.occurrence, task.schedule.timezone),
          run.late,
        ),
      });
      turnId = queued.turnId;
      for (const event of early.splice(0)) if (ours(event)) emit(event);
      const outcome = await queued.done;
      return outcome.status === 'complete'
        ? { ok: true, answer: outcome.content }
        : { ok: false, error: `${outcome.code}: ${outcome.message}` };
    } finally {
      unsubscribe();
    }
  };
}
