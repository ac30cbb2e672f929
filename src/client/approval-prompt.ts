/**
 * Asking in a terminal: the text that shows an approval request, and reading
 * an answer line (`y`/`yes`/`是`, `a`/`always`/`总是`, `n`/`no`/`否`). Shared by
 * `aibox chat` (requests from the server) and `aibox ask` (from its own broker).
 */
import { envLines } from '../protocol/env-lines.js';
import type { ApprovalAnswer } from '../safety/types.js';
import { cleanDeep } from '../util/untrusted-text.js';
import type { TerminalApprovalMessages } from './messages.js';

interface ShownRequest {
  tool: string;
  command: string;
  /** The environment variables the model set for the command. */
  env?: Readonly<Record<string, string>>;
  reason: string;
  canAlways: boolean;
  /** Seconds left to answer. */
  secondsLeft: number;
}

const ANSWERS: Record<string, ApprovalAnswer> = {
  y: 'allow',
  yes: 'allow',
  是: 'allow',
  允许: 'allow',
  a: 'always',
  always: 'always',
  总是: 'always',
  n: 'deny',
  no: 'deny',
  否: 'deny',
  拒绝: 'deny',
};

/** The answer a line gives, or undefined when it is not one (`always` only when it can be offered). */
export function parseApprovalAnswer(line: string, canAlways: boolean): ApprovalAnswer | undefined {
  const answer = ANSWERS[line.trim().toLowerCase()];
  return answer === 'always' && !canAlways ? undefined : answer;
}

/** The request as lines of text (the choices line last, without a newline: it is the prompt). */
export function describeRequest(
  request: ShownRequest,
  t: TerminalApprovalMessages,
): { text: string; prompt: string } {
  // The command and reason come from the model: what is shown must be what would run.
  const { tool, command, reason } = cleanDeep(request);
  const lines = [t.title(tool), `   $ ${command}`];
  const env = envLines(request.env);
  if (env.length > 0) lines.push(t.env, ...env.map((line) => `     ${line}`));
  lines.push(t.reason(reason));
  lines.push(t.expires(Math.max(0, Math.round(request.secondsLeft))));
  return { text: lines.join('\n'), prompt: t.choices(request.canAlways) };
}
