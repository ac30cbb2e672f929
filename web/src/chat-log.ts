/**
 * The conversation as the page shows it: user bubbles, and per turn an answer block where text
 * segments (Markdown) and tool cards appear in the order they happened. Fed by `history` and by
 * the live chat frames of the `main` session.
 */

import type { ClientFrame, HistoryEntry, ServerFrame, WireAttachment } from '../../src/protocol/frames.js';
import { type ApprovalCard, createApprovalCard } from './approval-card.js';
import { attachmentRow, type PictureLoader, type Preview } from './attachments.js';
import { emptyChat, renderUserBubble } from './chat-bubbles.js';
import { h } from './dom.js';
import { createFormCard, type FormCard } from './form-card.js';
import type { Messages } from './i18n.js';
import { setMarkdown } from './markdown.js';
import { createToolCard, type ToolCard } from './tool-card.js';
import { addUsage, usageText } from './usage-text.js';

interface TurnView {
  el: HTMLElement;
  body: HTMLElement;
  reasoning?: HTMLElement;
  segment?: { el: HTMLElement; text: string; dirty: boolean };
  hasText: boolean;
  cards: Map<string, ToolCard>;
}

export interface ChatLog {
  el: HTMLElement;
  readonly busy: boolean;
  onBusyChange(listener: (busy: boolean) => void): void;
  renderHistory(entries: HistoryEntry[]): void;
  /** The user's own message (with the pictures picked, as previews), shown before the server starts its turn. */
  addPending(content: string, queued: boolean, previews?: (WireAttachment | Preview)[]): void;
  handle(frame: ServerFrame): void;
  notice(text: string, kind?: 'info' | 'error'): void;
  /** Re-renders the page's own words after a language switch. */
  relabel(): void;
}

/** Which memories the box put before the message, each with a button to forget it. */
function recalledNote(
  memories: { id: number; topic: string; summary: string; untrusted?: string[] }[],
  m: Messages,
  forget: (id: number) => Promise<boolean>,
): HTMLElement {
  const items = memories.map((memory) => {
    const button = h('button', { type: 'button', class: 'btn ghost small', title: m.forgetMemory }, '✕');
    const untrusted = memory.untrusted?.length ? m.memoryUntrusted(memory.untrusted.join(', ')) : '';
    const item = h(
      'li',
      { title: untrusted ? `${memory.summary}\n${untrusted}` : memory.summary },
      `#${memory.id} ${memory.topic}${untrusted ? ' ⚠' : ''}`,
      button,
    );
    button.addEventListener('click', async () => {
      button.disabled = true;
      if (await forget(memory.id)) item.classList.add('forgotten');
      else button.disabled = false;
    });
    return item;
  });
  return h(
    'details',
    { class: 'note recalled' },
    h('summary', {}, m.recalled(memories.length)),
    h('ul', {}, ...items),
  );
}

export function createChatLog(
  t: () => Messages,
  lang: () => string,
  /** Sends a frame (approval answers); false when offline. */
  send: (frame: ClientFrame) => boolean,
  /** Deletes a memory (the "forget" of a recalled one); resolves true when it is gone. */
  forget: (id: number) => Promise<boolean> = async () => false,
  /** Thumbnails of stored pictures (none: pictures are not shown). */
  loadPicture?: PictureLoader,
): ChatLog {
  const approvals = new Map<string, ApprovalCard>();
  const forms = new Map<string, FormCard>();
  const formLang = () => (lang() === 'en' ? 'en' : 'zh');
  const list = h('div', { class: 'chat-list', role: 'log', 'aria-live': 'polite' });
  const el = h('div', { class: 'chat-scroll' }, list);
  const turns = new Map<string, TurnView>();
  const running = new Set<string>();
  const pending: HTMLElement[] = [];
  /** What this session's turns used since the page opened (or the last `/new`). */
  let session: Parameters<typeof usageText>[0] = { total_tokens: 0 };
  const busyListeners: ((busy: boolean) => void)[] = [];
  let frameRequested = false;
  let renderCost = 0;
  const dirtyTurns = new Set<TurnView>();

  /** True while `history` is rendered in one go: no layout reads (each would force a reflow). */
  let bulk = false;
  const nearBottom = () => !bulk && el.scrollHeight - el.scrollTop - el.clientHeight < 80;
  const stick = (was: boolean) => {
    if (was) el.scrollTop = el.scrollHeight;
  };
  /** Runs a change to the log; the view keeps following the bottom if it was there before. */
  const following = (change: () => void) => {
    const was = nearBottom();
    change();
    stick(was);
  };
  const setRunning = (turnId: string, on: boolean) => {
    const before = running.size > 0;
    if (on) running.add(turnId);
    else running.delete(turnId);
    const after = running.size > 0;
    if (before !== after) for (const listener of busyListeners) listener(after);
    turns.get(turnId)?.el.classList.toggle('streaming', on);
  };

  const empty = () => emptyChat(t());
  const removeEmpty = () => list.querySelector('.chat-empty')?.remove();
  const add = (node: HTMLElement) =>
    following(() => {
      removeEmpty();
      list.append(node);
    });

  const userBubble = (
    content: string,
    at?: string,
    badge?: string,
    source?: string,
    attachments: readonly (WireAttachment | Preview)[] = [],
  ) => {
    const bubble = renderUserBubble(t(), lang(), { content, at, badge, source });
    const row = loadPicture ? attachmentRow(attachments, loadPicture, t()) : null;
    if (row) bubble.querySelector('.bubble')?.append(row);
    return bubble;
  };

  /** The answer block of a turn; a live frame of a turn not seen starting (page opened mid-turn) marks it running. */
  const turnView = (turnId: string, live = true): TurnView => {
    let view = turns.get(turnId);
    if (!view) {
      const body = h('div', { class: 'answer-body' });
      view = {
        el: h('div', { class: 'msg assistant', 'data-turn-id': turnId }, body),
        body,
        hasText: false,
        cards: new Map(),
      };
      turns.set(turnId, view);
      add(view.el);
      if (live) setRunning(turnId, true);
    }
    return view;
  };

  /** Re-renders the segments that changed. A long answer costs more per render, so renders are
   * spaced to twice the last one's cost (at most 250 ms): rendering stays a bounded share of the time. */
  const flush = () => {
    frameRequested = false;
    const started = performance.now();
    const was = nearBottom();
    for (const view of dirtyTurns) {
      if (view.segment?.dirty) {
        setMarkdown(view.segment.el, view.segment.text, t().copy);
        view.segment.dirty = false;
      }
    }
    dirtyTurns.clear();
    stick(was);
    renderCost = performance.now() - started;
  };
  const scheduleFlush = () => {
    if (frameRequested) return;
    frameRequested = true;
    window.setTimeout(() => requestAnimationFrame(flush), Math.min(250, renderCost * 2));
  };
  const appendText = (view: TurnView, text: string, immediate = false) => {
    if (!view.segment) {
      view.segment = { el: h('div', { class: 'md' }), text: '', dirty: false };
      view.body.append(view.segment.el);
    }
    view.segment.text += text;
    view.segment.dirty = true;
    view.hasText = true;
    if (immediate) {
      setMarkdown(view.segment.el, view.segment.text, t().copy);
      view.segment.dirty = false;
    } else {
      dirtyTurns.add(view);
      scheduleFlush();
    }
  };
  const appendReasoning = (view: TurnView, text: string) => {
    if (!view.reasoning) {
      view.reasoning = h('div', { class: 'reasoning-text' });
      view.el.insertBefore(
        h('details', { class: 'reasoning' }, h('summary', {}, t().reasoning), view.reasoning),
        view.body,
      );
    }
    view.reasoning.append(text);
  };
  const addCard = (view: TurnView, callId: string, name: string, args: unknown, open: boolean) => {
    if (view.segment?.dirty) setMarkdown(view.segment.el, view.segment.text, t().copy);
    view.segment = undefined;
    const card = createToolCard({ callId, name, args, open }, t());
    view.cards.set(callId, card);
    following(() => view.body.append(card.el));
    return card;
  };
  const note = (parent: HTMLElement, text: string, kind: string) =>
    following(() => parent.append(h('div', { class: `note ${kind}` }, text)));

  const handle = (frame: ServerFrame) => {
    switch (frame.type) {
      case 'turn_start': {
        // Files sent with a message add their note after the words.
        const index = pending.findIndex(
          (bubble) =>
            bubble.dataset.content === frame.content ||
            (bubble.dataset.attached === 'true' && frame.content.startsWith(bubble.dataset.content ?? '')),
        );
        if (index >= 0) {
          const [bubble] = pending.splice(index, 1);
          bubble?.classList.remove('queued');
          bubble?.querySelector('.badge')?.remove();
        } else add(userBubble(frame.content, new Date().toISOString(), undefined, frame.source));
        turnView(frame.turn_id);
        setRunning(frame.turn_id, true);
        return;
      }
      case 'chunk':
        if (frame.turn_id) appendText(turnView(frame.turn_id), frame.content);
        return;
      case 'reasoning':
        if (frame.turn_id) appendReasoning(turnView(frame.turn_id), frame.content);
        return;
      case 'tool_start':
        addCard(turnView(frame.turn_id), frame.call_id, frame.name, frame.args, true);
        return;
      case 'tool_output':
        following(() =>
          turns.get(frame.turn_id)?.cards.get(frame.call_id)?.output(frame.stream, frame.content),
        );
        return;
      case 'tool_end':
        following(() =>
          turns.get(frame.turn_id)?.cards.get(frame.call_id)?.end({
            ok: frame.ok,
            content: frame.content,
            durationMs: frame.duration_ms,
            fullOutputPath: frame.full_output_path,
          }),
        );
        return;
      case 'complete': {
        if (!frame.turn_id) return;
        const view = turnView(frame.turn_id);
        if (!view.hasText && frame.content) appendText(view, frame.content, true);
        else flush();
        if (frame.usage) {
          session = addUsage(session, frame.usage);
          note(view.el, t().turnUsage(usageText(frame.usage, t()), usageText(session, t())), 'muted usage');
        }
        setRunning(frame.turn_id, false);
        return;
      }
      case 'error': {
        const form = frame.elicitation_id ? forms.get(frame.elicitation_id) : undefined;
        if (form && frame.code === 'invalid_values') return form.refused(frame.fields ?? []);
        const text =
          frame.code === 'aborted' ? t().aborted : t().turnError(frame.code ?? 'error', frame.content.trim());
        if (frame.turn_id) {
          const view = turnView(frame.turn_id);
          flush();
          note(view.el, text, frame.code === 'aborted' ? 'muted' : 'error');
          setRunning(frame.turn_id, false);
        } else add(h('div', { class: 'note error' }, text));
        return;
      }
      case 'approval_request': {
        if (approvals.get(frame.approval_id)?.pending) return; // sent again after a reconnect
        const card = createApprovalCard(frame, t, (decision) => {
          const sent = send({ type: 'approval', approval_id: frame.approval_id, decision });
          // Answering means following the turn again, even after scrolling up to read the request.
          if (sent) stick(true);
          return sent;
        });
        approvals.set(frame.approval_id, card);
        following(() => turnView(frame.turn_id).body.append(card.el));
        return;
      }
      case 'approval_resolved':
        following(() => approvals.get(frame.approval_id)?.resolve(frame));
        return;
      case 'elicitation_request': {
        if (forms.get(frame.elicitation_id)?.pending) return; // sent again after a reconnect
        const card = createFormCard(frame, t, formLang, (reply) => {
          const sent = send({ type: 'elicitation', elicitation_id: frame.elicitation_id, ...reply });
          if (sent) stick(true);
          return sent;
        });
        forms.set(frame.elicitation_id, card);
        following(() => turnView(frame.turn_id).body.append(card.el));
        return;
      }
      case 'elicitation_resolved':
        following(() => forms.get(frame.elicitation_id)?.resolve(frame));
        return;
      case 'recalled':
        following(() => turnView(frame.turn_id).body.append(recalledNote(frame.memories, t(), forget)));
        return;
      case 'dialogue_ended':
        add(h('div', { class: 'note divider' }, t().dialogueEnded));
        return;
      case 'dialogue_reset':
        reset();
        add(h('div', { class: 'note divider' }, t().dialogueReset));
        return;
      // Not the log's: `history` is rendered by renderHistory, the rest by other views or nobody.
      case 'info':
        if (frame.turn_id) note(turnView(frame.turn_id).el, frame.content, 'warning');
        return;
      case 'history':
      case 'queued':
      case 'connection_ack':
      case 'line':
      case 'pong':
      case 'command_result':
      case 'skills_changed':
      case 'task_status':
      case 'task_process':
      case 'task_error':
      case 'task_added':
      case 'task_list':
      case 'task_completed':
      case 'task_deleted':
      case 'task_updated':
        return;
      default: {
        // A frame type added to the protocol must be decided here; a newer server's unknown type is ignored.
        const unhandled: never = frame;
        return unhandled;
      }
    }
  };

  const reset = () => {
    session = { total_tokens: 0 };
    turns.clear();
    approvals.clear();
    forms.clear();
    for (const turnId of [...running]) setRunning(turnId, false);
    pending.length = 0;
    list.replaceChildren(empty());
  };

  const renderHistory = (entries: HistoryEntry[]) => {
    reset();
    bulk = true;
    let view: TurnView | undefined;
    let n = 0;
    for (const entry of entries) {
      if (entry.role === 'user') {
        add(userBubble(entry.content, entry.at, undefined, undefined, entry.attachments));
        view = undefined;
        continue;
      }
      if (
        !view ||
        (entry.role === 'assistant' && entry.turn_id && view.el.dataset.turnId !== entry.turn_id)
      ) {
        view = turnView(entry.turn_id ?? `history-${n++}`, false);
      }
      if (entry.role === 'assistant') {
        if (entry.content) appendText(view, entry.content, true);
        for (const call of entry.tool_calls ?? []) addCard(view, call.id, call.name, call.args, false);
      } else if (entry.call_id) {
        view.cards
          .get(entry.call_id)
          ?.end({ ok: !/^(error|错误)/i.test(entry.content), content: entry.content });
      }
    }
    bulk = false;
    el.scrollTop = el.scrollHeight;
    el.dataset.history = 'loaded';
  };

  reset();
  return {
    el,
    get busy() {
      return running.size > 0;
    },
    onBusyChange: (listener) => busyListeners.push(listener),
    renderHistory,
    addPending(content, queued, previews = []) {
      const at = new Date().toISOString();
      const bubble = userBubble(content, at, queued ? t().queued : undefined, undefined, previews);
      bubble.dataset.content = content.trim();
      if (previews.length > 0) bubble.dataset.attached = 'true';
      if (queued) bubble.classList.add('queued');
      pending.push(bubble);
      add(bubble);
      el.scrollTop = el.scrollHeight;
    },
    handle,
    relabel() {
      list.querySelector('.chat-empty')?.replaceWith(empty());
    },
    notice(text, kind = 'info') {
      add(h('div', { class: `note ${kind}` }, text));
    },
  };
}
