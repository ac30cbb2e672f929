/**
 * A form a person fills in (an MCP server's `elicitation/create`, docs/mcp.md "Elicitation"):
 * the flat fields the MCP spec allows (string, number, integer, boolean, a choice, several
 * choices), read from the server's JSON Schema, and the one check of the values sent back. The
 * page, `aibox chat`, the chat channels and the broker all use these, so a value that passes here
 * passes everywhere. The schema is hostile input: anything else than those fields refuses the
 * whole form; text is cut to the limits below. Bundled into the page: no Node, no other module.
 */

export const FORM_LIMITS = {
  /** Characters of the schema as JSON. */
  schemaChars: 100_000,
  fields: 20,
  options: 100,
  nameChars: 64,
  titleChars: 200,
  descriptionChars: 1000,
  messageChars: 2000,
  /** The longest text value, whatever the schema says. */
  valueChars: 10_000,
} as const;

export interface FormOption {
  value: string;
  label: string;
}

interface FieldBase {
  name: string;
  /** The schema's `title`, else the name. */
  title: string;
  description: string;
  required: boolean;
}

export type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

export type FormField =
  | (FieldBase & {
      type: 'string';
      default?: string;
      minLength?: number;
      maxLength: number;
      format?: StringFormat;
    })
  | (FieldBase & { type: 'number' | 'integer'; default?: number; minimum?: number; maximum?: number })
  | (FieldBase & { type: 'boolean'; default?: boolean })
  | (FieldBase & { type: 'choice'; options: FormOption[]; default?: string })
  | (FieldBase & {
      type: 'choices';
      options: FormOption[];
      default?: string[];
      minItems?: number;
      maxItems?: number;
    });

export interface Form {
  message: string;
  fields: FormField[];
}

export type FormValue = string | number | boolean | string[];
export type FormValues = Record<string, FormValue>;

/** A person's answer to a form (the MCP result's `action` and `content`). */
export type FormReply =
  | { action: 'accept'; content: FormValues }
  | { action: 'decline' }
  | { action: 'cancel' };

export type FieldProblem =
  | 'required'
  | 'type'
  | 'too_short'
  | 'too_long'
  | 'too_small'
  | 'too_large'
  | 'not_integer'
  | 'not_allowed'
  | 'format'
  | 'too_few'
  | 'too_many'
  | 'unknown';

export interface FieldError {
  /** The field's name (`''`: the values as a whole are not an object). */
  field: string;
  problem: FieldProblem;
}

/** Why a schema is not a form the box can show. */
export type SchemaProblem = 'too_large' | 'not_object' | 'too_many_fields' | 'bad_name' | 'unsupported_field';

const FIELD_NAME = /^[\p{L}\p{N}_.-]{1,64}$/u;
const FORMATS: readonly StringFormat[] = ['email', 'uri', 'date', 'date-time'];

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, max: number, clean: (s: string) => string) =>
  typeof value === 'string' ? clean(value).slice(0, max) : '';
const count = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
const finite = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** The options of a choice: `enum` (with the legacy `enumNames`), or `oneOf`/`anyOf` of `const`s. */
function optionsOf(schema: Json, clean: (s: string) => string): FormOption[] | undefined {
  const make = (value: unknown, label: unknown): FormOption | undefined =>
    typeof value === 'string' && value.length <= FORM_LIMITS.titleChars
      ? { value, label: text(label, FORM_LIMITS.titleChars, clean) || clean(value) }
      : undefined;
  let options: (FormOption | undefined)[] | undefined;
  if (Array.isArray(schema.enum)) {
    const names = Array.isArray(schema.enumNames) ? schema.enumNames : [];
    options = schema.enum.map((value, i) => make(value, names[i]));
  } else {
    const list = Array.isArray(schema.oneOf) ? schema.oneOf : Array.isArray(schema.anyOf) ? schema.anyOf : [];
    if (list.length === 0) return undefined;
    options = list.map((option) => (isObject(option) ? make(option.const, option.title) : undefined));
  }
  if (options.length === 0 || options.length > FORM_LIMITS.options || options.some((o) => !o))
    return undefined;
  const values = new Set(options.map((o) => o?.value));
  return values.size === options.length ? (options as FormOption[]) : undefined;
}

/** One property of the schema as a field, or undefined when it is not one the spec allows. */
function fieldOf(name: string, schema: unknown, required: boolean, clean: (s: string) => string) {
  if (!isObject(schema)) return undefined;
  const base: FieldBase = {
    name,
    title: text(schema.title, FORM_LIMITS.titleChars, clean) || name,
    description: text(schema.description, FORM_LIMITS.descriptionChars, clean),
    required,
  };
  let field: FormField | undefined;
  if (schema.type === 'string') {
    const options = optionsOf(schema, clean);
    if (options) field = { ...base, type: 'choice', options };
    else if (schema.enum !== undefined || schema.oneOf !== undefined || schema.anyOf !== undefined)
      return undefined;
    else {
      const minLength = count(schema.minLength);
      const format = FORMATS.find((f) => f === schema.format);
      field = {
        ...base,
        type: 'string',
        maxLength: Math.min(count(schema.maxLength) ?? FORM_LIMITS.valueChars, FORM_LIMITS.valueChars),
        ...(minLength ? { minLength } : {}),
        ...(format ? { format } : {}),
      };
    }
  } else if (schema.type === 'number' || schema.type === 'integer') {
    const minimum = finite(schema.minimum);
    const maximum = finite(schema.maximum);
    field = {
      ...base,
      type: schema.type,
      ...(minimum !== undefined ? { minimum } : {}),
      ...(maximum !== undefined ? { maximum } : {}),
    };
  } else if (schema.type === 'boolean') field = { ...base, type: 'boolean' };
  else if (schema.type === 'array' && isObject(schema.items)) {
    const options = optionsOf(schema.items, clean);
    if (!options) return undefined;
    const minItems = count(schema.minItems);
    const maxItems = count(schema.maxItems);
    field = {
      ...base,
      type: 'choices',
      options,
      ...(minItems ? { minItems } : {}),
      ...(maxItems !== undefined ? { maxItems } : {}),
    };
  }
  if (!field) return undefined;
  // A default is kept only when it is a value the field takes (and it is not required then).
  if (schema.default !== undefined && checkField({ ...field, required: false }, schema.default) === undefined)
    (field as { default?: unknown }).default = schema.default;
  return field;
}

/**
 * The form of `requestedSchema`, or why it cannot be shown. `clean` makes the server's text
 * safe to show (control and bidi characters out); names must be plain already.
 */
export function formFromSchema(
  message: unknown,
  schema: unknown,
  clean: (s: string) => string,
): { form: Form } | { problem: SchemaProblem } {
  let size: number;
  try {
    size = JSON.stringify(schema)?.length ?? 0;
  } catch {
    return { problem: 'too_large' };
  }
  if (size > FORM_LIMITS.schemaChars) return { problem: 'too_large' };
  if (!isObject(schema) || schema.type !== 'object') return { problem: 'not_object' };
  const properties = isObject(schema.properties) ? Object.entries(schema.properties) : [];
  if (properties.length > FORM_LIMITS.fields) return { problem: 'too_many_fields' };
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields: FormField[] = [];
  for (const [name, property] of properties) {
    if (!FIELD_NAME.test(name) || name === '__proto__') return { problem: 'bad_name' };
    const field = fieldOf(name, property, required.has(name), clean);
    if (!field) return { problem: 'unsupported_field' };
    fields.push(field);
  }
  return { form: { message: text(message, FORM_LIMITS.messageChars, clean), fields } };
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/u;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/u;

function formatOk(format: StringFormat, value: string): boolean {
  switch (format) {
    case 'email':
      return EMAIL.test(value);
    case 'date':
      return DATE.test(value) && !Number.isNaN(Date.parse(value));
    case 'date-time':
      return DATE_TIME.test(value) && !Number.isNaN(Date.parse(value));
    case 'uri':
      try {
        return new URL(value).protocol.length > 1;
      } catch {
        return false;
      }
  }
}

/** What is wrong with one value of the field, or undefined when it is right. */
export function checkField(field: FormField, value: unknown): FieldProblem | undefined {
  switch (field.type) {
    case 'string':
      if (typeof value !== 'string') return 'type';
      if (value.length > field.maxLength) return 'too_long';
      if (field.minLength !== undefined && value.length < field.minLength) return 'too_short';
      if (field.format && !formatOk(field.format, value)) return 'format';
      return undefined;
    case 'number':
    case 'integer':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'type';
      if (field.type === 'integer' && !Number.isInteger(value)) return 'not_integer';
      if (field.minimum !== undefined && value < field.minimum) return 'too_small';
      if (field.maximum !== undefined && value > field.maximum) return 'too_large';
      return undefined;
    case 'boolean':
      return typeof value === 'boolean' ? undefined : 'type';
    case 'choice':
      if (typeof value !== 'string') return 'type';
      return field.options.some((o) => o.value === value) ? undefined : 'not_allowed';
    case 'choices': {
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return 'type';
      if (value.length > field.options.length || new Set(value).size !== value.length) return 'not_allowed';
      if (!value.every((v) => field.options.some((o) => o.value === v))) return 'not_allowed';
      if (field.minItems !== undefined && value.length < field.minItems) return 'too_few';
      if (field.maxItems !== undefined && value.length > field.maxItems) return 'too_many';
      return undefined;
    }
  }
}

/**
 * The values to send back: each one checked against its field, a field left out taking its
 * default (SEP-1034), a required one without either an error, a name the form has not an error.
 */
export function checkForm(
  form: Form,
  values: unknown,
): { ok: true; values: FormValues } | { ok: false; errors: FieldError[] } {
  if (!isObject(values)) return { ok: false, errors: [{ field: '', problem: 'type' }] };
  const errors: FieldError[] = [];
  const known = new Set(form.fields.map((f) => f.name));
  for (const name of Object.keys(values).slice(0, FORM_LIMITS.fields + 1))
    if (!known.has(name)) errors.push({ field: name.slice(0, FORM_LIMITS.nameChars), problem: 'unknown' });
  const out: FormValues = {};
  for (const field of form.fields) {
    const value = Object.hasOwn(values, field.name) ? values[field.name] : field.default;
    if (value === undefined) {
      if (field.required) errors.push({ field: field.name, problem: 'required' });
      continue;
    }
    const problem = checkField(field, value);
    if (problem) errors.push({ field: field.name, problem });
    else out[field.name] = Array.isArray(value) ? [...value] : (value as FormValue);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, values: out };
}

const YES = new Set(['y', 'yes', 'true', '1', '是', '对', '好', '真']);
const NO = new Set(['n', 'no', 'false', '0', '否', '不', '不是', '假']);

/** An option named by its value, its label (case ignored) or its number in the list (1 …). */
function optionNamed(options: FormOption[], said: string): string | undefined {
  const lower = said.toLowerCase();
  const n = /^\d{1,3}$/u.test(said) ? Number(said) : 0;
  return (
    options.find((o) => o.value === said)?.value ??
    options.find((o) => o.label.toLowerCase() === lower || o.value.toLowerCase() === lower)?.value ??
    options[n - 1]?.value
  );
}

/**
 * A value typed as text (`aibox chat`, a chat reply) for the field, or what is wrong with it.
 * Numbers as written, yes/no words in either language, a choice by value, label or number,
 * several choices separated by commas.
 */
export function readFieldText(
  field: FormField,
  typed: string,
): { value: FormValue } | { problem: FieldProblem } {
  const said = typed.trim();
  let value: unknown;
  switch (field.type) {
    case 'string':
      value = typed.replace(/^\s+|\s+$/gu, '');
      break;
    case 'number':
    case 'integer':
      value = said === '' ? Number.NaN : Number(said);
      break;
    case 'boolean': {
      const lower = said.toLowerCase();
      value = YES.has(lower) ? true : NO.has(lower) ? false : undefined;
      break;
    }
    case 'choice':
      value = optionNamed(field.options, said) ?? said;
      break;
    case 'choices': {
      const parts = said === '' ? [] : said.split(/[,，、;；]/u).map((part) => part.trim());
      if (parts.length > field.options.length) return { problem: 'not_allowed' };
      const chosen = parts.map((part) => optionNamed(field.options, part));
      if (chosen.some((c) => c === undefined)) return { problem: 'not_allowed' };
      value = chosen;
      break;
    }
  }
  const problem = checkField(field, value);
  return problem ? { problem } : { value: value as FormValue };
}
