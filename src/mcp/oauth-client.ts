/**
 * A client registered beforehand at an MCP server's authorization server, as its config entry
 * names it (`client_id`, and `client_secret` or `private_key`, docs/mcp.md "OAuth"): what the box
 * presents instead of registering itself. A private key (a PKCS#8 PEM file, at most 64 KiB) signs
 * the client's assertion (`private_key_jwt`, RFC 7523) with the algorithm its type fits (RS256,
 * ES256/384/512, EdDSA), through the SDK's `createPrivateKeyJwtAuth`. The key and the secret are
 * never logged. With cross-app access (`grant: "cross_app_access"`) the entry's `idp` names the
 * identity provider whose ID-JAG the client presents (oauth-cross-app.ts).
 */
import { createPrivateKey } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { expandPath } from '../config/paths.js';
import type { McpHttpServerConfig } from '../config/schema.js';
import type { IdpConfig } from './oauth-cross-app.js';

const MAX_KEY_BYTES = 64 * 1024;

export interface ConfiguredClient {
  clientId: string;
  clientSecret?: string;
  /** The private key's PEM text and the JWT algorithm it signs with. */
  privateKey?: { pem: string; alg: string };
  grant: NonNullable<McpHttpServerConfig['grant']>;
  scope?: string;
  /** Cross-app access: the identity provider, its ID token file's path made absolute. */
  idp?: IdpConfig & { idTokenPath: string };
}

/** The JWT algorithm of a private key, from its type (and curve). */
function algorithmOf(pem: string): string {
  const key = createPrivateKey(pem);
  const details = key.asymmetricKeyDetails;
  switch (key.asymmetricKeyType) {
    case 'rsa':
    case 'rsa-pss':
      return 'RS256';
    case 'ec':
      if (details?.namedCurve === 'secp384r1') return 'ES384';
      if (details?.namedCurve === 'secp521r1') return 'ES512';
      return 'ES256';
    case 'ed25519':
      return 'EdDSA';
    default:
      throw new Error(`unsupported key type ${key.asymmetricKeyType}`);
  }
}

function readKey(file: string, home: string): { pem: string; alg: string } {
  const path = expandPath(file, home);
  if (statSync(path).size > MAX_KEY_BYTES) throw new Error(`${path} is larger than ${MAX_KEY_BYTES} bytes`);
  const pem = readFileSync(path, 'utf8');
  try {
    return { pem, alg: algorithmOf(pem) };
  } catch (error) {
    throw new Error(`${path}: not a private key in PEM form (${(error as Error).message})`, { cause: error });
  }
}

/** The entry's pre-registered client, or undefined when it names none. Throws when its key cannot be read. */
export function configuredClient(config: McpHttpServerConfig, home: string): ConfiguredClient | undefined {
  if (config.client_id === undefined) return undefined;
  const privateKey = config.private_key !== undefined ? readKey(config.private_key, home) : undefined;
  return {
    clientId: config.client_id,
    ...(config.client_secret !== undefined ? { clientSecret: config.client_secret } : {}),
    ...(privateKey ? { privateKey } : {}),
    grant: config.grant ?? (privateKey ? 'client_credentials' : 'authorization_code'),
    ...(config.scope !== undefined ? { scope: config.scope } : {}),
    ...(config.idp
      ? { idp: { ...config.idp, idTokenPath: expandPath(config.idp.id_token_file, home) } }
      : {}),
  };
}
