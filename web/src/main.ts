/** Boots the page: token (if the server wants one), status, language, the socket, and the tabs. */

import type { ServerFrame } from '../../src/protocol/frames.js';
import type { StatusDto } from '../../src/server/api/dto.js';
import { ApiError, createApi } from './api-client.js';
import { createChannelsView } from './channels-view.js';
import { createChatView } from './chat-view.js';
import { createConnection, socketUrl } from './connection.js';
import { h } from './dom.js';
import { type Lang, messages, pickLang, rememberLang } from './i18n.js';
import { createMcpView } from './mcp-view.js';
import { createMemoriesView } from './memories-view.js';
import { createSettingsView } from './settings-view.js';
import { redeemSignInLink } from './sign-in-link.js';
import { createSkillsView } from './skills-view.js';
import { createStatusBar } from './status-bar.js';
import { createTasksView } from './tasks-view.js';
import { createTokenStore, promptForToken } from './token-prompt.js';
import './styles/base.css';
import './styles/controls.css';
import './styles/chat.css';
import './styles/tool-card.css';
import './styles/approval-card.css';
import './styles/lists.css';
import './styles/highlight.css';
import './styles/settings.css';
import './styles/phone.css';

type Tab = 'chat' | 'skills' | 'tasks' | 'memories' | 'mcp' | 'channels' | 'settings';
const TABS: Tab[] = ['chat', 'skills', 'tasks', 'memories', 'mcp', 'channels', 'settings'];

async function boot(root: HTMLElement): Promise<void> {
  const tokens = createTokenStore(localStorage);
  let lang: Lang = pickLang(undefined, localStorage, navigator.language);
  const t = () => messages(lang);
  const getLang = () => lang;
  const api = createApi('./api', tokens.get, () => undefined);

  // A one-time sign-in link carries the token's code: traded once, then gone from the address bar.
  const signedIn = await redeemSignInLink(location, history);
  if (signedIn) tokens.set(signedIn);
  // The token, if the server requires one: /api answers 401 until it is right.
  let status: StatusDto | undefined;
  for (let problem = signedIn === false ? t().signInLinkRefused : undefined; ; problem = t().tokenWrong) {
    try {
      status = await api.get<StatusDto>('/status');
      break;
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) break;
      tokens.set(
        await promptForToken(t(), problem === t().tokenWrong && tokens.get() === '' ? undefined : problem),
      );
    }
  }
  lang = pickLang(status?.lang, localStorage, navigator.language);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';

  const toasts = h('div', { class: 'toasts', 'aria-live': 'polite' });
  const toast = (text: string, kind: 'info' | 'error' = 'info') => {
    const node = h('div', { class: `toast ${kind}` }, text);
    toasts.append(node);
    while (toasts.childElementCount > 3) toasts.firstElementChild?.remove();
    node.addEventListener('click', () => node.remove());
    window.setTimeout(() => node.remove(), kind === 'error' ? 8000 : 3500);
  };

  const connection = createConnection({ url: socketUrl(location), token: tokens.get });
  const statusBar = createStatusBar(t);
  statusBar.setStatus(status);
  const forget = (id: number) =>
    api.del(`/memories/${id}`).then(
      () => true,
      () => false,
    );
  const chat = createChatView(connection, t, getLang, forget, api, {
    maxSeconds: () => status?.maxAudioS ?? 120,
    toast: (text) => toast(text, 'error'),
  });
  const skills = createSkillsView(api, t, toast);
  const tasks = createTasksView(api, t, getLang, toast);
  const memories = createMemoriesView(api, t, getLang);
  const mcp = createMcpView(api, t, getLang);
  const channels = createChannelsView(api, t, getLang, toast);
  const settings = createSettingsView(api, t, getLang, toast, () => {
    api.get<StatusDto>('/status').then(
      (fresh) => statusBar.setStatus(fresh),
      () => undefined,
    );
  });
  const views = { chat, skills, tasks, memories, mcp, channels, settings };
  const loaded = new Set<Tab>(['chat']);

  const tabLabel = (tab: Tab) =>
    ({
      chat: t().tabChat,
      skills: t().tabSkills,
      tasks: t().tabTasks,
      memories: t().tabMemories,
      mcp: t().tabMcp,
      channels: t().tabChannels,
      settings: t().tabSettings,
    })[tab];
  const tabButtons = TABS.map((tab) =>
    h('a', { class: 'tab', href: `#${tab}`, 'data-tab': tab }, tabLabel(tab)),
  );
  const langButton = h('button', { type: 'button', class: 'btn ghost small lang-switch' }, t().switchLang);
  const main = h('main', { class: 'views' }, ...TABS.map((tab) => views[tab].el));
  root.replaceChildren(
    h(
      'header',
      { class: 'topbar' },
      h('div', { class: 'brand' }, h('span', { class: 'logo' }, 'A'), 'Aibox'),
      h('nav', { class: 'tabs' }, tabButtons),
      h('div', { class: 'spacer' }),
      statusBar.el,
      langButton,
    ),
    statusBar.banner,
    main,
    toasts,
  );

  const show = () => {
    const hash = location.hash.slice(1);
    const current: Tab = TABS.includes(hash as Tab) ? (hash as Tab) : 'chat';
    for (const tab of TABS) {
      views[tab].el.hidden = tab !== current;
      tabButtons[TABS.indexOf(tab)]?.setAttribute('aria-current', tab === current ? 'page' : 'false');
    }
    if (!loaded.has(current)) {
      loaded.add(current);
      if (current !== 'chat') void views[current].refresh();
    }
    if (current === 'chat') chat.focus();
  };
  window.addEventListener('hashchange', show);
  // A first start with no model key opens on the settings, where the key is entered.
  if (location.hash === '' && status && !status.hasKey && status.keyEnv !== '') location.hash = '#settings';
  show();

  langButton.addEventListener('click', () => {
    lang = lang === 'zh' ? 'en' : 'zh';
    rememberLang(lang, localStorage);
    document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
    langButton.textContent = t().switchLang;
    tabButtons.forEach((button, i) => {
      button.textContent = tabLabel(TABS[i] ?? 'chat');
    });
    for (const view of Object.values(views)) view.relabel();
    statusBar.relabel();
    for (const tab of loaded) if (tab !== 'chat') void views[tab].refresh();
  });

  // Frames of task sessions (`task-<id>`) belong to the tasks tab, never to the chat.
  const taskTurns = new Set<string>();
  /** Whether a frame belongs to a task session (notes the turns a task session starts). */
  const ofTaskSession = (frame: ServerFrame): boolean => {
    const session = 'session' in frame ? frame.session : undefined;
    const turnId = 'turn_id' in frame ? frame.turn_id : undefined;
    if (frame.type === 'turn_start' && session && session !== 'main') taskTurns.add(frame.turn_id);
    return (!!session && session !== 'main') || (!!turnId && taskTurns.has(turnId));
  };
  const route = (frame: ServerFrame) => {
    switch (frame.type) {
      case 'task_status':
      case 'task_process':
      case 'task_error':
        tasks.handle(frame);
        return;
      case 'skills_changed':
        if (!ofTaskSession(frame) && loaded.has('skills')) void skills.refresh();
        return;
      case 'command_result':
        if (!ofTaskSession(frame)) chat.notice(frame.content);
        return;
      case 'history':
      case 'queued':
      case 'turn_start':
      case 'chunk':
      case 'reasoning':
      case 'tool_start':
      case 'tool_output':
      case 'tool_end':
      case 'complete':
      case 'error':
      case 'approval_request':
      case 'approval_resolved':
      case 'elicitation_request':
      case 'elicitation_resolved':
      case 'dialogue_ended':
      case 'dialogue_reset':
      case 'recalled':
        if (!ofTaskSession(frame)) chat.handle(frame);
        return;
      // Nothing the page shows (it sends no `task` frames: their replies never come).
      case 'task_added':
      case 'task_list':
      case 'task_completed':
      case 'task_deleted':
      case 'task_updated':
        return;
      // A notice about a turn (a budget's 80 % warning) is shown with it; the welcome lines are not.
      case 'info':
        if (frame.turn_id && !ofTaskSession(frame)) chat.handle(frame);
        return;
      case 'line':
      case 'pong':
      case 'connection_ack':
        return;
      default: {
        // A frame type added to the protocol must be routed here; a newer server's unknown type is ignored.
        const unhandled: never = frame;
        return unhandled;
      }
    }
  };
  connection.onFrame(route);
  connection.onState(async (state) => {
    statusBar.setConn(state);
    chat.setOnline(state.kind === 'open');
    if (state.kind === 'auth') {
      tokens.set(await promptForToken(t(), t().tokenWrong));
      connection.reconnectNow();
    }
  });
  statusBar.setConn(connection.state);
  chat.setOnline(connection.state.kind === 'open');
}

const root = document.getElementById('app');
if (root) void boot(root);
