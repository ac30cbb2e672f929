/** calculator: math expressions through a locked-down mathjs instance (never expr-eval, never JS eval). */
import { z } from 'zod';
import type { Lang } from '../i18n/lang.js';
import { BlockedFunctionError } from './calculator-errors.js';
import { MAX_ELEMENTS, TooLargeError } from './calculator-guard.js';
import { failure, success } from './format.js';
import { miscMessages } from './misc-messages.js';
import type { Tool } from './tool.js';

const MAX_EXPRESSION_CHARS = 500;

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
      // mathjs costs ~2 s of CPU to load on a small board: load it when the calculator is first used.
      evaluate ??= (await import('./calculator-engine.js')).createLimitedEvaluate();
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
