/** The error of a config file that cannot be used (its own module: reporting it needs no schema). */
import { AppError } from '../errors.js';
import type { Expectation } from './expectation.js';

export interface ConfigProblem {
  /** Dotted key, e.g. `llm.temperature`. */
  key: string;
  /** What was expected, from the schema, in both languages. */
  expected: Expectation;
  /** The value found, as JSON. */
  found: string;
}

/** A config file that cannot be used. `problems` names each bad key; the file is never rewritten. */
export class ConfigError extends AppError {
  readonly problems: ConfigProblem[];
  readonly path: string;

  constructor(path: string, problems: ConfigProblem[], cause?: unknown) {
    super(
      'config_invalid',
      `${path}: ${problems.map((p) => `${p.key}: expected ${p.expected.en}, found ${p.found}`).join('; ')}`,
      {
        cause,
      },
    );
    this.problems = problems;
    this.path = path;
  }
}
