/** The lines every channel's check starts with: where its secret comes from, and whether it is private. */
import { statSync } from 'node:fs';
import type { ChannelCheckInput } from './channel-kind.js';
import { channelCheckMessages } from './messages.js';

/** Whether anyone but the owner can read the config file (only matters when it holds a secret). */
function configReadableByOthers(configPath: string): boolean {
  try {
    return (statSync(configPath).mode & 0o077) !== 0;
  } catch {
    return false;
  }
}

/**
 * `fromConfig`: the secret is in config.json (else it came from `envName`). `allowedCount`: senders
 * the config allows; none gets a hint on pairing.
 */
export function credentialLines(
  input: ChannelCheckInput,
  fromConfig: boolean,
  envName: string,
  allowedCount: number,
): string[] {
  const t = channelCheckMessages(input.lang);
  const lines = [fromConfig ? t.tokenFromConfig : t.tokenFromEnv(envName)];
  if (fromConfig && configReadableByOthers(input.configPath))
    lines.push(t.configNotPrivate(input.configPath));
  if (allowedCount === 0) lines.push(t.noAllowedIds(input.aibox));
  return lines;
}
