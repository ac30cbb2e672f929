/**
 * One config key as a form field, built from its JSON Schema (GET /api/settings): a choice for an
 * enum, a checkbox for a boolean, a number box with its bounds, a text box (a password box for a
 * secret, which never shows the value), one entry a line for a list of strings or numbers, JSON
 * for the rest (MCP servers, safety rules). Each is checked as it is typed, the way the server
 * checks it; the server's own answer (a refused save) is shown under the field too.
 */
import type { SettingKeyDto } from '../../src/server/api/dto.js';
import { h } from './dom.js';
import type { Lang, Messages } from './i18n.js';

type Schema = Record<string, unknown>;

export interface SettingField {
  el: HTMLElement;
  key: string;
  /** The value to save when the field was changed and is valid (undefined: nothing to save). */
  value(): { changed: boolean; valid: boolean; value?: unknown };
  /** Shows the server's complaint (undefined clears it). */
  setError(text: string | undefined): void;
  /** Marks the field as saved but waiting for a restart. */
  setRestartPending(pending: boolean): void;
}

function isIntSchema(schema: Schema): boolean {
  return schema.type === 'integer';
}

/** What is wrong with a number for this schema, or undefined. */
function numberProblem(raw: string, schema: Schema, t: Messages): string | undefined {
  if (raw.trim() === '') return t.settingsNeedNumber;
  const n = Number(raw);
  if (!Number.isFinite(n)) return t.settingsNeedNumber;
  if (isIntSchema(schema) && !Number.isInteger(n)) return t.settingsNeedInteger;
  const min = schema.minimum as number | undefined;
  const max = schema.maximum as number | undefined;
  const above = schema.exclusiveMinimum as number | undefined;
  const below = schema.exclusiveMaximum as number | undefined;
  if (min !== undefined && n < min) return t.settingsAtLeast(String(min));
  if (max !== undefined && n > max) return t.settingsAtMost(String(max));
  if (above !== undefined && n <= above) return t.settingsAbove(String(above));
  if (below !== undefined && n >= below) return t.settingsBelow(String(below));
  return undefined;
}

function stringProblem(raw: string, schema: Schema, t: Messages): string | undefined {
  const min = schema.minLength as number | undefined;
  const max = schema.maxLength as number | undefined;
  if (min !== undefined && raw.length < min) return t.settingsNotEmpty;
  if (max !== undefined && raw.length > max) return t.settingsTooLong(max);
  const pattern = schema.pattern as string | undefined;
  if (pattern !== undefined) {
    try {
      if (!new RegExp(pattern).test(raw)) return t.settingsPattern(pattern);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

function display(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function createSettingField(setting: SettingKeyDto, t: Messages, lang: Lang): SettingField {
  const schema = setting.schema;
  const id = `setting-${setting.key.replace(/[^\w-]/g, '-')}`;
  const error = h('div', { class: 'setting-error', role: 'alert', hidden: true });
  const restartMark = h(
    'span',
    { class: 'badge asked restart-needed', hidden: true },
    t.settingsRestartNeeded,
  );
  let check: () => { changed: boolean; valid: boolean; value?: unknown };
  let control: HTMLElement;
  let clearButton: HTMLElement | undefined;
  const enumValues = Array.isArray(schema.enum) ? (schema.enum as unknown[]) : undefined;
  const items = (schema.items ?? {}) as Schema;

  const showProblem = (problem: string | undefined) => {
    error.hidden = problem === undefined;
    error.textContent = problem ?? '';
    control.classList.toggle('invalid', problem !== undefined);
    control.setAttribute('aria-invalid', problem === undefined ? 'false' : 'true');
  };

  if (enumValues) {
    const select = h(
      'select',
      { class: 'input', id },
      enumValues.map((v) => h('option', { value: String(v) }, v === '' ? t.settingsAuto : String(v))),
    );
    select.value = String(setting.value);
    control = select;
    check = () => ({ changed: select.value !== String(setting.value), valid: true, value: select.value });
  } else if (schema.type === 'boolean') {
    const box = h('input', { type: 'checkbox', id });
    box.checked = setting.value === true;
    control = box;
    check = () => ({ changed: box.checked !== setting.value, valid: true, value: box.checked });
  } else if (schema.type === 'number' || schema.type === 'integer') {
    const input = h('input', {
      class: 'input',
      id,
      type: 'number',
      step: isIntSchema(schema) ? '1' : 'any',
      value: display(setting.value),
    });
    control = input;
    check = () => {
      const problem = numberProblem(input.value, schema, t);
      return { changed: Number(input.value) !== setting.value, valid: !problem, value: Number(input.value) };
    };
    input.addEventListener('input', () => showProblem(numberProblem(input.value, schema, t)));
  } else if (schema.type === 'string') {
    const input = h('input', {
      class: 'input',
      id,
      type: setting.secret ? 'password' : 'text',
      autocomplete: 'off',
      value: setting.secret ? '' : display(setting.value),
      placeholder: setting.secret ? (setting.set ? t.settingsSecretSet : t.settingsSecretUnset) : '',
    });
    control = input;
    let cleared = false;
    if (setting.secret && setting.set) {
      // The one way to remove a secret that is set (an empty box keeps it).
      clearButton = h('button', { type: 'button', class: 'btn ghost small clear-secret' }, t.settingsClear);
      clearButton.addEventListener('click', () => {
        cleared = true;
        input.value = '';
        input.placeholder = t.settingsSecretCleared;
      });
    }
    input.addEventListener('input', () => {
      if (input.value !== '') cleared = false;
    });
    check = () => {
      if (cleared) return { changed: true, valid: true, value: null };
      // A secret is never shown: an empty box keeps the one that is set.
      if (setting.secret && input.value === '') return { changed: false, valid: true };
      const problem = stringProblem(input.value, schema, t);
      return { changed: input.value !== setting.value, valid: !problem, value: input.value };
    };
    input.addEventListener('input', () =>
      showProblem(setting.secret && input.value === '' ? undefined : stringProblem(input.value, schema, t)),
    );
  } else if (schema.type === 'array' && (items.type === 'string' || items.type === 'integer')) {
    const area = h('textarea', { class: 'input', id, rows: 3, placeholder: t.settingsOnePerLine });
    area.value = (setting.value as unknown[]).map(String).join('\n');
    control = area;
    const parse = (): { problem?: string; value: unknown[] } => {
      const lines = area.value
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
      if (items.type === 'string') return { value: lines };
      const bad = lines.find((line) => !/^-?\d+$/.test(line));
      return bad === undefined
        ? { value: lines.map(Number) }
        : { problem: t.settingsNeedIntegerLine(bad), value: [] };
    };
    check = () => {
      const { problem, value } = parse();
      return { changed: JSON.stringify(value) !== JSON.stringify(setting.value), valid: !problem, value };
    };
    area.addEventListener('input', () => showProblem(parse().problem));
  } else {
    const area = h('textarea', { class: 'input mono', id, rows: 6, spellcheck: 'false' });
    area.value = JSON.stringify(setting.value, null, 2);
    control = area;
    const want = schema.type === 'array' ? 'array' : schema.type === 'object' ? 'object' : undefined;
    const parse = (): { problem?: string; value?: unknown } => {
      try {
        const value = JSON.parse(area.value) as unknown;
        const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
        if (want && kind !== want) return { problem: t.settingsNeedJson(want) };
        return { value };
      } catch (e) {
        return { problem: t.settingsBadJson((e as Error).message) };
      }
    };
    check = () => {
      const { problem, value } = parse();
      return {
        changed: JSON.stringify(value) !== JSON.stringify(setting.value),
        valid: !problem,
        value,
      };
    };
    area.addEventListener('input', () => showProblem(parse().problem));
  }

  const label = setting.label[lang];
  const el = h(
    'div',
    { class: 'setting', 'data-key': setting.key },
    h(
      'label',
      { class: 'setting-label', for: id },
      h('span', {}, label),
      h('code', { class: 'muted small' }, setting.key),
      h(
        'span',
        { class: `badge ${setting.live ? 'ok' : 'kind'}` },
        setting.live ? t.settingsLive : t.settingsRestart,
      ),
      restartMark,
    ),
    clearButton ? h('div', { class: 'setting-secret' }, control, clearButton) : control,
    error,
  );
  return {
    el,
    key: setting.key,
    value: check,
    setError: (text) => showProblem(text),
    setRestartPending: (pending) => {
      restartMark.hidden = !pending;
    },
  };
}
