/**
 * The memories tab: newest first, or full-text search (Chinese and English), one page at a time;
 * the journal (the daily notes, newest first); the consolidation runs, with Undo.
 */
import type { MemoryDto, MemoryPageDto } from '../../src/server/api/dto.js';
import type { Api } from './api-client.js';
import { formatTime, h, replaceChildren } from './dom.js';
import type { Messages } from './i18n.js';
import { createMemoryRunsView } from './memory-runs-view.js';

type Pane = 'all' | 'journal' | 'runs';

export interface MemoriesView {
  el: HTMLElement;
  refresh(): Promise<void>;
  relabel(): void;
}

export function createMemoriesView(api: Api, t: () => Messages, lang: () => string): MemoriesView {
  const search = h('input', { type: 'search', class: 'input grow memories-search', autocomplete: 'off' });
  const list = h('div', { class: 'card-list memories-list' });
  const pager = h('div', { class: 'pager' });
  const runs = createMemoryRunsView(api, t, lang);
  let pane: Pane = 'all';
  const paneButton = (name: Pane) =>
    h('button', {
      type: 'button',
      class: 'btn small memories-pane',
      'data-pane': name,
      onclick: () => show(name),
    });
  const panes = { all: paneButton('all'), journal: paneButton('journal'), runs: paneButton('runs') };
  const lists = h('div', {}, list, pager);
  const el = h(
    'section',
    { class: 'view memories-view' },
    h(
      'div',
      { class: 'list-pane' },
      h('div', { class: 'toolbar' }, panes.all, panes.journal, panes.runs, search),
      lists,
      runs.el,
    ),
  );
  const show = (name: Pane) => {
    pane = name;
    page = 1;
    void refresh();
  };
  let page = 1;
  let seq = 0;

  const row = (m: MemoryDto) =>
    h(
      'article',
      { class: 'card memory' },
      h(
        'div',
        { class: 'card-head' },
        h('span', { class: 'card-title' }, m.topic || m.summary.slice(0, 40)),
        h('span', { class: `badge memory-kind kind-${m.kind}` }, t().memoryKind(m.kind)),
        h('span', { class: 'badge kind' }, t().importance(m.importance)),
        m.outdatedAt
          ? h('span', { class: 'badge memory-outdated', title: t().memoryOutdatedHint }, t().memoryOutdated)
          : null,
        // Saved after reading outside text (docs/memory-and-tasks.md, "Untrusted input").
        m.untrusted?.length
          ? h(
              'span',
              { class: 'badge asked memory-untrusted', title: t().memoryUntrustedHint },
              t().memoryUntrusted(m.untrusted.join(', ')),
            )
          : null,
        // A chat's memory is seen only in that chat (docs/memory-and-tasks.md).
        m.chat ? h('span', { class: 'badge memory-chat', title: t().memoryChatHint }, m.chat) : null,
      ),
      h('div', { class: 'card-text' }, m.snippet || m.summary),
      m.content && m.content !== m.summary
        ? h('details', {}, h('summary', {}, '…'), h('div', { class: 'pre-wrap' }, m.content))
        : null,
      h(
        'div',
        { class: 'muted small memory-meta' },
        formatTime(m.createdAt, lang()),
        m.tags.length ? ` · ${m.tags.join(', ')}` : '',
        m.source ? ` · ${t().memorySource(m.source)}` : '',
        ' · ',
        h(
          'span',
          { class: 'memory-recalled' },
          m.recalledAt
            ? t().memoryRecalled(m.recallCount, formatTime(m.recalledAt, lang()))
            : t().memoryNeverRecalled,
        ),
      ),
    );

  const refresh = async () => {
    const mine = ++seq;
    for (const [name, button] of Object.entries(panes)) button.classList.toggle('primary', name === pane);
    lists.hidden = pane === 'runs';
    search.hidden = pane === 'runs';
    runs.el.hidden = pane !== 'runs';
    try {
      if (pane === 'runs') {
        await runs.refresh();
        return;
      }
      const q = search.value.trim();
      const kind = pane === 'journal' ? '&kind=journal' : '';
      const data = await api.get<MemoryPageDto>(`/memories?q=${encodeURIComponent(q)}&page=${page}${kind}`);
      if (mine !== seq) return;
      replaceChildren(
        list,
        data.items.length ? data.items.map(row) : h('div', { class: 'empty' }, t().memoriesEmpty),
      );
      replaceChildren(
        pager,
        data.pages > 1
          ? [
              h(
                'button',
                { type: 'button', class: 'btn small', disabled: page <= 1, onclick: () => go(page - 1) },
                t().memoriesPrev,
              ),
              h('span', { class: 'muted' }, t().memoriesPage(data.page, data.pages)),
              h(
                'button',
                {
                  type: 'button',
                  class: 'btn small',
                  disabled: page >= data.pages,
                  onclick: () => go(page + 1),
                },
                t().memoriesNext,
              ),
            ]
          : [],
      );
    } catch (error) {
      if (mine === seq)
        replaceChildren(
          pane === 'runs' ? runs.list : list,
          h('div', { class: 'empty error' }, t().loadFailed((error as Error).message)),
        );
    }
  };
  const go = (next: number) => {
    page = next;
    void refresh();
  };
  let timer: number | undefined;
  search.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => go(1), 250);
  });
  const relabel = () => {
    search.placeholder = t().memoriesSearch;
    panes.all.textContent = t().memoriesAll;
    panes.journal.textContent = t().memoriesJournal;
    panes.runs.textContent = t().memoriesRuns;
  };
  relabel();
  return { el, refresh, relabel };
}
