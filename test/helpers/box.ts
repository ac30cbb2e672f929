/** Pieces shared by the harnesses that start a real Aibox (app + server) against the fake LLM. */
import type { App } from '../../src/app/create-app.js';
import type { RunningServer } from '../../src/server/start-server.js';
import type { FakeLlm } from './fake-llm.js';

/** A running Aibox on a loopback port, with its temp home and fake LLM. */
export interface RunningBox {
  home: string;
  llm: FakeLlm;
  app: App;
  server: RunningServer;
  wsUrl: string;
  close(): Promise<void>;
}

/** The `llm` config section that points at the fake LLM, its key read from `keyEnv`. */
export function fakeLlmSection(llm: FakeLlm, keyEnv: string) {
  return {
    provider: 'custom',
    base_url: llm.baseUrl,
    model: 'fake-model',
    api_key_env: keyEnv,
    max_retries: 0,
  };
}

/** process.env with AIBOX_HOME=home and no AIBOX_LLM_* / AIBOX_LANG overrides (the config decides). */
export function homeEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, AIBOX_HOME: home, ...extra };
  for (const name of Object.keys(env))
    if (name.startsWith('AIBOX_LLM_') || name === 'AIBOX_LANG') delete env[name];
  return env;
}
