/**
 * The form of an MCP elicitation (src/protocol/form.ts), the one check the page, aibox chat, the
 * channels and the broker share: the spec's flat fields read from a schema, hostile schemas
 * refused (too large, too many fields, odd names, nested, duplicate choices), defaults kept only
 * when they fit, values checked (types, ranges, formats, choices, unknown names), text typed in a
 * terminal or a chat read per field.
 */
import { describe, expect, it } from 'vitest';
import { checkForm, type Form, formFromSchema, readFieldText } from '../../src/protocol/form.js';
import { fieldHint } from '../../src/protocol/form-text.js';

const same = (s: string) => s;
const formOf = (schema: unknown): Form => {
  const made = formFromSchema('m', schema, same);
  if (!('form' in made)) throw new Error(`no form: ${made.problem}`);
  return made.form;
};

describe('formFromSchema', () => {
  it('reads every kind of field the spec allows', () => {
    const form = formOf({
      type: 'object',
      properties: {
        s: { type: 'string', title: 'S', minLength: 1, maxLength: 5, format: 'email' },
        n: { type: 'number', minimum: -1.5 },
        i: { type: 'integer', maximum: 9, default: 3 },
        b: { type: 'boolean', default: 'yes' },
        e: { type: 'string', enum: ['a', 'b'], enumNames: ['A', 'B'] },
        o: { type: 'string', oneOf: [{ const: 'x', title: 'X' }] },
        m: { type: 'array', items: { type: 'string', enum: ['p', 'q'] }, maxItems: 1, default: ['p'] },
      },
      required: ['s', 'nope'],
    });
    expect(form.fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['s', 'string', true],
      ['n', 'number', false],
      ['i', 'integer', false],
      ['b', 'boolean', false],
      ['e', 'choice', false],
      ['o', 'choice', false],
      ['m', 'choices', false],
    ]);
    expect(form.fields[0]).toMatchObject({ title: 'S', minLength: 1, maxLength: 5, format: 'email' });
    expect(form.fields[2]).toMatchObject({ default: 3 });
    expect(form.fields[3]).not.toHaveProperty('default'); // "yes" is not a boolean
    expect(form.fields[4]).toMatchObject({
      options: [
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ],
    });
    expect(fieldHint(form.fields[2] as never, 'en')).toBe('whole number, ≤ 9, optional, default 3');
    expect(fieldHint(form.fields[2] as never, 'zh')).toBe('整数, ≤ 9, 可不填, 默认 3');
  });

  it('refuses hostile schemas', () => {
    const problem = (schema: unknown) => {
      const made = formFromSchema('m', schema, same);
      return 'problem' in made ? made.problem : 'ok';
    };
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, { type: 'string' }]));
    expect(problem({ type: 'object', properties: many })).toBe('too_many_fields');
    expect(
      problem({ type: 'object', properties: { a: { type: 'string', description: 'x'.repeat(100_001) } } }),
    ).toBe('too_large');
    expect(problem({ type: 'array' })).toBe('not_object');
    expect(problem('object')).toBe('not_object');
    expect(problem({ type: 'object', properties: { 'a b': { type: 'string' } } })).toBe('bad_name');
    expect(problem({ type: 'object', properties: { ['x'.repeat(65)]: { type: 'string' } } })).toBe(
      'bad_name',
    );
    expect(problem({ type: 'object', properties: { a: { type: 'object' } } })).toBe('unsupported_field');
    expect(problem({ type: 'object', properties: { a: { type: 'string', enum: ['a', 'a'] } } })).toBe(
      'unsupported_field',
    );
    expect(problem({ type: 'object', properties: { a: { type: 'string', enum: [1, 2] } } })).toBe(
      'unsupported_field',
    );
    const options = Array.from({ length: 101 }, (_, i) => `o${i}`);
    expect(problem({ type: 'object', properties: { a: { type: 'string', enum: options } } })).toBe(
      'unsupported_field',
    );
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.properties = { a: cyclic };
    expect(problem(cyclic)).toBe('too_large');
  });

  it('cleans and cuts the text it shows', () => {
    const made = formFromSchema(
      '\u202ehi'.repeat(2000),
      { type: 'object', properties: { a: { type: 'string', title: 't'.repeat(500) } } },
      (s) => s.replace(/\u202e/gu, ''),
    );
    if (!('form' in made)) throw new Error('no form');
    expect(made.form.message).toBe('hi'.repeat(1000));
    expect(made.form.fields[0]?.title).toHaveLength(200);
  });
});

describe('checkForm', () => {
  const form = formOf({
    type: 'object',
    properties: {
      name: { type: 'string', maxLength: 10 },
      when: { type: 'string', format: 'date' },
      age: { type: 'integer', minimum: 0 },
      pick: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, minItems: 1 },
      ok: { type: 'boolean', default: true },
    },
    required: ['name'],
  });

  it('fills defaults and keeps what fits', () => {
    expect(checkForm(form, { name: 'Ada', when: '2026-12-07', pick: ['b'] })).toEqual({
      ok: true,
      values: { name: 'Ada', when: '2026-12-07', pick: ['b'], ok: true },
    });
  });

  it('names every value that does not fit', () => {
    const result = checkForm(form, {
      name: 'x'.repeat(11),
      when: '2026-13-45',
      age: -1,
      pick: ['a', 'a'],
      ok: 'true',
      __proto__: 1,
      constructor: 2,
    });
    expect(result).toEqual({
      ok: false,
      errors: [
        { field: 'constructor', problem: 'unknown' },
        { field: 'name', problem: 'too_long' },
        { field: 'when', problem: 'format' },
        { field: 'age', problem: 'too_small' },
        { field: 'pick', problem: 'not_allowed' },
        { field: 'ok', problem: 'type' },
      ],
    });
    expect(checkForm(form, {})).toEqual({ ok: false, errors: [{ field: 'name', problem: 'required' }] });
    expect(checkForm(form, null)).toEqual({ ok: false, errors: [{ field: '', problem: 'type' }] });
    expect(checkForm(form, [1])).toEqual({ ok: false, errors: [{ field: '', problem: 'type' }] });
    expect(checkForm(form, { name: 'a', age: Number.NaN })).toMatchObject({ ok: false });
    expect(checkForm(form, { name: 'a', pick: [] })).toMatchObject({
      ok: false,
      errors: [{ problem: 'too_few' }],
    });
  });
});

describe('readFieldText', () => {
  const form = formOf({
    type: 'object',
    properties: {
      n: { type: 'integer', maximum: 10 },
      b: { type: 'boolean' },
      c: {
        type: 'string',
        oneOf: [
          { const: 'sm', title: 'Small' },
          { const: 'lg', title: 'Large' },
        ],
      },
      m: { type: 'array', items: { type: 'string', enum: ['x', 'y', 'z'] } },
    },
  });
  const [n, b, c, m] = form.fields as [never, never, never, never];

  it('reads numbers, yes/no in both languages, choices by value, label or number', () => {
    expect(readFieldText(n, ' 7 ')).toEqual({ value: 7 });
    expect(readFieldText(n, '11')).toEqual({ problem: 'too_large' });
    expect(readFieldText(n, '7.5')).toEqual({ problem: 'not_integer' });
    expect(readFieldText(n, 'seven')).toEqual({ problem: 'type' });
    expect(readFieldText(b, '是')).toEqual({ value: true });
    expect(readFieldText(b, 'No')).toEqual({ value: false });
    expect(readFieldText(b, 'maybe')).toEqual({ problem: 'type' });
    expect(readFieldText(c, 'large')).toEqual({ value: 'lg' });
    expect(readFieldText(c, '1')).toEqual({ value: 'sm' });
    expect(readFieldText(c, 'medium')).toEqual({ problem: 'not_allowed' });
    expect(readFieldText(m, 'x, 3，y')).toEqual({ value: ['x', 'z', 'y'] });
    expect(readFieldText(m, 'x, w')).toEqual({ problem: 'not_allowed' });
    expect(readFieldText(m, 'x,y,z,x')).toEqual({ problem: 'not_allowed' });
  });
});
