/**
 * Calls to DingTalk's OpenAPI (`api_root`) with the app's access token in
 * `x-acs-dingtalk-access-token`. A token DingTalk refuses (HTTP 401: expired early, revoked) is
 * dropped and the call made once more with a new one; any other failure is thrown to the
 * caller, which logs it and carries on (the channel keeps running).
 */
import { createTokenSource, DingTalkApiError, postJson } from './dingtalk-http.js';
import type { DingTalkSettings } from './dingtalk-settings.js';

export interface DingTalkOpenApi {
  /** `path` below the API root, e.g. `/v1.0/robot/groupMessages/send`; `endpoint` names it in errors. */
  call(
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    endpoint: string,
  ): Promise<Record<string, unknown>>;
}

export function createOpenApi(settings: DingTalkSettings, signal: AbortSignal): DingTalkOpenApi {
  const token = createTokenSource(settings, signal);
  const once = async (method: 'POST' | 'PUT', path: string, body: unknown, endpoint: string) =>
    postJson(`${settings.apiRoot}${path}`, body, {
      method,
      signal,
      endpoint,
      headers: { 'x-acs-dingtalk-access-token': await token.get() },
    });
  return {
    async call(method, path, body, endpoint) {
      try {
        return await once(method, path, body, endpoint);
      } catch (error) {
        if (!(error instanceof DingTalkApiError && error.tokenRejected)) throw error;
        token.forget();
        return once(method, path, body, endpoint);
      }
    },
  };
}
