/** The messages between a worker pool (pool.ts) and the jobs served in its workers (serve-jobs.ts). */

/** Pool → worker: run one job. A worker runs one job at a time. */
export interface JobRequest {
  id: number;
  job: string;
  input: unknown;
}

/** Worker → pool: the worker has loaded its modules and takes jobs. */
interface ReadyMessage {
  type: 'ready';
}

/** Worker → pool: how a job ended. `message` is the error a job handler threw. */
export type JobReply =
  | { type: 'result'; id: number; ok: true; output: unknown }
  | { type: 'result'; id: number; ok: false; message: string };

export type WorkerMessage = ReadyMessage | JobReply;
