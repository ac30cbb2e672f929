/**
 * Worker entry of the calculator: its own build entry (the `*.worker.ts` convention, src/workers/entry.ts), started by
 * the calculator tool's pool. Loads mathjs once per worker, then evaluates one expression per job.
 */
import { serveJobs } from '../../workers/serve-jobs.js';
import { type CalcInput, createLimitedEvaluate } from './calculator-engine.js';

const evaluate = createLimitedEvaluate();

serveJobs({
  evaluate: (input: CalcInput) => evaluate(input.expression),
});
