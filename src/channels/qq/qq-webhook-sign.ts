/**
 * The signature of the QQ bot platform's webhook: ed25519 with a key pair derived from the bot's
 * AppSecret (the secret repeated until it has 32 bytes, its first 32 bytes the seed). The platform
 * signs each request's `X-Signature-Timestamp` followed by its body and sends the signature hex in
 * `X-Signature-Ed25519`; the bot proves it holds the secret at the console's address check (op 13)
 * by signing `event_ts` followed by `plain_token`.
 */
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';

const SEED_BYTES = 32;
/** PKCS#8 DER of an Ed25519 private key, up to the 32 seed bytes that follow. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
const SIGNATURE_HEX = /^[0-9a-f]{128}$/i;

export interface WebhookKeys {
  /** Hex signature of `timestamp` followed by `body`. */
  sign(timestamp: string, body: string | Buffer): string;
  /** Whether `signatureHex` is the platform's signature of `timestamp` followed by `body`. */
  verify(timestamp: string, body: Buffer, signatureHex: string): boolean;
}

export function webhookKeys(secret: string): WebhookKeys {
  if (secret === '') throw new Error('QQ webhook: no AppSecret');
  let seed = Buffer.from(secret, 'utf8');
  while (seed.length < SEED_BYTES) seed = Buffer.concat([seed, seed]);
  const privateKey: KeyObject = createPrivateKey({
    key: Buffer.concat([PKCS8_ED25519_PREFIX, seed.subarray(0, SEED_BYTES)]),
    format: 'der',
    type: 'pkcs8',
  });
  const publicKey = createPublicKey(privateKey);
  const message = (timestamp: string, body: string | Buffer) =>
    Buffer.concat([
      Buffer.from(timestamp, 'utf8'),
      typeof body === 'string' ? Buffer.from(body, 'utf8') : body,
    ]);
  return {
    sign: (timestamp, body) => sign(null, message(timestamp, body), privateKey).toString('hex'),
    verify(timestamp, body, signatureHex) {
      if (!SIGNATURE_HEX.test(signatureHex) || timestamp === '') return false;
      return verify(null, message(timestamp, body), publicKey, Buffer.from(signatureHex, 'hex'));
    },
  };
}
