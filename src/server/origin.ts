/**
 * Cross-site WebSocket hijacking guard: a browser's `Origin`, when present, must be
 * the server's own origin (same host:port the browser used) or listed in
 * `server.allowed_origins`. Non-browser clients send no Origin and pass.
 */
export function originAllowed(
  origin: string | undefined,
  hostHeader: string | undefined,
  allowed: readonly string[],
): boolean {
  if (origin === undefined || origin === '') return true;
  if (allowed.includes(origin)) return true;
  if (!hostHeader) return false;
  try {
    const url = new URL(origin);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.host.toLowerCase() === hostHeader.toLowerCase()
    );
  } catch {
    return false; // e.g. "null" from a file:// page or a sandboxed frame
  }
}
