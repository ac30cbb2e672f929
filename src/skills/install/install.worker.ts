/**
 * Worker entry of skill installs (the `*.worker.ts` convention, src/workers/entry.ts): unpacking an
 * archive or copying a folder from outside into staging, and the install scan. Both read hostile
 * input of any size, so they run here, never on the server's main thread.
 */
import { serveJobs } from '../../workers/serve-jobs.js';
import { type ScanInput, scanSkill } from './install-scan.js';
import { type StageInput, stageSkill } from './stage-skill.js';

serveJobs({
  stage: (input: StageInput) => stageSkill(input),
  scan: (input: ScanInput) => scanSkill(input),
});
