/**
 * The channels tab: each chat channel with the senders allowed in config and those paired with a
 * code; a button makes a pairing code (shown once, with its expiry) and each paired sender can be
 * removed. The same sender store as `aibox channels pair`.
 */
import type { ChannelDto, ChannelListDto, PairingCodeDto } from '../../src/server/api/dto.js';
import type { Api } from './api-client.js';
import { formatTime, h, replaceChildren } from './dom.js';
import type { Messages } from './i18n.js';
import { wechatLoginPart } from './wechat-login-view.js';

export interface ChannelsView {
  el: HTMLElement;
  refresh(): Promise<void>;
  relabel(): void;
}

export function createChannelsView(
  api: Api,
  t: () => Messages,
  lang: () => string,
  toast: (text: string, kind?: 'info' | 'error') => void,
): ChannelsView {
  const pairButton = h('button', { type: 'button', class: 'btn pair-button' }, t().channelsPair);
  const refreshButton = h('button', { type: 'button', class: 'btn small' }, t().mcpRefresh);
  const codeBox = h('div', { class: 'pairing-code', hidden: true });
  const help = h('p', { class: 'muted small channels-help' }, t().channelsHelp);
  const list = h('div', { class: 'card-list channels-list' });
  const el = h(
    'section',
    { class: 'view channels-view' },
    h(
      'div',
      { class: 'list-pane' },
      h('div', { class: 'toolbar' }, pairButton, refreshButton),
      help,
      codeBox,
      list,
    ),
  );
  let seq = 0;

  const remove = async (channel: string, id: string) => {
    if (!window.confirm(t().channelsRemoveConfirm(id))) return;
    try {
      await api.del(`/channels/${encodeURIComponent(channel)}/senders/${encodeURIComponent(id)}`);
      toast(t().channelsRemoved(id));
      await refresh();
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  };

  const senderRow = (channel: string, id: string, paired: boolean) =>
    h(
      'li',
      { class: 'sender', 'data-sender': id },
      h('code', {}, id),
      h('span', { class: 'badge kind' }, paired ? t().channelsPaired : t().channelsFromConfig),
      paired
        ? h(
            'button',
            {
              type: 'button',
              class: 'btn ghost small remove-sender',
              onclick: () => void remove(channel, id),
            },
            t().channelsRemove,
          )
        : null,
    );

  const card = (c: ChannelDto) =>
    h(
      'article',
      { class: 'card channel', 'data-channel': c.name },
      h(
        'div',
        { class: 'card-head' },
        h('span', { class: 'card-title' }, c.label),
        h('span', { class: `badge ${c.configured ? 'ok' : 'kind'}` }, t().channelsConfigured(c.configured)),
      ),
      c.configured
        ? null
        : h(
            'p',
            { class: 'muted small channel-setup' },
            c.name === 'wechat'
              ? t().wechatSetup
              : t().channelsSetup(c.setup.keys.join(' + '), c.setup.env.join(' + ')),
          ),
      c.name === 'wechat' ? wechatLoginPart(api, t, lang, c.login, () => void refresh()) : null,
      c.allowedIds.length + c.paired.length === 0
        ? h('div', { class: 'muted small' }, t().channelsNobody)
        : h(
            'ul',
            { class: 'senders' },
            c.allowedIds.map((id) => senderRow(c.name, id, false)),
            c.paired.map((id) => senderRow(c.name, id, true)),
          ),
    );

  const refresh = async () => {
    const mine = ++seq;
    try {
      const data = await api.get<ChannelListDto>('/channels');
      if (mine === seq) replaceChildren(list, data.channels.map(card));
    } catch (error) {
      if (mine === seq)
        replaceChildren(list, h('div', { class: 'empty error' }, t().loadFailed((error as Error).message)));
    }
  };

  pairButton.addEventListener('click', async () => {
    try {
      const made = await api.post<PairingCodeDto>('/channels/pair');
      codeBox.hidden = false;
      replaceChildren(
        codeBox,
        h('div', { class: 'code' }, made.code),
        h('div', { class: 'muted small' }, t().channelsCodeHelp(formatTime(made.expiresAt, lang()))),
      );
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  });
  refreshButton.addEventListener('click', () => void refresh());

  const relabel = () => {
    pairButton.textContent = t().channelsPair;
    refreshButton.textContent = t().mcpRefresh;
    help.textContent = t().channelsHelp;
  };
  return { el, refresh, relabel };
}
