/** Session events of a task run → `task_process` frames (the original's field shapes, docs/protocol.md "Tasks"). */
import type { Lang } from '../../i18n/lang.js';
import type { TaskProcessFrame } from '../../protocol/frames.js';
import { taskSessionId } from '../../scheduler/session-run-job.js';
import type { SessionEvent } from '../../session/types.js';
import type { Task, TaskRun } from '../../tasks/types.js';
import { taskBroadcastMessages } from '../messages.js';

type MsgType = TaskProcessFrame['msg_type'];

function shorten(text: string, max = 200): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function mapEvent(event: SessionEvent, lang: Lang): { msgType: MsgType; content: string } | undefined {
  const t = taskBroadcastMessages(lang);
  switch (event.type) {
    case 'text_delta':
      return { msgType: 'chunk', content: event.text };
    case 'reasoning_delta':
      return { msgType: 'reasoning', content: event.text };
    case 'tool_start':
      return { msgType: 'line', content: t.toolLine(event.name) };
    case 'tool_output':
      return { msgType: 'line', content: event.text };
    case 'tool_end':
      return { msgType: 'line', content: t.toolDone(event.name, event.ok, shorten(event.content)) };
    case 'turn_end':
      return { msgType: 'complete', content: event.content };
    case 'error':
      return { msgType: 'error', content: event.message };
    case 'dialogue_ended':
      return { msgType: 'dialogue_ended', content: t.ended };
    case 'notice':
      return { msgType: 'line', content: event.message };
    // The run's own bookkeeping: nothing to show.
    case 'queued':
    case 'turn_start':
    case 'message':
    case 'dialogue_reset':
    case 'recalled':
      return undefined;
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

export function taskProcessFrame(
  event: SessionEvent,
  task: Task,
  run: TaskRun,
  lang: Lang,
  timestamp: string,
): TaskProcessFrame | undefined {
  const mapped = mapEvent(event, lang);
  if (!mapped) return undefined;
  return {
    type: 'task_process',
    task_id: String(task.id),
    execution_id: run.executionId,
    task_title: task.title,
    msg_type: mapped.msgType,
    content: mapped.content,
    is_new_execution: mapped.msgType === 'chunk',
    session: taskSessionId(task.id),
    timestamp,
  };
}
