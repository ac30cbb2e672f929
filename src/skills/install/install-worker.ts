/**
 * The install worker's side on the main thread: one worker (started on first use, gone after 30 s
 * idle) that stages archives and folders from outside and scans them. The registry owns one and
 * closes it with itself.
 */
import { AppError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import { workerScript } from '../../workers/entry.js';
import { WorkerJobError } from '../../workers/job-error.js';
import { describeJobError } from '../../workers/messages.js';
import { createWorkerPool, type WorkerPool } from '../../workers/pool.js';
import { installScanMessages, skillMessages } from '../messages.js';
import type { ScanInput, ScanReport } from './install-scan.js';
import type { StageInput, StageOutcome } from './stage-skill.js';

/** Heap of the install worker: buffers (the archive, inflated chunks) are outside it and capped by the limits. */
const INSTALL_WORKER_MEMORY_MB = 128;
/** Unpacking 100 MiB takes about a second here; a job past this is stopped. */
const STAGE_TIMEOUT_MS = 60_000;
const SCAN_TIMEOUT_MS = 30_000;

export interface InstallWorker {
  stage(input: StageInput, lang: Lang): Promise<StageOutcome>;
  scan(input: ScanInput, lang: Lang): Promise<ScanReport>;
  close(): Promise<void>;
}

export function createInstallWorker(): InstallWorker {
  let pool: WorkerPool | undefined;
  /** A job that did not end (time or memory limit, a crash) fails the install, saying which step. */
  const run = async <Output>(
    job: 'stage' | 'scan',
    input: unknown,
    timeoutMs: number,
    lang: Lang,
  ): Promise<Output> => {
    pool ??= createWorkerPool({
      entry: workerScript(new URL('./install.worker.js', import.meta.url), import.meta.url),
      name: 'aibox-skill-install',
      maxMemoryMb: INSTALL_WORKER_MEMORY_MB,
    });
    try {
      return await pool.run<Output>(job, input, { timeoutMs });
    } catch (error) {
      if (!(error instanceof WorkerJobError)) throw error;
      const reason = describeJobError(error, lang);
      if (job === 'stage')
        throw new AppError('skill_archive_invalid', skillMessages(lang).archiveInvalid(reason), {
          cause: error,
        });
      throw new AppError('skill_scan_refused', installScanMessages(lang).scanFailed(reason), {
        cause: error,
      });
    }
  };
  return {
    stage: (input, lang) => run<StageOutcome>('stage', input, STAGE_TIMEOUT_MS, lang),
    scan: (input, lang) => run<ScanReport>('scan', input, SCAN_TIMEOUT_MS, lang),
    async close() {
      await pool?.close();
    },
  };
}
