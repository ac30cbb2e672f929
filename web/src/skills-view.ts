/** The skills tab: list with status (broken ones with their reason), search, full content, reload, install. */

import type { SkillsChange } from '../../src/protocol/frames.js';
import type {
  InstalledSkillDto,
  ScanRefusalDto,
  SkillDetailDto,
  SkillDto,
  SkillListDto,
  SkillSearchDto,
} from '../../src/server/api/dto.js';
import { type Api, ApiError } from './api-client.js';
import { h, replaceChildren } from './dom.js';
import type { Messages } from './i18n.js';
import { setMarkdown } from './markdown.js';

export interface SkillsView {
  el: HTMLElement;
  refresh(): Promise<void>;
  relabel(): void;
}

export function createSkillsView(
  api: Api,
  t: () => Messages,
  toast: (text: string, kind?: 'info' | 'error') => void,
): SkillsView {
  const search = h('input', { type: 'search', class: 'input grow skills-search', autocomplete: 'off' });
  const reload = h('button', { type: 'button', class: 'btn skills-reload' });
  const file = h('input', { type: 'file', class: 'visually-hidden skills-file' });
  const installLabel = h('span', {});
  const install = h('label', { class: 'btn skills-install' }, file, installLabel);
  const count = h('div', { class: 'count' });
  const list = h('div', { class: 'card-list skills-list' });
  const detail = h('div', { class: 'skill-detail', hidden: true });
  const listPane = h(
    'div',
    { class: 'list-pane' },
    h('div', { class: 'toolbar' }, search, reload, install),
    count,
    list,
  );
  const el = h('section', { class: 'view skills-view' }, listPane, detail);
  let total = 0;
  let seq = 0;

  const badge = (skill: SkillDto) =>
    h('span', { class: `badge ${skill.status}` }, skill.status === 'ok' ? t().skillOk : t().skillBroken);
  /** A model-made skill, or one changed since its yes: asked before it runs. */
  const originBadge = (skill: SkillDto) =>
    skill.provenance && skill.provenance.state !== 'approved'
      ? h(
          'span',
          { class: 'badge asked', title: t().skillAsked },
          skill.provenance.by === 'model' ? t().skillByModel : t().skillAsked,
        )
      : null;
  const provenanceLines = (skill: SkillDto) => {
    const p = skill.provenance;
    if (!p) return null;
    const by = p.by === 'person' ? t().skillByPerson : t().skillByModelLong;
    const state = {
      approved: t().skillStateApproved,
      pending: t().skillStatePending,
      changed: t().skillStateChanged,
    }[p.state];
    return h(
      'div',
      { class: 'muted skill-provenance' },
      h('div', {}, t().skillSource(p.source, by, p.at)),
      p.sha256 ? h('div', {}, 'sha256: ', h('code', {}, p.sha256)) : null,
      h('div', {}, state),
    );
  };
  const row = (skill: SkillDto, snippet?: string) =>
    h(
      'button',
      {
        type: 'button',
        class: `card skill ${skill.status}`,
        'data-skill': skill.name,
        onclick: () => void open(skill.name),
      },
      h(
        'div',
        { class: 'card-head' },
        h('span', { class: 'card-title' }, skill.name),
        h(
          'span',
          { class: 'badge kind' },
          skill.type === 'markdown' ? t().skillMarkdown : t().skillExecutable,
        ),
        badge(skill),
        originBadge(skill),
      ),
      h('div', { class: 'card-text' }, snippet || skill.summary),
      skill.status === 'broken' && skill.error ? h('div', { class: 'card-error' }, skill.error) : null,
    );

  const show = (skills: { skill: SkillDto; snippet?: string }[]) => {
    count.textContent = t().skillsCount(skills.length, total);
    replaceChildren(
      list,
      skills.length
        ? skills.map((s) => row(s.skill, s.snippet))
        : h('div', { class: 'empty' }, t().skillsEmpty),
    );
  };

  const refresh = async () => {
    const mine = ++seq;
    const q = search.value.trim();
    try {
      if (!q) {
        const data = await api.get<SkillListDto>('/skills');
        total = data.total;
        if (mine === seq) show(data.skills.map((skill) => ({ skill })));
      } else {
        const data = await api.get<SkillSearchDto>(`/skills/search?q=${encodeURIComponent(q)}`);
        if (mine === seq) show(data.hits.map((hit) => ({ skill: hit.skill, snippet: hit.snippet })));
      }
    } catch (error) {
      if (mine === seq)
        replaceChildren(list, h('div', { class: 'empty error' }, t().loadFailed((error as Error).message)));
    }
  };

  const open = async (name: string) => {
    try {
      const skill = await api.get<SkillDetailDto>(`/skills/${encodeURIComponent(name)}`);
      const content = h('div', { class: 'skill-content' });
      if (skill.type === 'markdown') setMarkdown(content, skill.content, t().copy);
      else content.append(h('pre', {}, skill.content));
      replaceChildren(
        detail,
        h(
          'button',
          { type: 'button', class: 'btn ghost back', onclick: () => close() },
          `← ${t().skillBack}`,
        ),
        h('h2', {}, skill.name, ' ', badge(skill)),
        h('div', { class: 'muted' }, `${t().skillPath}: `, h('code', {}, skill.path)),
        provenanceLines(skill),
        skill.error ? h('div', { class: 'card-error' }, skill.error) : null,
        skill.warning ? h('div', { class: 'card-warning' }, skill.warning) : null,
        content,
      );
      detail.hidden = false;
      el.classList.add('showing-detail');
    } catch (error) {
      toast(t().loadFailed((error as Error).message), 'error');
    }
  };
  const close = () => {
    detail.hidden = true;
    el.classList.remove('showing-detail');
  };

  let timer: number | undefined;
  search.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => void refresh(), 200);
  });
  reload.addEventListener('click', async () => {
    try {
      const result = await api.post<SkillsChange>('/skills/reload');
      toast(
        t().skillsReloaded(result.total, result.added.length + result.removed.length + result.changed.length),
      );
      await refresh();
    } catch (error) {
      toast(t().loadFailed((error as Error).message), 'error');
    }
  });
  /** Uploads; on high-risk scan findings shows them and sends again with confirm=1 only after a yes. */
  const installWithScan = async (chosen: File): Promise<InstalledSkillDto | undefined> => {
    try {
      return await api.upload<InstalledSkillDto>('/skills/install', chosen);
    } catch (error) {
      const refusal =
        error instanceof ApiError && error.code === 'SKILL_SCAN_REFUSED'
          ? (error.body as ScanRefusalDto)
          : undefined;
      if (!refusal) throw error;
      const list = refusal.findings.map((finding) => `• ${finding.text}`).join('\n');
      if (!window.confirm(t().skillsScanConfirm(list))) return undefined;
      return api.upload<InstalledSkillDto>('/skills/install', chosen, { confirm: '1' });
    }
  };
  file.addEventListener('change', async () => {
    const chosen = file.files?.[0];
    file.value = '';
    if (!chosen) return;
    try {
      const skill = await installWithScan(chosen);
      if (!skill) return;
      toast(
        skill.findings.length > 0
          ? t().skillsScanFound(skill.name, skill.findings.length)
          : t().skillsInstalled(skill.name),
      );
      await refresh();
    } catch (error) {
      toast((error as Error).message, 'error');
    }
  });

  const relabel = () => {
    search.placeholder = t().skillsSearch;
    reload.textContent = t().skillsReload;
    installLabel.textContent = t().skillsInstall;
  };
  relabel();
  return { el, refresh, relabel };
}
