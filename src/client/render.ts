/**
 * Turns server frames into terminal text. Reads the structured frames of this
 * server and, from the original Python server, `line`/`chunk`/`complete`
 * (when the ack carries no `protocol`, `line` frames are shown as they come).
 */
import type { Lang } from '../i18n/lang.js';
import { endText } from '../protocol/form-text.js';
import type { ServerFrame } from '../protocol/frames.js';
import { cleanDeep } from '../util/untrusted-text.js';
import { describeRequest } from './approval-prompt.js';
import { HISTORY_ENTRIES, historyLines, toolCallLine } from './history-lines.js';
import { type ChatMessages, type TerminalApprovalMessages, terminalFormMessages } from './messages.js';
import { ToolFold } from './tool-fold.js';

interface RenderOptions {
  out: NodeJS.WritableStream & { isTTY?: boolean };
  t: ChatMessages;
  /** How approval requests and their outcomes are shown. */
  approvals: TerminalApprovalMessages;
  /** The language of what the renderer words itself (a form's end). */
  lang: Lang;
  /** Lines of live tool output kept on screen. */
  foldLines?: number;
}

const TASK_ICONS: Record<string, string> = {
  executing: '⚙️',
  complete: '✅',
  failed: '❌',
  added: '➕',
  completed: '✅',
  overdue: '⚠️',
  pending: '⏰',
};

/**
 * `icon text`, unless the server's text starts with an icon of its own (no `✅ ✅ Connected`,
 * `📋 🔄 …`). Leading line breaks (the original's `"\n⚙️  当前配置"`) are dropped, so the icon
 * never stands alone on a line.
 */
const withIcon = (icon: string, text: string) => {
  const shown = text.replace(/^[\r\n]+/, '');
  return /^\p{Extended_Pictographic}/u.test(shown) ? shown : `${icon} ${shown}`;
};
const dim = (s: string, tty: boolean) => (tty ? `\x1b[2m${s}\x1b[0m` : s);
const str = (v: unknown) =>
  typeof v === 'string' ? v : v === undefined || v === null ? '' : JSON.stringify(v);
/** A frame's `env` as the server sends it (any other shape from a server is shown by nothing). */
const isStringRecord = (v: unknown): v is Record<string, string> =>
  typeof v === 'object' &&
  v !== null &&
  !Array.isArray(v) &&
  Object.values(v).every((value) => typeof value === 'string');

interface Renderer {
  frame(frame: ServerFrame): { turnEnded: boolean };
  note(text: string): void;
  /** A legacy (original) server: `line` frames carry the tool activity. */
  readonly legacy: boolean;
}

export function createRenderer(options: RenderOptions): Renderer {
  const forms = terminalFormMessages(options.lang);
  const { out, t } = options;
  const tty = out.isTTY === true;
  const keep = options.foldLines ?? 4;
  let midLine = false;
  let legacy = true;
  let answering = false;
  const folds = new Map<string, ToolFold>();
  const taskStreams = new Set<string>();

  const write = (s: string) => {
    if (s === '') return;
    out.write(s);
    midLine = !s.endsWith('\n');
  };
  let statusLine = false;
  /** TTY only: one line that shows the newest output of a running tool, redrawn in place. */
  const status = (s: string) => {
    if (midLine && !statusLine) write('\n');
    const width = (out as { columns?: number }).columns ?? 100;
    out.write(`\r\x1b[K${dim(s.slice(0, Math.max(10, width - 1)), true)}`);
    statusLine = true;
    midLine = true;
  };
  const block = (s: string) => {
    if (statusLine) {
      out.write('\r\x1b[K');
      statusLine = false;
      midLine = false;
    }
    if (midLine) write('\n');
    write(`${s}\n`);
    answering = false;
  };

  /** Text of a frame this client shows as it is (a reply to a task frame, a reset, an unknown type). */
  const plain = (frame: unknown) => {
    const content = (frame as { content?: unknown }).content;
    if (typeof content === 'string' && content) block(content);
  };

  const toolStart = (f: Extract<ServerFrame, { type: 'tool_start' }>) => {
    block(toolCallLine(str(f.name), f.args));
    folds.set(str(f.call_id), new ToolFold(keep));
  };
  const toolOutput = (f: Extract<ServerFrame, { type: 'tool_output' }>) => {
    const fold = folds.get(str(f.call_id));
    fold?.push(str(f.content));
    const last = fold?.view().lines.at(-1);
    if (tty && last !== undefined) status(`  │ ${last}`);
  };
  const toolEnd = (f: Extract<ServerFrame, { type: 'tool_end' }>) => {
    const view = folds.get(str(f.call_id))?.view() ?? { lines: [], folded: 0 };
    folds.delete(str(f.call_id));
    if (view.folded > 0) block(dim(`  ${t.folded(view.folded)}`, tty));
    for (const line of view.lines) block(dim(`  │ ${line}`, tty));
    const code = /(?:exit code|返回码)[:：]?\s*(-?\d+)/i.exec(str(f.content))?.[1];
    const status = code !== undefined ? `exit ${code}` : f.ok ? 'ok' : 'failed';
    block(`${f.ok ? '✅' : '❌'} ${t.exitCode(status, Number(f.duration_ms) || 0)}`);
  };
  const history = (f: Extract<ServerFrame, { type: 'history' }>) => {
    const messages = Array.isArray(f.messages) ? f.messages : [];
    const shown = messages.filter((m) => m.content || m.tool_calls?.length).slice(-HISTORY_ENTRIES);
    if (shown.length === 0) return;
    block(dim(t.history(shown.length), tty));
    for (const line of shown.flatMap((m) => historyLines(m, t)))
      block(line.dim ? dim(line.text, tty) : line.text);
    block(dim(t.historyEnd, tty));
  };
  const taskProcess = (f: Extract<ServerFrame, { type: 'task_process' }>) => {
    const id = str(f.execution_id);
    if (f.msg_type === 'chunk') {
      if (!taskStreams.has(id)) {
        taskStreams.add(id);
        block(`⚡ #${str(f.task_id)} - ${str(f.task_title)}`);
      }
      write(str(f.content));
    } else if (f.msg_type === 'complete' || f.msg_type === 'error') {
      if (taskStreams.delete(id)) block('');
    }
  };
  const approvalRequest = (f: Extract<ServerFrame, { type: 'approval_request' }>) => {
    const shown = describeRequest(
      {
        tool: str(f.tool),
        command: str(f.command),
        ...(isStringRecord(f.env) ? { env: f.env } : {}),
        reason: str(f.reason),
        canAlways: f.can_always === true,
        secondsLeft: (Date.parse(str(f.expires_at)) - Date.now()) / 1000,
      },
      options.approvals,
    );
    block(shown.text);
    write(shown.prompt);
  };

  /**
   * Shows one frame; true when it ends a turn. Every type of the protocol has its case (the
   * `never` default fails the type check when one is added); a type only the original server
   * sends reaches the default at run time and is shown by its `content`.
   */
  const show = (f: ServerFrame): boolean => {
    switch (f.type) {
      case 'connection_ack':
        legacy = typeof f.protocol !== 'number';
        block(withIcon('✅', str(f.content || f.message)));
        return false;
      case 'info':
        block(withIcon('ℹ️ ', str(f.content)));
        return false;
      case 'history':
        history(f);
        return false;
      case 'queued':
        if (typeof f.position === 'number' && f.position > 0) block(dim(t.queued(f.position), tty));
        return false;
      case 'turn_start':
        if (f.source === 'task') block(dim(`⚡ ${str(f.content)}`, tty));
        return false;
      case 'chunk':
        if (!answering) {
          if (midLine) write('\n');
          write(`${t.ai}: `);
          answering = true;
        }
        write(str(f.content));
        return false;
      case 'reasoning':
        write(dim(str(f.content), tty));
        return false;
      case 'tool_start':
        toolStart(f);
        return false;
      case 'tool_output':
        toolOutput(f);
        return false;
      case 'tool_end':
        toolEnd(f);
        return false;
      case 'line':
        if (legacy) write(dim(str(f.content), tty));
        return false;
      case 'complete':
        if (!answering && str(f.content)) write(`${t.ai}: ${str(f.content)}`);
        block('');
        return true;
      case 'error':
        block(withIcon('❌', str(f.content).trim()));
        return f.turn_id !== undefined || (legacy && f.code === undefined);
      case 'dialogue_ended':
        block(withIcon('🔚', str(f.content)));
        return legacy;
      case 'command_result':
        block(withIcon('📋', str(f.content)));
        return false;
      case 'task_status': {
        const icon = TASK_ICONS[str(f.status)] ?? '📋';
        // A scheduler event carries `message`; a due task on connect carries a whole line of its own.
        block(
          f.message
            ? `${icon} [#${str(f.task_id)}] ${str(f.title)}: ${str(f.message)}`
            : withIcon(icon, str(f.content)),
        );
        return false;
      }
      case 'task_process':
        taskProcess(f);
        return false;
      case 'task_error':
        block(`❌ [#${str(f.task_id)}] ${str(f.task_title)}: ${str(f.error)}`);
        return false;
      case 'approval_request':
        approvalRequest(f);
        return false;
      case 'approval_resolved':
        block(options.approvals.decided(str(f.decision), str(f.by)));
        return false;
      // The form itself is asked by aibox chat's form filler (client/form-filler.ts).
      case 'elicitation_request':
        return false;
      case 'elicitation_resolved':
        block(forms.ended(endText(str(f.action), typeof f.by === 'string' ? f.by : undefined, options.lang)));
        return false;
      case 'skills_changed':
        block(`🧩 +${str(f.added?.length)} -${str(f.removed?.length)} (${str(f.total)})`);
        return false;
      case 'task_list':
        for (const task of Array.isArray(f.tasks) ? f.tasks : [])
          block(`  [#${str(task.id)}] ${str(task.title)} - ${str(task.reminder_time)}`);
        return false;
      case 'recalled':
        block(dim(t.recalled(f.memories.map((m) => `#${m.id} ${m.topic}`).join(', ')), tty));
        return false;
      case 'pong':
        return false;
      case 'dialogue_reset':
      case 'task_added':
      case 'task_completed':
      case 'task_updated':
      case 'task_deleted':
        plain(f);
        return false;
      default: {
        const unknownType: never = f;
        plain(unknownType);
        return false;
      }
    }
  };

  return {
    frame: (frame) => ({ turnEnded: show(cleanDeep(frame)) }),
    note: (text) => block(text),
    get legacy() {
      return legacy;
    },
  };
}
