/**
 * The Settings tab, generated from the config schema (GET /api/settings): the model first, then
 * the chat channels, MCP servers, safety and budgets, everything else under "More settings". Each
 * field is checked as it is typed; Save sends the changed ones (PUT /api/settings), which the
 * server validates, writes atomically and applies live where it can, naming the keys that need a
 * restart. Nobody has to open config.json by hand.
 */
import type {
  SettingKeyDto,
  SettingsDto,
  SettingsErrorDto,
  SettingsSavedDto,
} from '../../src/server/api/dto.js';
import { type Api, ApiError } from './api-client.js';
import { h, replaceChildren } from './dom.js';
import type { Lang, Messages } from './i18n.js';
import { createSettingField, type SettingField } from './setting-field.js';

export interface SettingsView {
  el: HTMLElement;
  refresh(): Promise<void>;
  relabel(): void;
}

/** Sections shown open, in this order (a prefix matches its subsections); the rest is under "More". */
const FIRST = [
  'llm',
  'channels.telegram',
  'channels.lark',
  'channels.dingtalk',
  'channels.wecom',
  'channels.qq',
  'channels.wechat',
  'mcp',
  'safety',
  'budget',
];

function rank(section: string): number {
  const at = FIRST.findIndex((first) => section === first || section.startsWith(`${first}.`));
  return at === -1 ? FIRST.length : at;
}

export function createSettingsView(
  api: Api,
  t: () => Messages,
  lang: () => Lang,
  toast: (text: string, kind?: 'info' | 'error') => void,
  /** After a save: the status bar reads the model and its key again. */
  onSaved: () => void = () => {},
): SettingsView {
  const saveButton = h('button', { type: 'button', class: 'btn primary save-settings' }, t().settingsSave);
  const intro = h('p', { class: 'muted small settings-help' });
  const notice = h('div', { class: 'settings-notice', role: 'status' });
  const body = h('div', { class: 'settings-body' });
  const el = h(
    'section',
    { class: 'view settings-view' },
    h('div', { class: 'list-pane' }, h('div', { class: 'toolbar' }, saveButton), intro, notice, body),
  );
  let fields: SettingField[] = [];
  let seq = 0;

  const sectionLabel = (data: SettingsDto, name: string) => {
    const parts = name.split('.');
    return parts
      .map((_, i) => data.sections.find((s) => s.name === parts.slice(0, i + 1).join('.'))?.label[lang()])
      .filter((label): label is string => !!label)
      .join(' · ');
  };

  const render = (data: SettingsDto) => {
    const m = t();
    intro.textContent = m.settingsHelp(data.file);
    const notes: (HTMLElement | string)[] = [];
    if (!data.modelReady) notes.push(h('div', { class: 'banner need-model' }, m.settingsNeedModel));
    if (data.restartPending.length > 0)
      notes.push(
        h(
          'div',
          { class: 'banner restart-pending' },
          m.settingsRestartPending(data.restartPending.join(', ')),
        ),
      );
    if (data.fileProblems)
      notes.push(
        h(
          'div',
          { class: 'banner file-problems' },
          m.settingsFileProblems,
          h(
            'ul',
            {},
            data.fileProblems.map((p) => h('li', {}, `${p.key}: ${p.expected[lang()]} (${p.found})`)),
          ),
        ),
      );
    replaceChildren(notice, notes);
    const bySection = new Map<string, SettingKeyDto[]>();
    for (const key of data.keys) bySection.set(key.section, [...(bySection.get(key.section) ?? []), key]);
    const order = [...bySection.keys()].sort((a, b) => rank(a) - rank(b));
    const pending = new Set(data.restartPending);
    fields = [];
    const group = (section: string) => {
      const made = (bySection.get(section) ?? []).map((key) => createSettingField(key, m, lang()));
      for (const field of made) field.setRestartPending(pending.has(field.key));
      fields.push(...made);
      return h(
        'fieldset',
        { class: 'card settings-section', 'data-section': section || 'general' },
        h(
          'legend',
          { class: 'card-title' },
          section === '' ? m.settingsGeneral : sectionLabel(data, section),
        ),
        made.map((field) => field.el),
      );
    };
    // A re-render after a save keeps "More settings" as the user left it.
    const moreOpen = body.querySelector('details.settings-more')?.hasAttribute('open') === true;
    const first = order.filter((s) => rank(s) < FIRST.length);
    const rest = order.filter((s) => rank(s) === FIRST.length);
    replaceChildren(
      body,
      first.map(group),
      h(
        'details',
        { class: 'settings-more', open: moreOpen },
        h('summary', {}, m.settingsMore),
        rest.map(group),
      ),
    );
  };

  const refresh = async () => {
    const mine = ++seq;
    try {
      const data = await api.get<SettingsDto>('/settings');
      if (mine === seq) render(data);
    } catch (error) {
      if (mine === seq)
        replaceChildren(body, h('div', { class: 'empty error' }, t().loadFailed((error as Error).message)));
    }
  };

  const save = async () => {
    const m = t();
    const values: Record<string, unknown> = {};
    let invalid = 0;
    for (const field of fields) {
      const state = field.value();
      if (!state.valid) invalid++;
      else if (state.changed) values[field.key] = state.value;
    }
    if (invalid > 0) return toast(m.settingsFixFirst(invalid), 'error');
    if (Object.keys(values).length === 0) return toast(m.settingsNothing);
    saveButton.disabled = true;
    try {
      const saved = await api.put<SettingsSavedDto>('/settings', { values });
      render(saved.settings);
      onSaved();
      toast(m.settingsSaved(saved.applied.join(', '), saved.restart.join(', ')));
    } catch (error) {
      const problems =
        error instanceof ApiError ? (error.body as SettingsErrorDto | undefined)?.problems : undefined;
      for (const problem of problems ?? [])
        fields.find((f) => f.key === problem.key)?.setError(`${problem.expected[lang()]} (${problem.found})`);
      toast((error as Error).message, 'error');
    } finally {
      saveButton.disabled = false;
    }
  };
  saveButton.addEventListener('click', () => void save());

  const relabel = () => {
    saveButton.textContent = t().settingsSave;
  };
  return { el, refresh, relabel };
}
