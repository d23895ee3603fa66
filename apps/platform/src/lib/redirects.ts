/**
 * Redirect targets taken from a request (`redirect_url`, `redirect_uri`): only a path on this
 * site is followed, so no link of ours can send a browser (or a token) elsewhere.
 */

const BASE = 'http://same-origin.invalid';

/**
 * The same-origin path `value` names, normalised (`/a/../b` → `/b`), or null. Refused: anything
 * absolute (`https://…`), protocol-relative (`//host`, `/\host`, which browsers read as `//`),
 * with control characters (the URL parser drops tabs and newlines, so `/\t/host` would become
 * `//host`), or longer than 2000 characters.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `params` added to its query (before any `#fragment`); existing keys are replaced. */
export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, BASE);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
