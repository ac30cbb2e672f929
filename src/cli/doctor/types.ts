/** One finding of `aibox doctor`: what was checked, how it stands, and how to fix it. */
export type DoctorStatus = 'ok' | 'warn' | 'fail' | 'skip';

export interface DoctorCheck {
  /** Stable for scripts: `model`, `data_dir`, `database`, `memory_search`, `sandbox`, `mcp:<name>`, `channel:<name>`, `voice`, `disk`, `port`. */
  id: string;
  status: DoctorStatus;
  /** One line for the user, in their language. */
  summary: string;
  /** More lines of fact (never a secret). */
  lines?: string[];
  /** What to do about a warning or a failure, in the user's language. */
  fix?: string;
}
