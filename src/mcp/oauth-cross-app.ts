/**
 * Cross-app access (SEP-990, "Enterprise-Managed Authorization"): the box has the person's ID
 * token from their identity provider (a file their sign-in tool keeps, `idp.id_token_file`),
 * exchanges it at the provider's token endpoint for an ID-JAG, an identity assertion made out to
 * the MCP server's authorization server and resource (RFC 8693 token exchange), and presents that
 * as a JWT bearer grant (RFC 7523) with its pre-registered client's credentials: no browser step.
 * The ID token file is read at each exchange (at most 64 KiB), so the tool can renew it; the
 * provider's answer is capped (256 KiB) and waited for at most 30 s. Neither token is logged.
 */
import type { McpHttpServerConfig } from '../config/schema.js';
import { defineMessages, type Lang } from '../i18n/lang.js';
import { cappedFetch } from '../util/capped-fetch.js';
import { readRegularFileSync } from '../util/read-regular-file.js';
import { cleanText } from '../util/untrusted-text.js';

export const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const ID_JAG = 'urn:ietf:params:oauth:token-type:id-jag';
const MAX_ID_TOKEN_BYTES = 64 * 1024;
const MAX_ANSWER_BYTES = 256 * 1024;
const EXCHANGE_TIMEOUT_MS = 30_000;

const messages = defineMessages({
  zh: {
    noIdToken: (path: string) => `读不到 ID 令牌文件 ${path}（idp.id_token_file：普通文件，至多 64 KiB）`,
    refused: (status: number, detail: string) => `身份提供方拒绝了令牌交换（${status}）：${detail}`,
    notIdJag: (type: string) => `身份提供方没有给出 ID-JAG（issued_token_type 为 ${type}）`,
    unreachable: (detail: string) => `身份提供方的令牌端点无法使用：${detail}`,
  },
  en: {
    noIdToken: (path: string) =>
      `cannot read the ID token file ${path} (idp.id_token_file: a regular file, at most 64 KiB)`,
    refused: (status: number, detail: string) =>
      `the identity provider refused the token exchange (${status}): ${detail}`,
    notIdJag: (type: string) => `the identity provider gave no ID-JAG (issued_token_type ${type})`,
    unreachable: (detail: string) => `the identity provider's token endpoint did not work: ${detail}`,
  },
});

export type IdpConfig = NonNullable<McpHttpServerConfig['idp']>;

interface Audience {
  /** The MCP server's authorization server (its issuer). */
  audience: string;
  /** The MCP server (its protected-resource metadata's `resource`). */
  resource: string;
  scope?: string;
}

/** The ID-JAG the identity provider gives for the person's ID token, made out to `to`. */
export async function exchangeForIdJag(
  idp: IdpConfig & { idTokenPath: string },
  to: Audience,
  lang: Lang,
): Promise<string> {
  const m = messages(lang);
  const idToken = readRegularFileSync(idp.idTokenPath, { maxBytes: MAX_ID_TOKEN_BYTES })
    ?.toString('utf8')
    .trim();
  if (!idToken) throw new Error(m.noIdToken(idp.idTokenPath));
  const body = new URLSearchParams({
    grant_type: TOKEN_EXCHANGE,
    requested_token_type: ID_JAG,
    audience: to.audience,
    resource: to.resource,
    subject_token: idToken,
    subject_token_type: ID_TOKEN,
  });
  if (to.scope) body.set('scope', to.scope);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (idp.client_secret !== undefined) {
    const encode = (value: string) => encodeURIComponent(value);
    headers.authorization = `Basic ${Buffer.from(`${encode(idp.client_id)}:${encode(idp.client_secret)}`).toString('base64')}`;
  } else body.set('client_id', idp.client_id);
  let status: number;
  let answer: Record<string, unknown>;
  try {
    const response = await cappedFetch(MAX_ANSWER_BYTES)(idp.token_endpoint, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(EXCHANGE_TIMEOUT_MS),
    });
    status = response.status;
    answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  } catch (error) {
    throw new Error(m.unreachable((error as Error).message), { cause: error });
  }
  const text = (value: unknown) => (typeof value === 'string' ? cleanText(value).slice(0, 300) : '');
  if (status !== 200 || typeof answer.access_token !== 'string')
    throw new Error(m.refused(status, text(answer.error_description) || text(answer.error) || '?'));
  if (answer.issued_token_type !== ID_JAG) throw new Error(m.notIdJag(text(answer.issued_token_type) || '?'));
  return answer.access_token;
}
