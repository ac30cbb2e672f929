/** ToolContexts for calling tools directly in tests, and temp dirs for them to work in. */
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

/** A real ToolContext that records live output and can be aborted. */
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

/** A ToolContext for calling a tool directly in a test (never aborted, output dropped). */
export function toolContext(lang: Lang = 'en'): ToolContext {
  return {
    signal: new AbortController().signal,
    output: () => {},
    sessionId: 'main',
    turnId: 't',
    callId: 'c',
    lang,
  };
}
