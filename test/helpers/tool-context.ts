import type { ToolContext } from '../../src/tools/tool.js';

/** A ToolContext for calling a tool directly in a test (never aborted, output dropped). */
export function toolContext(lang: 'zh' | 'en' = 'en'): ToolContext {
  return {
    signal: new AbortController().signal,
    output: () => {},
    sessionId: 'main',
    turnId: 't',
    callId: 'c',
    lang,
  };
}
