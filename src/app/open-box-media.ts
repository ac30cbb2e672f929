/**
 * The box's media services (docs/media.md): pictures and uploads under the home, received files
 * saved in the workspace, voice heard with ffmpeg placed for the sandbox (loaded on first use).
 */
import { homedir } from 'node:os';
import type { DataPaths } from '../config/paths.js';
import type { Config } from '../config/schema.js';
import { workspaceDir } from '../config/workspace-dir.js';
import type { Logger } from '../log/logger.js';
import { createMediaServices, type MediaServices } from '../media/media-services.js';
import { createVoiceHearer } from '../media/voice/hear-voice.js';
import type { ProviderInfo } from '../providers/types.js';
import type { SandboxStatus } from '../safety/sandbox/sandbox.js';
import type { Clock } from '../util/clock.js';

export interface BoxMediaOptions {
  /** The live config (reloads included). */
  config: () => Config;
  paths: DataPaths;
  clock: Clock;
  provider: () => Pick<ProviderInfo, 'provider' | 'model'>;
  sandbox: SandboxStatus;
  env: NodeJS.ProcessEnv;
  logger: Logger;
}

export function openBoxMedia(options: BoxMediaOptions): MediaServices {
  const { config, paths, env, sandbox } = options;
  const logger = options.logger.child({ module: 'media' });
  return createMediaServices({
    config,
    home: paths.home,
    workspace: () => workspaceDir(config(), paths),
    clock: options.clock,
    provider: options.provider,
    env,
    logger,
    voice: createVoiceHearer({
      media: () => config().media,
      place: async () =>
        (await import('../media/voice/ffmpeg-place.js')).ffmpegPlaceOf(sandbox, paths, env.HOME ?? homedir()),
      env,
      logger,
    }),
  });
}
