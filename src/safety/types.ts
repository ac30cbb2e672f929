/**
 * The safety contract: every risky tool call gets a decision (allow, ask,
 * deny) from a policy, and an "ask" waits for a person through an approval
 * port. Tools see only `ToolContext.requestApproval`; the session layer wires
 * it to the app's approval broker, which the server (and later the chat
 * channels) answer. See docs/safety.md.
 */
import type { SafetyRule } from '../config/schema.js';
import type { Lang } from '../i18n/lang.js';
import type { Form, FormReply } from '../protocol/form.js';

export type Decision = 'allow' | 'ask' | 'deny';

export interface Verdict {
  decision: Decision;
  /** Why, in the user's language: shown to the person asked and to the model when denied. */
  reason: string;
  /**
   * The rule an "Always" answer would save (exact program and arguments).
   * Absent when the call must never be remembered (shells, interpreters, wrappers).
   */
  rememberable?: SafetyRule;
}

/** What a person is asked. */
export interface ApprovalRequest {
  sessionId: string;
  turnId: string;
  callId: string;
  /** The tool asking: `run_command`, `write_file`, `server__tool` for MCP … */
  tool: string;
  /** What will run, as the person should read it (the command line, the path, the MCP call). */
  command: string;
  /** The environment variables the model set for the command (shown with it; never remembered). */
  env?: Readonly<Record<string, string>>;
  reason: string;
  /** Set when "Always" can be offered. */
  rememberable?: SafetyRule;
  /**
   * A form to fill in instead of a yes/no (an MCP server's elicitation, src/mcp/elicitation.ts):
   * asked whatever `safety.mode` and the rules say, answered with values (`ApprovalOutcome.form`).
   */
  form?: AskedForm;
  /** How long to wait for the person, instead of `safety.approval_timeout_s`. */
  timeoutS?: number;
}

/** A form and the MCP server that asks for it. */
export interface AskedForm extends Form {
  server: string;
}

export type ApprovalAnswer = 'allow' | 'always' | 'deny';

export interface ApprovalOutcome {
  approved: boolean;
  /**
   * allow/always/deny: a person answered; timeout: nobody answered in time;
   * unattended: nobody could be asked (no client, a scheduled task); aborted: the turn was cancelled;
   * policy: safety.mode = deny turned the ask into a refusal.
   */
  how: ApprovalAnswer | 'timeout' | 'unattended' | 'aborted' | 'policy';
  /** Who answered (client or channel description), when a person did. */
  by?: string;
  /** A form's answer, when a person gave one (`approved` then means accepted). */
  form?: FormReply;
}

/** Given to tools through their context. Never throws; resolves once. */
export type RequestApproval = (
  request: Omit<ApprovalRequest, 'sessionId' | 'turnId' | 'callId'>,
) => Promise<ApprovalOutcome>;

/** Who a safety check may ask, and in which language it answers (part of a tool's context). */
export interface AskContext {
  lang: Lang;
  /**
   * Ask a person before a risky step. Absent where nobody can ever be asked: "ask" is then
   * treated as denied.
   */
  requestApproval?: RequestApproval;
}

/**
 * The session layer's side of the approval port: the broker's `ask`, with the
 * ids already filled in. `attended: false` (a scheduled task's turn) never asks:
 * it resolves at once as `unattended`.
 */
export type AskPerson = (
  request: ApprovalRequest,
  signal: AbortSignal,
  options?: { attended?: boolean },
) => Promise<ApprovalOutcome>;
