/**
 * The worker side of a pool: a worker script loads what its jobs need, then calls `serveJobs`
 * with its handlers; the pool starts sending jobs once the worker says it is ready.
 */
import { parentPort } from 'node:worker_threads';
import { describeError } from '../errors.js';
import type { JobReply, JobRequest } from './protocol.js';

// biome-ignore lint/suspicious/noExplicitAny: each handler declares its own input type
type JobHandler = (input: any) => unknown;

export function serveJobs(handlers: Record<string, JobHandler>): void {
  const port = parentPort;
  if (!port) throw new Error('serveJobs runs only inside a worker thread');
  port.on('message', async (request: JobRequest) => {
    let reply: JobReply;
    try {
      const handler = Object.hasOwn(handlers, request.job) ? handlers[request.job] : undefined;
      if (!handler) throw new Error(`unknown job: ${request.job}`);
      reply = { type: 'result', id: request.id, ok: true, output: await handler(request.input) };
    } catch (error) {
      reply = { type: 'result', id: request.id, ok: false, message: describeError(error) };
    }
    try {
      port.postMessage(reply);
    } catch (error) {
      // The output could not be cloned (a function, a class instance with private state …).
      port.postMessage({ type: 'result', id: request.id, ok: false, message: describeError(error) });
    }
  });
  port.postMessage({ type: 'ready' });
}
