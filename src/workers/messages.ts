import { defineMessages, type Lang } from '../i18n/lang.js';
import type { WorkerJobError } from './job-error.js';

/** How a job that ran in a worker ended, for people and the model (the tool adds its own title). */
const workerMessages = defineMessages({
  zh: {
    timeout: (seconds: string) => `运行超过时间上限（${seconds} 秒），已停止`,
    memory: (mb: number) => `需要的内存超过上限（${mb} MB），已停止`,
    aborted: '已被中止',
    busy: (n: number) => `同类任务排队已满（${n} 个），请稍后再试`,
    crashed: (error: string) => `后台工作线程出错: ${error}`,
    failed: (error: string) => `出错: ${error}`,
    closed: '服务正在关闭',
  },
  en: {
    timeout: (seconds) => `Stopped: it ran past the time limit (${seconds} s)`,
    memory: (mb) => `Stopped: it needed more memory than the limit (${mb} MB)`,
    aborted: 'Aborted',
    busy: (n) => `Too many such jobs are waiting (${n}); try again later`,
    crashed: (error) => `The background worker failed: ${error}`,
    failed: (error) => `Failed: ${error}`,
    closed: 'The server is shutting down',
  },
});

export function describeJobError(error: WorkerJobError, lang: Lang): string {
  const t = workerMessages(lang);
  switch (error.code) {
    case 'timeout':
      return t.timeout(String(Number(((error.limit ?? 0) / 1000).toFixed(3))));
    case 'memory':
      return t.memory(error.limit ?? 0);
    case 'aborted':
      return t.aborted;
    case 'busy':
      return t.busy(error.limit ?? 0);
    case 'crashed':
      return t.crashed(error.message);
    case 'failed':
      return t.failed(error.message);
    case 'closed':
      return t.closed;
  }
}
