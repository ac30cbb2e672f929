/**
 * A form (form.ts) in words, zh and en, for every place that shows one: what a field takes (its
 * type, range, options, default) and what is wrong with a value. The page, `aibox chat` and the
 * chat channels say the same things in the same words. Bundled into the page.
 */
import type { FieldError, FieldProblem, FormField, FormValue } from './form.js';

export type FormLang = 'zh' | 'en';

const PROBLEMS: Record<FormLang, Record<FieldProblem, string>> = {
  zh: {
    required: '必填',
    type: '类型不对',
    too_short: '太短',
    too_long: '太长',
    too_small: '太小',
    too_large: '太大',
    not_integer: '应为整数',
    not_allowed: '不是可选的值',
    format: '格式不对',
    too_few: '选得太少',
    too_many: '选得太多',
    unknown: '表单里没有这一项',
  },
  en: {
    required: 'required',
    type: 'wrong type',
    too_short: 'too short',
    too_long: 'too long',
    too_small: 'too small',
    too_large: 'too large',
    not_integer: 'must be a whole number',
    not_allowed: 'not one of the choices',
    format: 'wrong format',
    too_few: 'too few chosen',
    too_many: 'too many chosen',
    unknown: 'the form has no such field',
  },
};

const WORDS = {
  zh: {
    text: '文字',
    number: '数字',
    integer: '整数',
    yesNo: '是/否',
    choice: '选一个',
    choices: '可多选，用逗号分隔',
    required: '必填',
    optional: '可不填',
    default: '默认',
    yes: '是',
    no: '否',
    chars: (min: number | undefined, max: number) => (min ? `${min}–${max} 个字符` : `至多 ${max} 个字符`),
    list: ', ',
  },
  en: {
    text: 'text',
    number: 'number',
    integer: 'whole number',
    yesNo: 'yes/no',
    choice: 'pick one',
    choices: 'pick any, separated by commas',
    required: 'required',
    optional: 'optional',
    default: 'default',
    yes: 'yes',
    no: 'no',
    chars: (min: number | undefined, max: number) =>
      min ? `${min}–${max} characters` : `up to ${max} characters`,
    list: ', ',
  },
} as const;

/** How a form ended (`elicitation_resolved`'s action). */
export type FormEnd = 'accept' | 'decline' | 'cancel' | 'timeout' | 'unattended' | 'aborted';

const ENDS: Record<FormLang, Record<FormEnd, string>> = {
  zh: {
    accept: '✅ 已提交',
    decline: '❌ 已拒绝',
    cancel: '⏹️ 已取消',
    timeout: '⌛ 超时未填，已拒绝',
    unattended: '❌ 无人可填写，已拒绝',
    aborted: '⏹️ 回合已取消',
  },
  en: {
    accept: '✅ sent',
    decline: '❌ declined',
    cancel: '⏹️ cancelled',
    timeout: '⌛ not filled in in time: declined',
    unattended: '❌ nobody could fill it in: declined',
    aborted: '⏹️ turn cancelled',
  },
};

/** How a form ended, and who ended it when a person did. */
export function endText(end: string, by: string | undefined, lang: FormLang): string {
  const text = Object.hasOwn(ENDS[lang], end) ? ENDS[lang][end as FormEnd] : end;
  return by ? `${text} (${by})` : text;
}

/** What a field's problem is called. */
export function problemText(problem: FieldProblem, lang: FormLang): string {
  return PROBLEMS[lang][problem];
}

/** A value as the person reads it (a choice by its label). */
export function valueText(field: FormField, value: FormValue, lang: FormLang): string {
  const w = WORDS[lang];
  if (typeof value === 'boolean') return value ? w.yes : w.no;
  const label = (v: string) =>
    field.type === 'choice' || field.type === 'choices'
      ? (field.options.find((o) => o.value === v)?.label ?? v)
      : v;
  if (Array.isArray(value)) return value.map(label).join(w.list);
  return typeof value === 'string' ? label(value) : String(value);
}

function range(min: number | undefined, max: number | undefined): string {
  if (min !== undefined && max !== undefined) return `${min}–${max}`;
  if (min !== undefined) return `≥ ${min}`;
  return max !== undefined ? `≤ ${max}` : '';
}

/** What the field takes, in one line: `integer, 1–10, required, default 2`; options are listed apart. */
export function fieldHint(field: FormField, lang: FormLang): string {
  const w = WORDS[lang];
  const parts: string[] = [];
  switch (field.type) {
    case 'string':
      parts.push(field.format ?? w.text);
      if (field.maxLength < 10_000 || field.minLength) parts.push(w.chars(field.minLength, field.maxLength));
      break;
    case 'number':
    case 'integer':
      parts.push(w[field.type]);
      if (range(field.minimum, field.maximum)) parts.push(range(field.minimum, field.maximum));
      break;
    case 'boolean':
      parts.push(w.yesNo);
      break;
    case 'choice':
      parts.push(w.choice);
      break;
    case 'choices':
      parts.push(w.choices);
      if (range(field.minItems, field.maxItems)) parts.push(range(field.minItems, field.maxItems));
      break;
  }
  parts.push(field.required ? w.required : w.optional);
  if (field.default !== undefined) parts.push(`${w.default} ${valueText(field, field.default, lang)}`);
  return parts.join(w.list);
}

/** The options of a choice field, numbered (`1) Small`), or `[]` for other fields. */
export function optionLines(field: FormField): string[] {
  if (field.type !== 'choice' && field.type !== 'choices') return [];
  return field.options.map((o, i) => `${i + 1}) ${o.label}`);
}

/** The errors of a form's values, one per line: `count: too large`. */
export function errorsText(errors: readonly FieldError[], lang: FormLang): string {
  return errors.map((e) => `${e.field || '-'}: ${problemText(e.problem, lang)}`).join('\n');
}
