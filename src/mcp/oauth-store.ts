/**
 * What the box keeps of one MCP server's OAuth (docs/mcp.md, "OAuth"): the client registration
 * the server's authorization server gave, the tokens, and the PKCE verifier of a login in progress,
 * in `AIBOX_HOME/mcp-oauth/NAME.json` (directory 0700, file 0600, written atomically; the sandbox
 * never shows the data dir). Tokens are never logged.
 */
import { chmodSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { MCP_OAUTH_DIR } from '../config/paths.js';
import { writeFileAtomicSync } from '../util/atomic-write.js';

export interface OAuthRecord {
  client?: OAuthClientInformationMixed;
  /** The redirect URL the client was registered with. */
  redirectUrl?: string;
  tokens?: OAuthTokens;
  verifier?: string;
  /** Scope a server asked for that the tokens lack (a step-up): the next login asks for it. */
  wantedScope?: string;
  /** The scope the last login asked for: a server asking for no more than that is not logged in to again. */
  grantedScope?: string;
}

/** Largest record read back (a damaged or hostile file is ignored, not parsed). */
const MAX_RECORD_BYTES = 64 * 1024;

export interface OAuthStore {
  read(): OAuthRecord;
  update(change: (record: OAuthRecord) => void): void;
  clear(): void;
  readonly path: string;
}

export function oauthStore(home: string, server: string): OAuthStore {
  const dir = join(home, MCP_OAUTH_DIR);
  const path = join(dir, `${server}.json`);
  const read = (): OAuthRecord => {
    try {
      const text = readFileSync(path, 'utf8');
      if (text.length > MAX_RECORD_BYTES) return {};
      const value = JSON.parse(text) as unknown;
      return typeof value === 'object' && value !== null && !Array.isArray(value)
        ? (value as OAuthRecord)
        : {};
    } catch {
      return {};
    }
  };
  return {
    path,
    read,
    update(change) {
      const record = read();
      change(record);
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      chmodSync(dir, 0o700);
      writeFileAtomicSync(path, `${JSON.stringify(record, null, 2)}\n`, 0o600);
    },
    clear() {
      rmSync(path, { force: true });
    },
  };
}
