/**
 * The MCP tab: each configured server with its state, tool count, and why it is not working; a
 * server offering resources or prompts has a button for each, listing them (the first page, as
 * its `NAME__mcp_*` tool lists them to the model) under it.
 */
import type { McpServerStatus } from '../../src/mcp/types.js';
import type { Api } from './api-client.js';
import { formatTime, h, replaceChildren } from './dom.js';
import type { Messages } from './i18n.js';

export interface McpView {
  el: HTMLElement;
  refresh(): Promise<void>;
  relabel(): void;
}

export function createMcpView(api: Api, t: () => Messages, lang: () => string): McpView {
  const refreshButton = h('button', { type: 'button', class: 'btn small' }, t().mcpRefresh);
  const list = h('div', { class: 'card-list mcp-list' });
  const el = h(
    'section',
    { class: 'view mcp-view' },
    h('div', { class: 'list-pane' }, h('div', { class: 'toolbar' }, refreshButton), list),
  );
  let seq = 0;

  const listing = (s: McpServerStatus) => {
    const shown = h('div', { class: 'card-text pre-wrap mcp-listing' });
    const buttons = (s.offers ?? []).map((kind) => {
      const button = h(
        'button',
        { type: 'button', class: 'btn small', 'data-offers': kind },
        t().mcpOffers(kind),
      );
      button.addEventListener('click', async () => {
        try {
          const { text } = await api.get<{ text: string }>(`/mcp/${encodeURIComponent(s.name)}/${kind}`);
          shown.textContent = text;
        } catch (error) {
          shown.textContent = t().loadFailed((error as Error).message);
        }
      });
      return button;
    });
    return buttons.length ? [h('div', { class: 'toolbar' }, ...buttons), shown] : [];
  };

  const row = (s: McpServerStatus) =>
    h(
      'article',
      { class: `card mcp-server state-${s.state}`, 'data-server': s.name },
      h(
        'div',
        { class: 'card-head' },
        h('span', { class: 'card-title' }, s.name),
        h(
          'span',
          { class: `badge ${s.state === 'connected' ? 'ok' : s.state === 'failed' ? 'broken' : 'kind'}` },
          t().mcpState(s.state),
        ),
        h('span', { class: 'badge kind' }, s.transport),
        h('span', { class: 'muted small' }, t().mcpTools(s.tools)),
      ),
      s.error ? h('div', { class: 'card-text error pre-wrap' }, t().mcpWhy(s.error)) : null,
      s.retryAt ? h('div', { class: 'muted small' }, t().mcpRetry(formatTime(s.retryAt, lang()))) : null,
      ...s.disabledTools.map((p) =>
        h('div', { class: 'muted small' }, t().mcpDisabledTool(p.tool, p.reason)),
      ),
      s.changedTools.length
        ? h('div', { class: 'card-text error' }, t().mcpChanged(s.changedTools.join(', ')))
        : null,
      ...listing(s),
    );

  const refresh = async () => {
    const mine = ++seq;
    try {
      const data = await api.get<{ servers: McpServerStatus[] }>('/mcp');
      if (mine !== seq) return;
      replaceChildren(
        list,
        data.servers.length ? data.servers.map(row) : h('div', { class: 'empty' }, t().mcpEmpty),
      );
    } catch (error) {
      if (mine === seq)
        replaceChildren(list, h('div', { class: 'empty error' }, t().loadFailed((error as Error).message)));
    }
  };
  refreshButton.addEventListener('click', () => void refresh());
  const relabel = () => {
    refreshButton.textContent = t().mcpRefresh;
  };
  return { el, refresh, relabel };
}
