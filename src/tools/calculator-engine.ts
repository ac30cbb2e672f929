/** The locked-down mathjs instance behind the calculator tool (loaded on first use: mathjs is heavy). */
import { all, create, type MathJsInstance } from 'mathjs';
import { BlockedFunctionError } from './calculator-errors.js';
import { sizeGuards } from './calculator-guard.js';

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
export function createLimitedEvaluate(): (expression: string) => unknown {
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
    // A fresh scope per call: one expression's variables never leak into the next.
    const value = evaluate(expression, new Map());
    return { value, text: format(value, { precision: 14 }) };
  };
}
