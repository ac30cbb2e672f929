/**
 * calculator: math expressions through a locked-down mathjs instance (never expr-eval, never JS
 * eval), evaluated in a worker thread with a time and a heap limit, so a huge or slow expression
 * ends in a clear error while the server keeps answering.
 */
import { z } from 'zod';
import type { Config } from '../../config/schema.js';
import type { Lang } from '../../i18n/lang.js';
import { workerScript } from '../../workers/entry.js';
import { WorkerJobError } from '../../workers/job-error.js';
import { describeJobError } from '../../workers/messages.js';
import { createWorkerPool, type WorkerPool } from '../../workers/pool.js';
import { failure, success } from '../format.js';
import type { Tool } from '../tool.js';
import type { CalcInput, CalcOutcome } from './calculator-engine.js';
import { MAX_ELEMENTS } from './calculator-guard.js';
import { calculatorMessages } from './messages.js';

const MAX_EXPRESSION_CHARS = 500;

const OPERATIONS = { add: '+', subtract: '-', multiply: '*', divide: '/' } as const;

function schema(lang: Lang) {
  const m = calculatorMessages(lang);
  return z.object({
    expression: z.string().optional().describe(m.calcExpression),
    a: z.number().optional().describe(m.calcA),
    b: z.number().optional().describe(m.calcB),
    operation: z.enum(['add', 'subtract', 'multiply', 'divide']).optional().describe(m.calcOperation),
  });
}

type CalculatorArgs = z.infer<ReturnType<typeof schema>>;

interface CalculatorToolOptions {
  lang: Lang;
  /** Read at each call (`/reload` changes it in place); default 5 s. */
  config?: Pick<Config['tools'], 'calculator_timeout_s'>;
  /** The workers expressions run in; default: `createCalculatorPool()`. */
  pool?: WorkerPool;
}

/** Heap limit of a calculator worker: far above any sane expression, far below a small board's RAM. */
const CALCULATOR_MEMORY_MB = 256;

/** One worker (mathjs takes ~2 s of CPU to load on a small board: it is loaded there, on first use). */
export function createCalculatorPool(maxMemoryMb = CALCULATOR_MEMORY_MB): WorkerPool {
  return createWorkerPool({
    entry: workerScript(new URL('./calculator.worker.js', import.meta.url), import.meta.url),
    name: 'aibox-calculator',
    maxMemoryMb,
  });
}

export function createCalculatorTool(options: CalculatorToolOptions): Tool<CalculatorArgs> {
  const pool = options.pool ?? createCalculatorPool();
  return {
    name: 'calculator',
    description: calculatorMessages(options.lang).calcDescription,
    parameters: schema(options.lang),
    async execute(args, ctx) {
      const t = calculatorMessages(ctx.lang);
      let expression = args.expression?.trim();
      if (!expression) {
        if (args.a === undefined || args.b === undefined || args.operation === undefined)
          return failure(t.calcMissing);
        if (args.operation === 'divide' && args.b === 0) return failure(t.calcDivideByZero);
        expression = `(${args.a}) ${OPERATIONS[args.operation]} (${args.b})`;
      }
      if (expression.length > MAX_EXPRESSION_CHARS)
        return failure(t.calcTooLong(expression.length, MAX_EXPRESSION_CHARS));
      let outcome: CalcOutcome;
      try {
        const input: CalcInput = { expression };
        const timeoutMs = (options.config?.calculator_timeout_s ?? 5) * 1000;
        outcome = await pool.run<CalcOutcome>('evaluate', input, { timeoutMs, signal: ctx.signal });
      } catch (error) {
        if (!(error instanceof WorkerJobError)) throw error;
        return failure(t.calcStopped, [
          [t.labelExpression, expression],
          [t.labelReason, describeJobError(error, ctx.lang)],
        ]);
      }
      switch (outcome.kind) {
        case 'blocked':
          return failure(t.calcDisabled(outcome.functionName));
        case 'too_large':
          return failure(t.calcTooLarge(outcome.functionName, MAX_ELEMENTS));
        case 'error':
          return failure(t.calcError(outcome.message), [[t.labelExpression, expression]]);
        case 'ok':
          if (!outcome.finite)
            return failure(t.calcNotFinite(outcome.text), [[t.labelExpression, expression]]);
          return success(t.calcOk, [
            [t.labelExpression, expression],
            [t.labelResult, outcome.text],
          ]);
      }
    },
  };
}
