/** Each chat channel that is configured: its credentials, as `aibox channels check` tries them. */
import { CHANNEL_KINDS } from '../../channels/channel-kinds.js';
import type { DoctorInput } from './input.js';
import type { DoctorCheck } from './types.js';

export async function checkChannelCredentials(
  { ctx, env, offline, aibox, t }: DoctorInput,
  timeoutMs = 10_000,
): Promise<DoctorCheck[]> {
  const { config } = ctx.loaded;
  const input = { config, configPath: ctx.loaded.path, env, lang: ctx.lang, timeoutMs, aibox };
  return Promise.all(
    CHANNEL_KINDS.map(async (kind): Promise<DoctorCheck> => {
      const id = `channel:${kind.name}`;
      if (!kind.configured(config, env)) return { id, status: 'skip', summary: t.channelOff(kind.label) };
      if (offline) return { id, status: 'skip', summary: t.channelOffline(kind.label) };
      const result = await kind.check(input);
      const lines = result.lines.map((line) => line.trim());
      return result.ok
        ? { id, status: 'ok', summary: t.channelOk(kind.label), lines }
        : {
            id,
            status: 'fail',
            summary: t.channelFailed(kind.label),
            lines,
            fix: t.channelFix(aibox),
          };
    }),
  );
}
