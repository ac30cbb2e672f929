/**
 * The one table of error codes (src/error-codes.ts) is complete and documented: every code has an
 * HTTP status and one wire spelling of its own, and docs/errors.md lists exactly these codes with the
 * same spelling and status (a code added without its line in the docs fails here).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_ERROR_CODES, httpStatusOf, isClientFault, wireCodeOf } from '../src/error-codes.js';
import { AppError, isAppError } from '../src/errors.js';

const DOC = new URL('../docs/errors.md', import.meta.url);

interface DocRow {
  code: string;
  wire: string;
  status: number;
}

/** The rows of the table in docs/errors.md whose first cell is a code in backticks. */
function documentedCodes(): DocRow[] {
  const rows: DocRow[] = [];
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const code = /^`([A-Za-z_]+)`$/.exec(cells[1] ?? '')?.[1];
    const wire = /^`([A-Za-z_]+)`$/.exec(cells[2] ?? '')?.[1];
    if (code && wire) rows.push({ code, wire, status: Number(cells[3]) });
  }
  return rows;
}

describe('error codes', () => {
  it('are snake_case keys, each with an HTTP error status', () => {
    expect(ALL_ERROR_CODES.length).toBeGreaterThan(20);
    for (const code of ALL_ERROR_CODES) {
      expect(code).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      const status = httpStatusOf(code);
      expect(Number.isInteger(status) && status >= 400 && status <= 599, code).toBe(true);
      expect(isClientFault(code)).toBe(status < 500);
    }
  });

  it('each have a wire spelling no other code shares; only the legacy skill codes differ from the key', () => {
    const wires = ALL_ERROR_CODES.map(wireCodeOf);
    expect(new Set(wires).size).toBe(wires.length);
    for (const code of ALL_ERROR_CODES) {
      const wire = wireCodeOf(code);
      if (wire !== code) expect(wire, code).toBe(code.toUpperCase());
      if (wire !== code) expect(code).toMatch(/^skill_/);
    }
    expect(wireCodeOf('skill_exists')).toBe('SKILL_EXISTS');
    expect(wireCodeOf('too_many_sessions')).toBe('too_many_sessions');
  });

  it('are listed in docs/errors.md, row for row with the same wire spelling and status', () => {
    const rows = documentedCodes();
    const table = ALL_ERROR_CODES.map((code) => ({
      code,
      wire: wireCodeOf(code),
      status: httpStatusOf(code),
    }));
    const byCode = (a: DocRow, b: DocRow) => a.code.localeCompare(b.code);
    expect([...rows].sort(byCode)).toEqual([...table].sort(byCode));
  });

  it('are told apart by isAppError', () => {
    expect(isAppError(new AppError('queue_full', 'full'), 'queue_full')).toBe(true);
    expect(isAppError(new AppError('queue_full', 'full'), 'too_many_sessions')).toBe(false);
  });
});
