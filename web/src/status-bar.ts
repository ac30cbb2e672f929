/** Connection state, provider/model/version, and an honest banner when no model key is configured. */
import type { StatusDto } from '../../src/server/api/dto.js';
import type { ConnState } from './connection.js';
import { h } from './dom.js';
import type { Messages } from './i18n.js';

export interface StatusBar {
  el: HTMLElement;
  banner: HTMLElement;
  setConn(state: ConnState): void;
  setStatus(status: StatusDto | undefined): void;
  relabel(): void;
}

export function createStatusBar(t: () => Messages): StatusBar {
  const dot = h('span', { class: 'dot', 'aria-hidden': 'true' });
  const conn = h('span', { class: 'conn-text' });
  const model = h('span', { class: 'model-text' });
  const el = h('div', { class: 'status', role: 'status' }, dot, conn, model);
  const banner = h('div', { class: 'banner warn no-key', hidden: true, role: 'alert' });
  let connState: ConnState = { kind: 'connecting' };
  let status: StatusDto | undefined;
  let tick: number | undefined;

  const render = () => {
    el.dataset.conn = connState.kind;
    window.clearTimeout(tick);
    switch (connState.kind) {
      case 'connecting':
        conn.textContent = t().connConnecting;
        break;
      case 'open':
        conn.textContent = t().connOpen;
        break;
      case 'auth':
        conn.textContent = t().connAuth;
        break;
      case 'closed': {
        const seconds = Math.ceil((connState.retryAt - Date.now()) / 1000);
        conn.textContent = seconds > 1 ? t().connRetryIn(seconds) : t().connClosed;
        if (seconds > 1) tick = window.setTimeout(render, 1000);
        break;
      }
    }
    model.textContent = status ? t().statusLine(status.provider, status.model, status.version) : '';
    banner.hidden = !status || status.hasKey;
    if (status && !status.hasKey) banner.textContent = t().noKey(status.keyEnv);
  };
  render();
  return {
    el,
    banner,
    setConn(state) {
      connState = state;
      render();
    },
    setStatus(next) {
      status = next;
      render();
    },
    relabel: render,
  };
}
