/**
 * The WeChat card's login part on the Channels tab: the stored login's state (an expired one
 * said plainly), a button that starts a QR login on the server, the QR code drawn as SVG from
 * the module rows the server sends, the verification number when WeChat asks for one, and a
 * long poll of the login's state (the server answers when it changes) until it ends.
 */
import type { ChannelLoginDto, WeChatPageLoginDto } from '../../src/server/api/dto.js';
import type { Api } from './api-client.js';
import { formatTime, h, replaceChildren } from './dom.js';
import type { Messages } from './i18n.js';

/** After a failed poll (the server restarting …), before the next. */
const RETRY_MS = 2000;
const RUNNING = ['starting', 'waiting', 'scanned', 'need_code'];
const SVG = 'http://www.w3.org/2000/svg';

function qrSvg(rows: string[]): SVGSVGElement {
  const size = rows.length + 4;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('class', 'wechat-qr');
  svg.setAttribute('shape-rendering', 'crispEdges');
  const back = document.createElementNS(SVG, 'rect');
  for (const [k, v] of [
    ['width', size],
    ['height', size],
    ['fill', '#fff'],
  ] as const)
    back.setAttribute(k, String(v));
  svg.append(back);
  let d = '';
  rows.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) if (row[x] === '1') d += `M${x + 2} ${y + 2}h1v1h-1z`;
  });
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', d);
  path.setAttribute('fill', '#000');
  svg.append(path);
  return svg;
}

export function wechatLoginPart(
  api: Api,
  t: () => Messages,
  lang: () => string,
  stored: ChannelLoginDto | undefined,
  done: () => void,
): HTMLElement {
  const box = h('div', { class: 'wechat-login' });
  let timer: number | undefined;

  const storedLine = () => {
    const s = stored ?? { state: 'none' };
    const text =
      s.state === 'ok'
        ? t().wechatLoggedIn(s.bot ?? '', formatTime(s.loggedInAt ?? '', lang()))
        : s.state === 'expired'
          ? t().wechatExpired(formatTime(s.expiredAt ?? '', lang()))
          : s.state === 'broken'
            ? t().wechatBroken
            : t().wechatNoLogin;
    return h(
      'div',
      { class: `small wechat-login-state ${s.state === 'ok' ? 'ok' : 'warn'}`, 'data-login': s.state },
      text,
    );
  };

  const post = async (path: string, body?: unknown) => {
    try {
      show(await api.post<WeChatPageLoginDto>(path, body));
    } catch (error) {
      replaceChildren(
        box,
        storedLine(),
        h('div', { class: 'error small' }, (error as Error).message),
        startButton(),
      );
    }
  };

  const startButton = () =>
    h(
      'button',
      {
        type: 'button',
        class: 'btn small wechat-login-start',
        onclick: () => void post('/channels/wechat/login'),
      },
      stored?.state === 'ok' ? t().wechatLoginAgain : t().wechatLogin,
    );

  function show(state: WeChatPageLoginDto): void {
    window.clearTimeout(timer);
    const running = RUNNING.includes(state.status);
    if (!running) {
      const ended =
        state.status === 'idle'
          ? null
          : h(
              'div',
              { class: 'small wechat-login-ended', 'data-status': state.status },
              t().wechatEnded(state.status, state.error ?? ''),
            );
      replaceChildren(box, storedLine(), ended, startButton());
      if (state.status === 'confirmed' || state.status === 'already_bound') done();
      return;
    }
    const codeInput = h('input', { type: 'text', inputmode: 'numeric', maxlength: 12, class: 'wechat-code' });
    replaceChildren(
      box,
      h(
        'div',
        { class: 'small wechat-login-status', 'data-status': state.status },
        t().wechatStatus(state.status, state.refresh ?? 0, state.codeAgain === true),
      ),
      state.qr && state.status !== 'need_code' ? qrSvg(state.qr) : null,
      state.link ? h('div', { class: 'muted small' }, t().wechatLink, ' ', h('code', {}, state.link)) : null,
      state.status === 'need_code'
        ? h(
            'form',
            {
              class: 'wechat-code-form',
              onsubmit: (e: Event) => {
                e.preventDefault();
                void post('/channels/wechat/login/code', { code: codeInput.value });
              },
            },
            codeInput,
            h('button', { type: 'submit', class: 'btn small' }, t().wechatSendCode),
          )
        : null,
      h(
        'button',
        {
          type: 'button',
          class: 'btn ghost small',
          onclick: () => void api.del<WeChatPageLoginDto>('/channels/wechat/login').then(show),
        },
        t().wechatCancel,
      ),
    );
    const poll = () => {
      if (!box.isConnected) return;
      void api.get<WeChatPageLoginDto>(`/channels/wechat/login?after=${state.version}`).then(show, () => {
        timer = window.setTimeout(poll, RETRY_MS);
      });
    };
    poll();
  }

  // A login the page started before a reload, or none.
  void api
    .get<WeChatPageLoginDto>('/channels/wechat/login')
    .then(show, () => show({ status: 'idle', version: 0 }));
  return box;
}
