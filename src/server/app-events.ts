/**
 * App-wide events every client receives: scheduler frames (`task_status`,
 * `task_process`, `task_error`, already in wire shape) and `skills_changed`.
 */
import type { AppServices } from '../app/services.js';
import type { Hub } from './broadcast.js';

export function forwardAppEvents(app: AppServices, hub: Hub): () => void {
  const offs: (() => void)[] = [];
  if (app.scheduler) offs.push(app.scheduler.onEvent((event) => hub.toAll({ ...event })));
  offs.push(app.skills.onChange((r) => hub.toAll({ type: 'skills_changed', ...r })));
  return () => {
    for (const off of offs) off();
  };
}
