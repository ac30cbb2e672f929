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
  /**
   * Uploads a media file (`POST /media/upload?access_token=…&type=…` on the old API's origin,
   * `webhookOrigin`; the file as the multipart part `media`); resolves with DingTalk's answer.
   */
  upload(type: 'image' | 'file', form: { data: Buffer; type: string }): Promise<Record<string, unknown>>;
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
  const withToken = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (!(error instanceof DingTalkApiError && error.tokenRejected)) throw error;
      token.forget();
      return run();
    }
  };
  return {
    call: (method, path, body, endpoint) => withToken(() => once(method, path, body, endpoint)),
    upload: (type, form) =>
      withToken(async () =>
        postJson(
          `${settings.webhookOrigin}/media/upload?access_token=${encodeURIComponent(await token.get())}&type=${type}`,
          undefined,
          { signal, endpoint: 'media/upload', form },
        ),
      ),
  };
}
