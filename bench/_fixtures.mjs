// Fixtures shared by the benchmarks (files starting with `_` are not run by bench/run.mjs).

/** A tool context for calling a tool directly: nobody watching, English, never aborted. */
export const toolContext = {
  signal: new AbortController().signal,
  output() {},
  sessionId: 's',
  turnId: 't',
  callId: 'c',
  lang: 'en',
};

/** config.json for a box that talks to the fake LLM at `llm`, with no watcher, examples or scheduler. */
export function fakeLlmBoxConfig(llm, extra = {}) {
  return {
    llm: {
      provider: 'custom',
      base_url: llm.baseUrl,
      model: 'bench',
      api_key_env: 'BENCH_KEY',
      max_retries: 0,
    },
    skills: { watch: false, install_examples: false },
    scheduler: { enabled: false },
    ...extra,
  };
}
