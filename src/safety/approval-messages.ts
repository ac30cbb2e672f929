import { defineMessages } from '../i18n/lang.js';

/** What people and the model are told about approvals, in zh and en. */
export const approvalMessages = defineMessages({
  zh: {
    /** The tool result line after a refusal: the model must not retry the same thing. */
    refused: (what: string, why: string) =>
      `未执行：${what}。${why}。不要再次尝试同样的操作；请告诉用户，或换一种方式。`,
    deniedByPerson: (by: string) => `用户拒绝了（${by}）`,
    timedOut: '在 safety.approval_timeout_s 内无人回答，已按拒绝处理',
    unattended: '现在没有人可以批准（没有已连接的客户端，或者这是定时任务），已按拒绝处理',
    aborted: '回合已取消',
    policyDeny: 'safety.mode 为 deny：需要批准的操作一律拒绝',
  },
  en: {
    refused: (what, why) =>
      `Not done: ${what}. ${why}. Do not retry the same thing; tell the user, or find another way.`,
    deniedByPerson: (by) => `The user denied it (${by})`,
    timedOut: 'Nobody answered within safety.approval_timeout_s, so it was denied',
    unattended:
      'Nobody can approve right now (no connected client, or this is a scheduled task), so it was denied',
    aborted: 'The turn was cancelled',
    policyDeny: 'safety.mode is deny: everything that needs approval is refused',
  },
});
