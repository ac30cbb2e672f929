/** JSON calls to the server's /api, with `Authorization: Bearer` when a token is stored. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The answer's JSON body (an error may carry more than its message). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface Api {
  get<T>(path: string): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  /** The file as the raw body; its name and `query` go in the query string. */
  upload<T>(path: string, file: File, query?: Record<string, string>): Promise<T>;
  /** A binary answer (a stored picture). */
  blob(path: string): Promise<Blob>;
  del<T>(path: string): Promise<T>;
  put<T>(path: string, body: unknown): Promise<T>;
}

export function createApi(base: string, token: () => string, onUnauthorized: () => void): Api {
  const request = async <T>(method: string, path: string, body?: BodyInit, type?: string): Promise<T> => {
    const headers: Record<string, string> = {};
    const t = token();
    if (t) headers.authorization = `Bearer ${t}`;
    if (type) headers['content-type'] = type;
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, { method, headers, body });
    } catch (error) {
      throw new ApiError(0, 'network', error instanceof Error ? error.message : String(error));
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      if (res.status === 401) onUnauthorized();
      const err = (json as { error?: { code?: string; message?: string } } | undefined)?.error;
      throw new ApiError(
        res.status,
        err?.code ?? `http_${res.status}`,
        err?.message ?? (text.slice(0, 200) || res.statusText),
        json,
      );
    }
    return json as T;
  };
  return {
    get: (path) => request('GET', path),
    post: (path, body) =>
      request('POST', path, body === undefined ? undefined : JSON.stringify(body), 'application/json'),
    upload: (path, file, query = {}) =>
      request(
        'POST',
        `${path}?${new URLSearchParams({ filename: file.name, ...query }).toString()}`,
        file,
        'application/octet-stream',
      ),
    async blob(path) {
      const headers: Record<string, string> = {};
      const t = token();
      if (t) headers.authorization = `Bearer ${t}`;
      const res = await fetch(`${base}${path}`, { headers });
      if (!res.ok) throw new ApiError(res.status, `http_${res.status}`, res.statusText);
      return res.blob();
    },
    del: (path) => request('DELETE', path),
    put: (path, body) => request('PUT', path, JSON.stringify(body), 'application/json'),
  };
}
