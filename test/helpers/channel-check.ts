/**
 * `aibox channels check` in-process, for tests of what a check says; the command itself (its exit
 * code, stdout and stderr) is tested by CLI runs. Reads the home's config.json as the command does
 * and checks every channel with `env` (plus AIBOX_HOME and AIBOX_LANG, as `runCli` sets them).
 */
import { checkChannels } from '../../src/channels/check-channels.js';
import { resolveCliContext } from '../../src/config/context.js';

export interface InProcessCheck {
  /** Every channel passed: the command would exit 0. */
  ok: boolean;
  /** What the command prints. */
  stdout: string;
}

export async function checkChannelsOf(
  home: string,
  options: { env?: NodeJS.ProcessEnv; lang?: 'en' | 'zh' } = {},
): Promise<InProcessCheck> {
  const env = { AIBOX_LANG: options.lang ?? 'en', ...options.env, AIBOX_HOME: home };
  const ctx = await resolveCliContext({}, env);
  const results = await checkChannels(ctx.loaded.config, ctx.loaded.path, ctx.lang, 'aibox', env);
  return {
    ok: results.every((result) => result.ok),
    stdout: results.map((result) => `${result.lines.join('\n')}\n`).join(''),
  };
}
