/** Shared by the tool tests: a real ToolContext that records live output. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Lang } from '../../src/i18n/lang.js';
import type { ToolContext } from '../../src/tools/tool.js';

export interface RecordingContext extends ToolContext {
  outputs: Array<{ stream: 'stdout' | 'stderr'; text: string }>;
  controller: AbortController;
}

let calls = 0;

export function makeContext(
  options: { lang?: Lang; onOutput?: (text: string) => void } = {},
): RecordingContext {
  const controller = new AbortController();
  const outputs: RecordingContext['outputs'] = [];
  calls += 1;
  return {
    signal: controller.signal,
    controller,
    outputs,
    output(stream, text) {
      outputs.push({ stream, text });
      options.onOutput?.(text);
    },
    sessionId: 'sess_test',
    turnId: 'turn_test',
    callId: `call_${calls}`,
    lang: options.lang ?? 'en',
  };
}

export function tempDir(prefix = 'aibox-tools-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
