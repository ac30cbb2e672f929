/**
 * The Memories tab's consolidation runs: first the daily job (off, or its next run and the days
 * owed, waiting for it), then the runs newest first, each with its status, tokens and cap, why it
 * stopped, what it refused, what it changed (loaded when opened) and an Undo button.
 */
import type { ConsolidationRun, MemoryRunDto, MemoryRunsDto } from '../../src/server/api/dto.js';
import type { Api } from './api-client.js';
import { formatTime, h, replaceChildren } from './dom.js';
import type { Messages } from './i18n.js';

export function createMemoryRunsView(api: Api, t: () => Messages, lang: () => string) {
  const daily = h('div', { class: 'muted small memory-runs-daily' });
  const list = h('div', { class: 'card-list memory-runs' });
  const el = h('div', {}, daily, list);

  const dailyLine = ({ enabled, nextAt, owed }: MemoryRunsDto['daily']) =>
    enabled
      ? [
          h('span', { class: 'memory-runs-owed', 'data-owed': String(owed.length) }, t().runsOwed(owed)),
          nextAt ? ` · ${t().runsNext(formatTime(nextAt, lang()))}` : '',
        ]
      : [t().runsDailyOff];

  const changesOf = async (run: ConsolidationRun, into: HTMLElement) => {
    const data = await api.get<MemoryRunDto>(`/memory-runs/${run.id}`);
    replaceChildren(
      into,
      data.changes.length
        ? data.changes.map((c) =>
            h(
              'div',
              { class: 'memory-run-change' },
              h('span', { class: 'badge' }, t().runChange(c.action)),
              ` ${c.memoryId === null ? t().runNewMemory : `#${c.memoryId}`} `,
              h('span', { class: 'muted' }, c.before && c.after ? `${c.before.summary} → ` : ''),
              (c.after ?? c.before)?.summary ?? '',
            ),
          )
        : h('div', { class: 'muted' }, t().runNoChanges),
    );
  };

  const card = (run: ConsolidationRun) => {
    const changes = h('div', { class: 'memory-run-changes' });
    const message = h('div', { class: 'small memory-run-message' });
    const undo = h(
      'button',
      {
        type: 'button',
        class: 'btn small memory-run-undo',
        disabled: run.dryRun || run.status === 'undone' || run.status === 'running',
        onclick: async () => {
          try {
            await api.post(`/memory-runs/${run.id}/undo`);
            await refresh();
          } catch (error) {
            replaceChildren(message, h('span', { class: 'error' }, (error as Error).message));
          }
        },
      },
      t().runUndo,
    );
    const details = h('details', {}, h('summary', {}, t().runChanges(run.stats.applied)), changes);
    details.addEventListener('toggle', () => {
      if (details.open) void changesOf(run, changes);
    });
    return h(
      'article',
      { class: 'card memory-run', 'data-run': String(run.id) },
      h(
        'div',
        { class: 'card-head' },
        h('span', { class: 'card-title' }, t().runTitle(run.id, run.day)),
        h('span', { class: `badge run-${run.status}` }, t().runStatus(run.status)),
        run.dryRun ? h('span', { class: 'badge' }, t().runDry) : null,
        undo,
      ),
      h(
        'div',
        { class: 'muted small' },
        formatTime(run.startedAt, lang()),
        ` · ${t().runTokens(run.tokens, run.maxTokens)}`,
      ),
      run.error ? h('div', { class: 'small memory-run-error' }, run.error) : null,
      run.rejected.length
        ? h(
            'details',
            {},
            h('summary', {}, t().runRefused(run.rejected.length)),
            ...run.rejected.map((r) => h('div', { class: 'small' }, `${r.reason}: ${r.op}`)),
          )
        : null,
      details,
      message,
    );
  };

  async function refresh() {
    const data = await api.get<MemoryRunsDto>('/memory-runs');
    replaceChildren(daily, dailyLine(data.daily));
    replaceChildren(
      list,
      data.runs.length ? data.runs.map(card) : h('div', { class: 'empty' }, t().runsEmpty),
    );
  }
  // `list` also shows a failed load (memories-view.ts).
  return { el, list, refresh };
}
