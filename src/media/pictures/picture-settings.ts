/** Whether the chat model sees pictures, and which model describes them when it does not (read per turn). */
import type { Config } from '../../config/schema.js';
import type { ProviderInfo } from '../../providers/types.js';
import { modelSees } from '../../providers/vision-models.js';
import type { PictureSettings } from './request-pictures.js';

export function pictureSettings(
  config: Pick<Config, 'llm' | 'media'>,
  info: Pick<ProviderInfo, 'provider' | 'model'>,
  env: NodeJS.ProcessEnv,
): PictureSettings {
  const sees = modelSees(info.provider, info.model, config.llm.vision);
  const vm = config.media.vision_model;
  if (sees || !vm.base_url.trim() || !vm.model.trim()) return { sees };
  const keyEnv = vm.api_key_env.trim();
  return {
    sees,
    describer: {
      baseUrl: vm.base_url.trim(),
      model: vm.model.trim(),
      apiKey: keyEnv ? (env[keyEnv] ?? '') : '',
    },
  };
}
