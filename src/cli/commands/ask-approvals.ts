/**
 * Who answers approval requests during `aibox ask`: the person at the terminal
 * (stdin and stderr are a TTY), or `--yes` (allow once, never "always"). With
 * neither, nobody is attached and the broker denies at once (`unattended`);
 * the denial is still shown, with the hint that --yes allows.
 */
import { createInterface } from 'node:readline/promises';
import { describeRequest, parseApprovalAnswer } from '../../client/approval-prompt.js';
import { terminalApprovalMessages } from '../../client/messages.js';
import type { Lang } from '../../i18n/lang.js';
import type { ApprovalBroker, PendingApproval } from '../../safety/approvals/approval-broker.js';

interface TerminalApproverOptions {
  sessionId: string;
  lang: Lang;
  yes: boolean;
  interactive: boolean;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  now?: () => number;
}

/** Returns the function that stops answering. */
export function attachTerminalApprover(broker: ApprovalBroker, options: TerminalApproverOptions): () => void {
  const t = terminalApprovalMessages(options.lang);
  const now = options.now ?? Date.now;
  const out = (text: string) => options.output.write(`${text}\n`);
  const show = (pending: PendingApproval) => {
    const { request } = pending;
    return describeRequest(
      {
        tool: request.tool,
        command: request.command,
        ...(request.env ? { env: request.env } : {}),
        reason: request.reason,
        canAlways: request.rememberable !== undefined,
        secondsLeft: (pending.expiresAt.getTime() - now()) / 1000,
      },
      t,
    );
  };

  if (!options.yes && !options.interactive) {
    // Nobody is attached: the broker denies; say what was denied and how to allow it.
    return broker.onEvent((event) => {
      if (event.type !== 'resolved' || event.request.sessionId !== options.sessionId) return;
      if (event.outcome.how !== 'unattended') return;
      out(`${t.title(event.request.tool)}\n   $ ${event.request.command}\n${t.nonInteractive}`);
    });
  }

  const controllers = new Map<string, AbortController>();
  const ask = async (pending: PendingApproval) => {
    const shown = show(pending);
    out(shown.text);
    if (options.yes) {
      out(`${shown.prompt}y (--yes)`);
      broker.answer(pending.approvalId, 'allow', 'aibox ask --yes');
      return;
    }
    const controller = new AbortController();
    controllers.set(pending.approvalId, controller);
    const rl = createInterface({ input: options.input, output: options.output, terminal: true });
    try {
      const canAlways = pending.request.rememberable !== undefined;
      for (;;) {
        const line = await rl.question(shown.prompt, { signal: controller.signal });
        const answer = parseApprovalAnswer(line, canAlways);
        if (answer) {
          broker.answer(pending.approvalId, answer, 'terminal');
          return;
        }
        out(t.badAnswer(canAlways));
      }
    } catch {
      // Resolved elsewhere (timeout, abort) while the question was open.
    } finally {
      controllers.delete(pending.approvalId);
      rl.close();
    }
  };

  return broker.attach(options.sessionId, (event) => {
    if (event.type === 'requested') void ask(event.pending);
    else {
      controllers.get(event.approvalId)?.abort();
      out(t.decided(event.outcome.how, event.outcome.by ?? ''));
    }
  });
}
