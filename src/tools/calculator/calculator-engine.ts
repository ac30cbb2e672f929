/**
 * The locked-down mathjs instance behind the calculator tool. It runs in the calculator's worker
 * (calculator.worker.ts), never on the server's main thread: mathjs is heavy to load and an
 * expression can run for minutes.
 */
import { all, create, type MathJsInstance } from 'mathjs';
import { describeError } from '../../errors.js';
import { BlockedFunctionError } from './calculator-errors.js';
import { sizeGuards, TooLargeError } from './calculator-guard.js';

/** How one evaluation ended; plain data, so it crosses from the worker to the tool. */
export type CalcOutcome =
  | { kind: 'ok'; text: string; finite: boolean }
  | { kind: 'blocked'; functionName: string }
  | { kind: 'too_large'; functionName: string }
  | { kind: 'error'; message: string };

export interface CalcInput {
  expression: string;
}

/**
 * Functions that change the instance or parse/transform arbitrary expressions at run time
 * (the mathjs security guide's list, plus their relatives). They throw inside expressions.
 */
const BLOCKED_FUNCTIONS = [
  'import',
  'createUnit',
  'evaluate',
  'parse',
  'compile',
  'simplify',
  'simplifyConstant',
  'simplifyCore',
  'rationalize',
  'derivative',
  'resolve',
  'reviver',
  'replacer',
  'symbolicEqual',
  'leafCount',
] as const;

/** A mathjs evaluate whose instance cannot be changed by the expressions it runs. */
export function createLimitedEvaluate(): (expression: string) => CalcOutcome {
  // `all` is typed optional but always present in the full bundle.
  const math: MathJsInstance = create(all as NonNullable<typeof all>);
  const evaluate = math.evaluate.bind(math);
  const format = math.format.bind(math);
  const overrides: Record<string, () => never> = {};
  for (const name of BLOCKED_FUNCTIONS) {
    overrides[name] = () => {
      throw new BlockedFunctionError(name);
    };
  }
  math.import(
    { ...overrides, ...sizeGuards(math as unknown as Record<string, unknown>) },
    { override: true },
  );
  return (expression) => {
    try {
      // A fresh scope per call: one expression's variables never leak into the next.
      const value: unknown = evaluate(expression, new Map());
      const finite = !(typeof value === 'number' && !Number.isFinite(value));
      return { kind: 'ok', text: format(value, { precision: 14 }), finite };
    } catch (error) {
      if (error instanceof BlockedFunctionError) return { kind: 'blocked', functionName: error.functionName };
      if (error instanceof TooLargeError) return { kind: 'too_large', functionName: error.functionName };
      return { kind: 'error', message: describeError(error) };
    }
  };
}
