/**
 * Sends one Markdown message to a DingTalk chat by its route: the reply webhook
 * (`msgtype: markdown`), or the robot OpenAPI with `msgKey: sampleMarkdown` —
 * `groupMessages/send` for a group, `oToMessages/batchSend` for one person. The OpenAPI half
 * (`sendRobotMessage`) also carries the pictures and files of dingtalk-files.ts.
 */
import type { ChatRoute } from './dingtalk-chats.js';
import { postJson } from './dingtalk-http.js';
import type { DingTalkOpenApi } from './dingtalk-openapi.js';
import { markdownTitle } from './markdown-title.js';

export interface SendTarget {
  api: DingTalkOpenApi;
  robotCode: string;
  signal: AbortSignal;
}

export async function sendMarkdown(target: SendTarget, route: ChatRoute, text: string): Promise<void> {
  const title = markdownTitle(text);
  if (route.kind === 'webhook') {
    await postJson(
      route.url,
      { msgtype: 'markdown', markdown: { title, text } },
      { signal: target.signal, endpoint: 'robot/sendBySession' },
    );
    return;
  }
  await sendRobotMessage(target, route, 'sampleMarkdown', { title, text });
}

/**
 * One robot OpenAPI message of `msgKey` (`sampleMarkdown`, `sampleImageMsg`, `sampleFile` …) to a
 * group or a person.
 */
export async function sendRobotMessage(
  target: SendTarget,
  route: Exclude<ChatRoute, { kind: 'webhook' }>,
  msgKey: string,
  msgParam: Record<string, string>,
): Promise<void> {
  const message = { robotCode: target.robotCode, msgKey, msgParam: JSON.stringify(msgParam) };
  if (route.kind === 'group') {
    await target.api.call(
      'POST',
      '/v1.0/robot/groupMessages/send',
      { ...message, openConversationId: route.conversationId },
      'robot/groupMessages/send',
    );
    return;
  }
  const answer = await target.api.call(
    'POST',
    '/v1.0/robot/oToMessages/batchSend',
    { ...message, userIds: [route.userId] },
    'robot/oToMessages/batchSend',
  );
  // A 200 that names the person as invalid or rate-limited means the message did not go.
  for (const list of ['invalidStaffIdList', 'flowControlledStaffIdList'] as const) {
    const ids = answer[list];
    if (Array.isArray(ids) && ids.length > 0)
      throw new Error(`DingTalk robot/oToMessages/batchSend: ${list} names ${route.userId}`);
  }
}
