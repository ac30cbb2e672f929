/**
 * The one-time sign-in link (`…/#sign-in=CODE`, printed by `aibox serve` and `aibox open`): the
 * code is traded for the token once (`POST ./sign-in`), and the fragment is removed from the
 * address bar and the history at once, used or not.
 */
const PREFIX = '#sign-in=';

/** The token the link's code was traded for; undefined without a link; `false` when it was refused. */
export async function redeemSignInLink(
  location: Location,
  history: History,
): Promise<string | false | undefined> {
  if (!location.hash.startsWith(PREFIX)) return undefined;
  const code = decodeURIComponent(location.hash.slice(PREFIX.length));
  history.replaceState(null, '', `${location.pathname}${location.search}`);
  try {
    const response = await fetch('./sign-in', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { token?: unknown };
    return typeof body.token === 'string' && body.token !== '' ? body.token : false;
  } catch {
    return false;
  }
}
