/**
 * Scheduled tasks in a chat: when a run of a task with a `notify` chat starts, that chat may
 * answer the run's approval requests (it is the person the task reports to); when the run
 * ends, its answer or error is posted there, split at the vendor's limit. The target is checked
 * again at each run (a sender unpaired or removed from `allowed_ids` since it was set no longer
 * gets results). A chat that is no longer allowed, or whose channel is not running, is logged
 * and the target kept (the result stays in the run record). A result the vendor cannot take
 * because it is unreachable waits in the channel's outbox (chat-outbox.ts); one it refuses is
 * logged.
 */

import type { AppServices } from '../../app/services.js';
import { parseChatTarget } from '../../chats/chat-target.js';
import { createNotifyTargets } from '../../chats/notify-targets.js';
import type { Logger } from '../../log/logger.js';
import { taskSessionId } from '../../scheduler/session-run-job.js';
import type { SchedulerEvent } from '../../scheduler/types.js';
import type { Task, TaskRun } from '../../tasks/types.js';
import { CHANNEL_KINDS } from '../channel-kinds.js';
import { notifyMessages } from '../messages.js';
import type { ChatBridge } from './chat-bridge.js';

interface TaskNoticeOptions {
  app: AppServices;
  bridges: ReadonlyMap<string, ChatBridge>;
  logger: Logger;
  /** Where channels read their credentials and allowed ids besides config. */
  env: NodeJS.ProcessEnv;
}

/** Starts following the scheduler; the returned function stops (and cancels retries). */
export function postTaskResults(options: TaskNoticeOptions): () => void {
  const { app, bridges, logger } = options;
  const scheduler = app.scheduler;
  if (!scheduler) return () => undefined;
  /** Run id → ends the chat's say over that run's approvals. */
  const asking = new Map<number, () => void>();
  const targets = createNotifyTargets({
    config: () => app.config,
    env: options.env,
    senders: app.senders,
    lang: app.lang,
    channels: CHANNEL_KINDS,
  });

  /** Whether the box may still post to the task's chat (its sender may have been removed since). */
  const stillAllowed = (task: Task, notify: string) => {
    try {
      targets.check(notify);
      return true;
    } catch (error) {
      logger.warn(
        { task: task.id, notify, err: error },
        'the chat of this task is no longer allowed; its result stays in the run record',
      );
      return false;
    }
  };

  const chatOf = (task: Task) => {
    const notify = task.notify;
    const target = notify ? parseChatTarget(notify) : undefined;
    if (!notify || !target || !stillAllowed(task, notify)) return undefined;
    const bridge = bridges.get(target.channel);
    if (!bridge) {
      logger.warn(
        { task: task.id, notify: task.notify },
        'the chat of this task is on a channel that is not running; its result stays in the run record',
      );
      return undefined;
    }
    return { bridge, chatId: target.chatId };
  };

  /** The bridge keeps it in the outbox while the vendor is unreachable; a refusal is logged here. */
  const post = async (bridge: ChatBridge, chatId: string, text: string, task: Task) => {
    await bridge.post(chatId, text).catch((error: unknown) => {
      logger.warn(
        { err: error, task: task.id },
        'the chat refused a task result; it stays in the run record',
      );
    });
  };

  const resultText = (task: Task, run: TaskRun, bridge: ChatBridge, chatId: string) => {
    const t = notifyMessages(bridge.langOf(chatId));
    const denied = run.denied.map((step) => `${step.tool}: ${step.command} (${step.how})`).join('; ');
    const body =
      run.status === 'complete'
        ? `${t.taskDone(task.title, task.id)}\n\n${run.answer?.trim() || t.noAnswer}`
        : t.taskFailed(task.title, task.id, run.error ?? run.status);
    return denied ? `${body}\n\n${t.denied(denied)}` : body;
  };

  const onEvent = (event: SchedulerEvent) => {
    if (event.type === 'run_started') {
      // The task as it is now (its chat may have changed while the run waited its turn).
      const task = app.tasks.get(event.task.id);
      const chat = task && chatOf(task);
      if (!task || !chat) return;
      const heading = notifyMessages(chat.bridge.langOf(chat.chatId)).askedByTask(task.title, task.id);
      asking.set(event.run.id, chat.bridge.askIn(chat.chatId, taskSessionId(task.id), heading));
      return;
    }
    if (event.type !== 'run_ended') return;
    const runId = event.run.id;
    asking.get(runId)?.();
    asking.delete(runId);
    // A skipped run (its pre-check found nothing to do) posts nothing: no news is no message.
    if (event.outcome.skipped) return;
    const task = app.tasks.get(event.task.id);
    const run = task && app.tasks.runs(task.id, { limit: 20 }).find((r) => r.id === runId);
    const chat = task && chatOf(task);
    if (!task || !run || !chat) return;
    void post(chat.bridge, chat.chatId, resultText(task, run, chat.bridge, chat.chatId), task);
  };

  const unsubscribe = scheduler.onEvent(onEvent);
  return () => {
    unsubscribe();
    for (const release of asking.values()) release();
    asking.clear();
  };
}
