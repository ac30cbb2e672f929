/**
 * The model with the configured key: one request of one token (`--offline`: only whether a key
 * is there). The first event of the stream decides; the stream is then dropped.
 */
import { homedir } from 'node:os';
import { serviceEnvPath } from '../../config/env-file.js';
import { AppError } from '../../errors.js';
import { createProviderWithSettings } from '../../providers/create-provider.js';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

export async function checkModel({ ctx, env, offline, t }: DoctorInput): Promise<DoctorCheck> {
  const { provider, settings } = createProviderWithSettings(ctx.loaded.config.llm, {
    env,
    // As the box looks: the legacy key file under the user's home, the data dir's service.env.
    home: env.HOME ?? homedir(),
    serviceEnv: serviceEnvPath(ctx.paths.home),
    lang: ctx.lang,
  });
  const { info } = provider;
  const name = `${info.provider}/${info.model}`;
  if (settings.problem?.code === 'no_key')
    return {
      id: 'model',
      status: 'fail',
      summary: t.modelNoKey(info.keyEnv),
      fix: t.modelNoKeyFix(info.keyEnv),
    };
  if (settings.problem)
    return {
      id: 'model',
      status: 'fail',
      summary: t.modelProblem(settings.problem.message),
      fix: t.modelProblemFix,
    };
  if (offline) return { id: 'model', status: 'skip', summary: t.modelOffline(name, info.keyEnv === '') };
  const started = Date.now();
  const stop = new AbortController();
  try {
    for await (const event of provider.stream(
      { messages: [{ role: 'user', content: 'ping' }], maxTokens: 1 },
      stop.signal,
    )) {
      if (event.type === 'error') throw new AppError(`llm_${event.code}`, event.message);
      break;
    }
    return { id: 'model', status: 'ok', summary: t.modelOk(name, info.baseUrl, Date.now() - started) };
  } catch (error) {
    const code = error instanceof AppError ? error.code : 'llm_network';
    return {
      id: 'model',
      status: 'fail',
      summary: t.modelFailed(code.replace(/^llm_/, ''), (error as Error).message.split('\n')[0] ?? ''),
      fix: t.modelFix(code, info.keyEnv, info.baseUrl),
    };
  } finally {
    stop.abort();
  }
}
