/**
 * App-wide events every client receives: the scheduler's events as `task_status`,
 * `task_process` and `task_error` frames (scheduler-frames.ts), and `skills_changed`.
 */
import type { AppServices } from '../app/services.js';
import type { Hub } from './broadcast.js';
import { schedulerFrame } from './tasks/scheduler-frames.js';

export function forwardAppEvents(app: AppServices, hub: Hub): () => void {
  const offs: (() => void)[] = [];
  if (app.scheduler)
    offs.push(
      app.scheduler.onEvent((event) => {
        const frame = schedulerFrame(event, app.lang);
        if (frame) hub.toAll(frame);
      }),
    );
  offs.push(app.skills.onChange((r) => hub.toAll({ type: 'skills_changed', ...r })));
  return () => {
    for (const off of offs) off();
  };
}
