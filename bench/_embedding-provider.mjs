/**
 * The user's embedding provider, for benches that measure quality by meaning: `memory.embeddings`
 * of AIBOX_HOME/config.json (or `--config PATH`), with its key from the environment, resolved as
 * the box resolves it. The file is read, never written (absent: the defaults). Without a provider,
 * `status.enabled` is false and `status.message` says why: the bench then skips, claiming nothing.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveHome } from '../dist/config/paths.js';
import { defaultConfig } from '../dist/config/schema.js';
import { validateConfigText } from '../dist/config/validate-config.js';
import { createEmbedder } from '../dist/providers/embeddings/embedder.js';
import { resolveEmbeddings } from '../dist/providers/embeddings/resolve-embeddings.js';
import { resolveLlmSettings } from '../dist/providers/resolve-settings.js';

export function embeddingProvider(argv = process.argv, env = process.env) {
  const at = argv.indexOf('--config');
  const configPath = at > 0 ? argv[at + 1] : join(resolveHome(env), 'config.json');
  const found = existsSync(configPath);
  const config = found
    ? validateConfigText(configPath, readFileSync(configPath, 'utf8')).config
    : defaultConfig();
  const chat = resolveLlmSettings(config.llm, { env, lang: 'en' });
  const status = resolveEmbeddings(config, chat, env, 'en');
  const embedder = status.enabled
    ? createEmbedder(status, { timeoutMs: Math.min(chat.timeoutMs, 30_000), lang: 'en' })
    : undefined;
  const named = status.enabled
    ? `${status.provider} ${status.model}${status.dimensions ? `/${status.dimensions}` : ''} at ${status.baseUrl}`
    : undefined;
  return {
    config,
    chat,
    status,
    embedder,
    named,
    configLine: `config: ${found ? configPath : `${configPath} (absent: the defaults)`}`,
  };
}
