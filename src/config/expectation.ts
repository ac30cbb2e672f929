/**
 * What a config key expected, in both languages, from a zod issue. The loader runs
 * before the language is known (it may come from the config itself), so every
 * problem carries both texts and the caller picks one.
 */
import type { z } from 'zod';
import { defineMessages, type Lang } from '../i18n/lang.js';

export type Expectation = Record<Lang, string>;

const texts = defineMessages({
  zh: {
    type: (type: string) => `${TYPE_NAMES_ZH[type] ?? type}类型`,
    atMost: (n: string) => `不大于 ${n} 的值`,
    below: (n: string) => `小于 ${n} 的值`,
    atLeast: (n: string) => `不小于 ${n} 的值`,
    above: (n: string) => `大于 ${n} 的值`,
    oneOf: (values: string) => `以下之一: ${values}`,
    format: (format: string) => `${format} 格式`,
    unknownKey: '不存在此配置项（见 docs/configuration.md）',
    unknownKeyNear: (key: string) => `不存在此配置项，是否想写 ${key}？`,
    jsonObject: '一个 JSON 对象',
    validJson: '合法的 JSON',
    validJsonAt: (line: number, column: number) => `合法的 JSON（第 ${line} 行第 ${column} 列有误）`,
  },
  en: {
    type: (type: string) => `a ${type}`,
    atMost: (n: string) => `a value ≤ ${n}`,
    below: (n: string) => `a value < ${n}`,
    atLeast: (n: string) => `a value ≥ ${n}`,
    above: (n: string) => `a value > ${n}`,
    oneOf: (values: string) => `one of ${values}`,
    format: (format: string) => `the ${format} format`,
    unknownKey: 'no such key (see docs/configuration.md)',
    unknownKeyNear: (key: string) => `no such key; did you mean ${key}?`,
    jsonObject: 'a JSON object',
    validJson: 'valid JSON',
    validJsonAt: (line: number, column: number) =>
      `valid JSON (the error is at line ${line}, column ${column})`,
  },
});

const TYPE_NAMES_ZH: Record<string, string> = {
  number: '数字',
  int: '整数',
  string: '字符串',
  boolean: '布尔（true/false）',
  object: '对象',
  array: '数组',
};

function both(pick: (t: ReturnType<typeof texts>) => string): Expectation {
  return { zh: pick(texts('zh')), en: pick(texts('en')) };
}

/** An unknown key, with the known key it is probably a typo of (dotted), when there is one. */
export const unknownKey = (near?: string): Expectation =>
  both((t) => (near ? t.unknownKeyNear(near) : t.unknownKey));
export const jsonObject = (): Expectation => both((t) => t.jsonObject);
/** Invalid JSON, with where the parser stopped (1-based) when it said. */
export const validJson = (at?: { line: number; column: number }): Expectation =>
  both((t) => (at ? t.validJsonAt(at.line, at.column) : t.validJson));

export function expectationOf(issue: z.core.$ZodIssue): Expectation {
  switch (issue.code) {
    case 'invalid_type':
      return both((t) => t.type(issue.expected));
    case 'too_big': {
      const n = String(issue.maximum);
      return both((t) => (issue.inclusive === false ? t.below(n) : t.atMost(n)));
    }
    case 'too_small': {
      const n = String(issue.minimum);
      return both((t) => (issue.inclusive === false ? t.above(n) : t.atLeast(n)));
    }
    case 'invalid_value':
      return both((t) => t.oneOf(issue.values.map((v) => JSON.stringify(v)).join(', ')));
    case 'invalid_format':
      return both((t) => t.format(issue.format));
    case 'custom': {
      // A refinement says what it expects in both languages through `params.expected`.
      const expected = issue.params?.expected as Expectation | undefined;
      return expected ?? { zh: issue.message, en: issue.message };
    }
    default:
      return { zh: issue.message, en: issue.message };
  }
}
