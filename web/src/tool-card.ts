/** One tool call in the chat: name, arguments, live output, then ok/failed, exit code and duration. */
import { formatDuration, h, replaceChildren } from './dom.js';
import type { Messages } from './i18n.js';

export interface ToolCard {
  el: HTMLDetailsElement;
  output(stream: 'stdout' | 'stderr', text: string): void;
  end(result: { ok: boolean; content: string; durationMs?: number; fullOutputPath?: string }): void;
}

/** Live output kept in the page per card; older text is dropped from the view (the server keeps it all). */
const MAX_OUTPUT_CHARS = 200_000;

/** Tool arguments as an object when they are JSON (history sends the model's JSON text). */
function parseArgs(args: unknown): unknown {
  if (typeof args !== 'string') return args ?? {};
  try {
    return JSON.parse(args);
  } catch {
    return args;
  }
}

const MAIN_KEYS = ['command', 'query', 'keyword', 'path', 'url', 'name'];

/** The argument shown in the card's header, if one says it all. */
function mainArg(args: unknown): { key: string; value: string } | undefined {
  if (!args || typeof args !== 'object') return undefined;
  const record = args as Record<string, unknown>;
  for (const key of MAIN_KEYS) {
    const value = record[key];
    if (typeof value === 'string') return { key, value };
  }
  return undefined;
}

/** One-line summary of the arguments for the card header. */
function summarize(args: unknown): string {
  const main = mainArg(args);
  if (main) return main.value;
  const text = typeof args === 'string' ? args : JSON.stringify(args);
  return text === '{}' ? '' : text;
}

/** The full arguments, unless the header already shows all of them. */
function detailArgs(args: unknown): string | undefined {
  const main = mainArg(args);
  if (main && Object.keys(args as object).length === 1) return undefined;
  if (typeof args === 'string') return args;
  const text = JSON.stringify(args, null, 2);
  return text === '{}' ? undefined : text;
}

/** Exit code as run_command reports it in its result text, if present. */
function exitCodeOf(content: string): number | undefined {
  const match = /(?:exit[ _]?code|exitCode|返回码|退出码)\s*[:：=]?\s*(-?\d+)/i.exec(content);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

export function createToolCard(
  call: { callId: string; name: string; args: unknown; open: boolean },
  t: Messages,
): ToolCard {
  const args = parseArgs(call.args);
  const shownArgs = detailArgs(args);
  const state = h('span', { class: 'tool-state running' }, t.toolRunning);
  const meta = h('span', { class: 'tool-meta' });
  const summary = h(
    'summary',
    {},
    h('span', { class: 'tool-icon', 'aria-hidden': 'true' }, '⚙'),
    h('span', { class: 'tool-name' }, call.name),
    h('span', { class: 'tool-summary' }, summarize(args)),
    meta,
    state,
  );
  const outputPre = h('pre', { class: 'tool-output', hidden: true });
  const resultBox = h('details', { class: 'tool-result', hidden: true });
  const el = h(
    'details',
    { class: 'tool-card', 'data-call-id': call.callId, 'data-state': 'running', open: call.open },
    summary,
    h(
      'div',
      { class: 'tool-body' },
      shownArgs === undefined ? null : h('div', { class: 'tool-label' }, t.toolArgs),
      shownArgs === undefined ? null : h('pre', { class: 'tool-args' }, shownArgs),
      outputPre,
      resultBox,
    ),
  );
  let outputChars = 0;

  return {
    el,
    output(stream, text) {
      outputPre.hidden = false;
      const atBottom = outputPre.scrollHeight - outputPre.scrollTop - outputPre.clientHeight < 24;
      outputPre.append(h('span', { class: stream }, text));
      outputChars += text.length;
      while (outputChars > MAX_OUTPUT_CHARS && outputPre.firstChild) {
        outputChars -= outputPre.firstChild.textContent?.length ?? 0;
        outputPre.firstChild.remove();
      }
      if (atBottom) outputPre.scrollTop = outputPre.scrollHeight;
    },
    end(result) {
      el.dataset.state = result.ok ? 'ok' : 'failed';
      state.className = `tool-state ${result.ok ? 'ok' : 'failed'}`;
      state.textContent = result.ok ? t.toolOk : t.toolFailed;
      const bits: string[] = [];
      const code = exitCodeOf(result.content);
      if (code !== undefined) bits.push(t.exitCode(code));
      if (result.durationMs !== undefined) bits.push(formatDuration(result.durationMs));
      meta.textContent = bits.join(' · ');
      resultBox.hidden = false;
      // What the model saw; folded when the live output already showed it (unless it failed).
      resultBox.open = outputPre.hidden || !result.ok;
      replaceChildren(
        resultBox,
        h('summary', { class: 'tool-label' }, t.toolResult),
        h('pre', { class: 'tool-result-text' }, result.content),
        result.fullOutputPath ? h('div', { class: 'tool-note' }, t.fullOutput(result.fullOutputPath)) : null,
      );
    },
  };
}
