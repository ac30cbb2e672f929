/** calculator: math expressions through a locked-down mathjs instance (never expr-eval, never JS eval). */
import { all, create, type MathJsInstance } from 'mathjs';
import { z } from 'zod';
import type { Lang } from '../i18n/lang.js';
import { MAX_ELEMENTS, sizeGuards, TooLargeError } from './calculator-guard.js';
import { failure, success } from './format.js';
import { miscMessages } from './misc-messages.js';
import type { Tool } from './tool.js';

export const MAX_EXPRESSION_CHARS = 500;

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

class BlockedFunctionError extends Error {
  constructor(readonly functionName: string) {
    super(`function ${functionName} is disabled`);
  }
}

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

const OPERATIONS = { add: '+', subtract: '-', multiply: '*', divide: '/' } as const;

function schema(lang: Lang) {
  const m = miscMessages(lang);
  return z.object({
    expression: z.string().optional().describe(m.calcExpression),
    a: z.number().optional().describe(m.calcA),
    b: z.number().optional().describe(m.calcB),
    operation: z.enum(['add', 'subtract', 'multiply', 'divide']).optional().describe(m.calcOperation),
  });
}

export type CalculatorArgs = z.infer<ReturnType<typeof schema>>;

export function createCalculatorTool(options: { lang: Lang }): Tool<CalculatorArgs> {
  let evaluate: ((expression: string) => unknown) | undefined;
  return {
    name: 'calculator',
    description: miscMessages(options.lang).calcDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = miscMessages(ctx.lang);
      let expression = args.expression?.trim();
      if (!expression) {
        if (args.a === undefined || args.b === undefined || args.operation === undefined)
          return failure(t.calcMissing);
        if (args.operation === 'divide' && args.b === 0) return failure(t.calcDivideByZero);
        expression = `(${args.a}) ${OPERATIONS[args.operation]} (${args.b})`;
      }
      if (expression.length > MAX_EXPRESSION_CHARS)
        return failure(t.calcTooLong(expression.length, MAX_EXPRESSION_CHARS));
      evaluate ??= createLimitedEvaluate(); // building the instance takes a moment: only when first used
      let result: { value: unknown; text: string };
      try {
        result = evaluate(expression) as { value: unknown; text: string };
      } catch (error) {
        if (error instanceof BlockedFunctionError) return failure(t.calcDisabled(error.functionName));
        if (error instanceof TooLargeError) return failure(t.calcTooLarge(error.functionName, MAX_ELEMENTS));
        const message = error instanceof Error ? error.message : String(error);
        return failure(t.calcError(message), [[t.labelExpression, expression]]);
      }
      if (typeof result.value === 'number' && !Number.isFinite(result.value)) {
        return failure(t.calcNotFinite(result.text), [[t.labelExpression, expression]]);
      }
      return success(t.calcOk, [
        [t.labelExpression, expression],
        [t.labelResult, result.text],
      ]);
    },
  };
}
