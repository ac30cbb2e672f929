/** GET /api/status: what the page shows in its status bar. Never includes the key, only where to put it. */
import type { Context } from 'hono';
import type { AppServices } from '../../app/services.js';
import { shownProvider } from '../../providers/shown-provider.js';
import type { StatusDto } from './dto.js';

function statusDto(services: AppServices): StatusDto {
  const info = services.provider.info;
  const skills = services.skills.list();
  const stats = services.tasks.stats(services.clock.now());
  return {
    name: 'aibox',
    version: services.version,
    lang: services.lang,
    provider: shownProvider(info),
    model: info.model,
    hasKey: info.hasKey,
    keyEnv: info.keyEnv,
    skills: { total: skills.length, broken: skills.filter((s) => s.status === 'broken').length },
    tasks: { active: stats.active, due: stats.due },
    memories: services.memory.count(),
    startedAt: services.startedAt.toISOString(),
    maxAudioS: services.config.media.max_audio_s,
  };
}

export function statusHandler(services: AppServices) {
  return (c: Context) => c.json<StatusDto>(statusDto(services));
}
