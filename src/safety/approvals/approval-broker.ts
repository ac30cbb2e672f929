/**
 * The approval broker: holds the requests that wait for a person, hands them to
 * whoever can answer for that session (WebSocket clients of the session, the
 * terminal of `aibox ask`, later chat channels), and resolves each exactly once:
 * the first answer, the timeout (`safety.approval_timeout_s`), the turn's abort,
 * or at once when nobody can answer (`unattended`) or `safety.mode` says so.
 * One broker per app (created in app/create-app.ts).
 */

import { sameRule, supersedes } from '../../config/same-rule.js';
import type { Config, SafetyRule } from '../../config/schema.js';
import type { Logger } from '../../log/logger.js';
import { checkForm, type FieldError, type FormReply } from '../../protocol/form.js';
import { setBounded } from '../../util/bounded-map.js';
import type { Clock } from '../../util/clock.js';
import type { IdGenerator } from '../../util/ids.js';
import type { ApprovalAnswer, ApprovalOutcome, ApprovalRequest } from '../types.js';

export interface PendingApproval {
  approvalId: string;
  request: ApprovalRequest;
  expiresAt: Date;
}

export type ApprovalEvent =
  | { type: 'requested'; pending: PendingApproval }
  | { type: 'resolved'; approvalId: string; request: ApprovalRequest; outcome: ApprovalOutcome };

export type AnswerResult =
  | { status: 'accepted'; outcome: ApprovalOutcome }
  /** Someone (or the timeout, or an abort) was first; `outcome` says how it ended. */
  | { status: 'already_decided'; outcome: ApprovalOutcome }
  | { status: 'unknown' }
  /** A form's values that do not fit it: nothing decided, the person may try again. */
  | { status: 'invalid'; errors: FieldError[] };

export interface ApprovalBroker {
  /** Never rejects; resolves once. `attended: false` resolves as `unattended` without asking. */
  ask(
    request: ApprovalRequest,
    signal: AbortSignal,
    options?: { attended?: boolean },
  ): Promise<ApprovalOutcome>;
  /**
   * A person's answer. `sessions`: the sessions the answerer belongs to; a request
   * of another session is `unknown` to it (ids are not a capability).
   */
  answer(
    approvalId: string,
    answer: ApprovalAnswer,
    by: string,
    sessions?: ReadonlySet<string>,
  ): AnswerResult;
  /**
   * A person's answer to a form (`request.form`): accepted values are checked against it first
   * (protocol/form.ts). `unknown` for a request that is not a form. A yes/no `answer` to a form
   * declines it (`deny`) or accepts it with its defaults (`allow`).
   */
  answerForm(approvalId: string, reply: FormReply, by: string, sessions?: ReadonlySet<string>): AnswerResult;
  /** Requests of the session still waiting, oldest first (for a client that connects now). */
  pending(sessionId: string): PendingApproval[];
  /**
   * Someone who can answer the session's requests: receives its `requested` and
   * `resolved` events until the returned function is called. While a session has
   * none, its requests resolve at once as `unattended`.
   */
  attach(sessionId: string, listener: (event: ApprovalEvent) => void): () => void;
  /** Every event of every session (task run records, logs). */
  onEvent(listener: (event: ApprovalEvent) => void): () => void;
}

interface ApprovalBrokerOptions {
  /** Read at every request: `safety.mode`, `safety.approval_timeout_s`, `safety.rules`. */
  config: () => Config;
  clock: Clock;
  ids: IdGenerator;
  /** Saves an "Always" rule (config.json); a throw is logged and the rule still holds in memory. */
  persistRule: (rule: SafetyRule) => void;
  logger: Pick<Logger, 'info' | 'warn'>;
}

/** How many decided ids are remembered, to tell a late answer "already decided" rather than "unknown". */
const DECIDED_MEMORY = 500;

interface Entry extends PendingApproval {
  resolve(outcome: ApprovalOutcome): void;
}

export function createApprovalBroker(options: ApprovalBrokerOptions): ApprovalBroker {
  const { config, clock, logger } = options;
  const waiting = new Map<string, Entry>();
  const decided = new Map<string, ApprovalOutcome>();
  const approvers = new Map<string, Set<(event: ApprovalEvent) => void>>();
  const everyone = new Set<(event: ApprovalEvent) => void>();

  const emit = (sessionId: string, event: ApprovalEvent) => {
    for (const listener of [...(approvers.get(sessionId) ?? []), ...everyone]) {
      try {
        listener(event);
      } catch (error) {
        logger.warn({ err: error, session: sessionId }, 'approval listener threw; ignored');
      }
    }
  };

  /** An outcome that never waited (no entry, no id): still announced to the record keepers. */
  const settleAtOnce = (request: ApprovalRequest, outcome: ApprovalOutcome): ApprovalOutcome => {
    for (const listener of everyone) {
      try {
        listener({ type: 'resolved', approvalId: '', request, outcome });
      } catch (error) {
        logger.warn({ err: error }, 'approval listener threw; ignored');
      }
    }
    return outcome;
  };

  const remember = (rule: SafetyRule) => {
    const rules = config().safety.rules;
    for (let i = rules.length - 1; i >= 0; i--)
      if (supersedes(rule, rules[i] as SafetyRule)) rules.splice(i, 1);
    if (!rules.some((r) => sameRule(r, rule))) rules.push(rule);
    try {
      options.persistRule(rule);
    } catch (error) {
      logger.warn({ err: error, rule }, 'could not save the "always" rule; it holds until restart');
    }
  };

  const finish = (entry: Entry, outcome: ApprovalOutcome) => {
    if (!waiting.delete(entry.approvalId)) return false;
    setBounded(decided, entry.approvalId, outcome, DECIDED_MEMORY);
    logger.info(
      {
        approval: entry.approvalId,
        session: entry.request.sessionId,
        tool: entry.request.tool,
        how: outcome.how,
      },
      'approval resolved',
    );
    entry.resolve(outcome);
    emit(entry.request.sessionId, {
      type: 'resolved',
      approvalId: entry.approvalId,
      request: entry.request,
      outcome,
    });
    return true;
  };

  /** The waiting request `approvalId` may be decided by one of `sessions`, or why not. */
  const findOpen = (approvalId: string, sessions?: ReadonlySet<string>): Entry | AnswerResult => {
    const entry = waiting.get(approvalId);
    if (!entry) {
      const outcome = decided.get(approvalId);
      return outcome ? { status: 'already_decided', outcome } : { status: 'unknown' };
    }
    if (sessions && !sessions.has(entry.request.sessionId)) return { status: 'unknown' };
    return entry;
  };

  const answerForm: ApprovalBroker['answerForm'] = (approvalId, reply, by, sessions) => {
    const entry = findOpen(approvalId, sessions);
    if (!('approvalId' in entry)) return entry;
    const { form } = entry.request;
    if (!form) return { status: 'unknown' };
    let answer = reply;
    if (reply.action === 'accept') {
      const checked = checkForm(form, reply.content);
      if (!checked.ok) return { status: 'invalid', errors: checked.errors };
      answer = { action: 'accept', content: checked.values };
    }
    const accepted = answer.action === 'accept';
    const outcome: ApprovalOutcome = {
      approved: accepted,
      how: accepted ? 'allow' : 'deny',
      by,
      form: answer,
    };
    finish(entry, outcome);
    return { status: 'accepted', outcome };
  };

  return {
    ask(request, signal, askOptions = {}) {
      const safety = config().safety;
      // A form asks the person for values: neither safety.mode nor a rule answers it.
      if (request.form)
        return waitFor(request, signal, askOptions, request.timeoutS ?? safety.approval_timeout_s);
      if (safety.mode === 'off')
        return Promise.resolve(settleAtOnce(request, { approved: true, how: 'policy' }));
      if (safety.mode === 'deny')
        return Promise.resolve(settleAtOnce(request, { approved: false, how: 'policy' }));
      const saved = request.rememberable;
      if (saved && safety.rules.some((rule) => sameRule(rule, saved)))
        return Promise.resolve(settleAtOnce(request, { approved: true, how: 'always', by: 'safety.rules' }));
      return waitFor(request, signal, askOptions, request.timeoutS ?? safety.approval_timeout_s);
    },

    answer(approvalId, answer, by, sessions) {
      const entry = findOpen(approvalId, sessions);
      if (!('approvalId' in entry)) return entry;
      if (entry.request.form)
        return answerForm(
          approvalId,
          answer === 'deny' ? { action: 'decline' } : { action: 'accept', content: {} },
          by,
          sessions,
        );
      // "Always" without a rule to save (shells, interpreters) is an "allow once".
      const how: ApprovalAnswer = answer === 'always' && !entry.request.rememberable ? 'allow' : answer;
      const outcome: ApprovalOutcome = { approved: how !== 'deny', how, by };
      if (how === 'always' && entry.request.rememberable) remember(entry.request.rememberable);
      finish(entry, outcome);
      return { status: 'accepted', outcome };
    },

    answerForm,

    pending(sessionId) {
      return [...waiting.values()]
        .filter((entry) => entry.request.sessionId === sessionId)
        .map(({ resolve: _, ...pending }) => pending);
    },

    attach(sessionId, listener) {
      let set = approvers.get(sessionId);
      if (!set) {
        set = new Set();
        approvers.set(sessionId, set);
      }
      set.add(listener);
      return () => {
        const current = approvers.get(sessionId);
        current?.delete(listener);
        if (current?.size === 0) approvers.delete(sessionId);
      };
    },

    onEvent(listener) {
      everyone.add(listener);
      return () => everyone.delete(listener);
    },
  };

  /** Waits for a person of the session (none: `unattended` at once), the timeout or the abort. */
  function waitFor(
    request: ApprovalRequest,
    signal: AbortSignal,
    askOptions: { attended?: boolean },
    timeoutS: number,
  ): Promise<ApprovalOutcome> {
    if (signal.aborted) return Promise.resolve(settleAtOnce(request, { approved: false, how: 'aborted' }));
    if (askOptions.attended === false || (approvers.get(request.sessionId)?.size ?? 0) === 0)
      return Promise.resolve(settleAtOnce(request, { approved: false, how: 'unattended' }));

    return new Promise<ApprovalOutcome>((resolve) => {
      const timeoutMs = timeoutS * 1000;
      const entry: Entry = {
        approvalId: options.ids('appr'),
        request,
        expiresAt: new Date(clock.now().getTime() + timeoutMs),
        resolve: (outcome) => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          resolve(outcome);
        },
      };
      const onAbort = () => finish(entry, { approved: false, how: 'aborted' });
      const timer = setTimeout(() => finish(entry, { approved: false, how: 'timeout' }), timeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });
      waiting.set(entry.approvalId, entry);
      logger.info(
        {
          approval: entry.approvalId,
          session: request.sessionId,
          tool: request.tool,
          command: request.command,
        },
        'approval requested',
      );
      const { resolve: _, ...pending } = entry;
      emit(request.sessionId, { type: 'requested', pending });
    });
  }
}
