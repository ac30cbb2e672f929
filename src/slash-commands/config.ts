import { configLeaves } from '../config/config-leaves.js';
import { commandMessages } from './messages.js';
import type { SlashCommand } from './types.js';

/** `/config`: the effective configuration, secrets shown only as set / not set. */
export const configCommand: SlashCommand<'config' | 'configPath' | 'provider' | 'paths'> = {
  name: 'config',
  help: { zh: '显示当前配置（不含密钥）', en: 'Show the effective configuration (no secrets)' },
  async run({ services, lang }) {
    const t = commandMessages(lang);
    // Which values are secrets is in the schema (zod): loaded by the first `/config`, not at start.
    const [{ isSecretPath }, { redactConfig }] = await Promise.all([
      import('../config/config-keys.js'),
      import('../config/redact-config.js'),
    ]);
    const lines = [t.configTitle, t.configFile(services.configPath)];
    for (const [path, value] of configLeaves(services.config)) {
      const shown = isSecretPath(path) ? (value ? t.secretSet : t.secretUnset) : JSON.stringify(value);
      lines.push(`  ${path.join('.')}: ${shown}`);
    }
    const info = services.provider.info;
    lines.push(
      `  llm (resolved): ${info.provider} · ${info.model} · ${info.baseUrl}`,
      t.modelKey(info.keyEnv, info.hasKey),
    );
    lines.push(
      `  home: ${services.paths.home}`,
      `  skills: ${services.paths.skills}`,
      `  prompts: ${services.paths.prompts}`,
    );
    return {
      content: lines.join('\n'),
      data: {
        config: redactConfig(services.config),
        path: services.configPath,
        provider: { ...info },
        paths: { ...services.paths },
      },
    };
  },
};
