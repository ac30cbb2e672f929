/**
 * Whose memories a session sees (docs/memory-and-tasks.md, "Whose memories"): a paired chat's
 * session (`telegram-42`) sees and saves that chat's memories only, unless the chat is listed in
 * `memory.owner_chats`; a task's runs see what the session that created the task saw; every
 * other session (the page, the terminal, `/v1`, MCP) is the owner's and sees all of them.
 */
import { chatOfSession, formatChatTarget } from '../chats/chat-target.js';
import type { Config } from '../config/schema.js';
import type { ScopeOfSession } from '../memory/types.js';
import type { TaskStore } from '../tasks/types.js';
import { taskOfSession } from './usage-meter.js';

export function memoryScopeOf(deps: { config: () => Config; tasks: Pick<TaskStore, 'get'> }): ScopeOfSession {
  const ofChat = (sessionId: string): string | undefined => {
    const chat = chatOfSession(sessionId);
    if (!chat) return undefined;
    const target = formatChatTarget(chat);
    return deps.config().memory.owner_chats.includes(target) ? undefined : target;
  };
  return (sessionId) => {
    const taskId = taskOfSession(sessionId);
    if (taskId === null) return ofChat(sessionId);
    // A task made in a chat works for that chat; one whose creator is unknown, for the owner.
    const source = deps.tasks.get(taskId)?.source;
    return source ? ofChat(source) : undefined;
  };
}
