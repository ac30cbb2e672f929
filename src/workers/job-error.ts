/** Why a job given to a worker pool did not produce its output. */
export type WorkerJobErrorCode =
  /** The job ran past its time limit; its worker was terminated. */
  | 'timeout'
  /** The job's worker reached its heap limit and was stopped. */
  | 'memory'
  /** The caller's signal was aborted (while queued or running). */
  | 'aborted'
  /** Too many jobs were already waiting. */
  | 'busy'
  /** The worker died or could not start (a bug or a broken install, not the input). */
  | 'crashed'
  /** The job itself threw; `message` is its error. */
  | 'failed'
  /** The pool was closed. */
  | 'closed';

export class WorkerJobError extends Error {
  constructor(
    readonly code: WorkerJobErrorCode,
    message: string,
    /** The limit that was hit: milliseconds for `timeout`, MB for `memory`. */
    readonly limit?: number,
  ) {
    super(message);
    this.name = 'WorkerJobError';
  }
}
