/**
 * Worker entry of the web tool: its own build entry (the `*.worker.ts` convention, src/workers/entry.ts), started by
 * the web tool's pool. Loads cheerio, linkedom, Readability and Turndown once per worker.
 */
import { serveJobs } from '../../workers/serve-jobs.js';
import { type ReadPageRequest, readPage } from './web-extract.js';

serveJobs({
  read: (request: ReadPageRequest) => readPage(request),
});
