/**
 * Redirect targets taken from a request or the page (`redirect_url`, `redirectUrl`, `backUrl`,
 * a stored return path): only a path on this site is followed, so no link of ours can send a
 * browser (or a token) elsewhere. One rule for the server and the shell: the platform and the
 * shell both import it (`@northstar/shell-sdk/redirects`). No browser globals: it runs on Node.
 */

const BASE = 'http://same-origin.invalid';

/** The most rounds of percent-decoding looked through (`%25252F` → `%252F` → `%2F` → `/`). */
const DECODE_ROUNDS = 4;

// eslint-disable-next-line no-control-regex -- control characters are what is refused
const CONTROL = /[\u0000-\u001f\u007f]/;

/**
 * Whether a path reads as leaving the site once decoded: a leading `//` (protocol-relative), a
 * backslash anywhere (browsers read `\` as `/`, so `/\host` is `//host`), or a control character
 * (the URL parser drops tabs and newlines, so `/\t/host` would become `//host`).
 */
function looksExternal(path: string): boolean {
  return path.startsWith('//') || path.includes('\\') || CONTROL.test(path);
}

/**
 * `path` and each of its percent-decodings (a server, a proxy or a later reader may decode it
 * once more), up to a malformed escape, which no decoder gets past either.
 */
function decodings(path: string): string[] {
  const forms = [path];
  let current = path;
  for (let round = 0; round < DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * The same-origin path `value` names, normalised (`/a/../b` → `/b`), or null. Refused: anything
 * that is not a string starting with one `/` (so `https://…`, `javascript:…` in any case,
 * `%2F%2Fhost`), protocol-relative forms (`//host`, `/\host`, `\/\/host`), control characters,
 * a path that becomes one of those once percent-decoded (`/%2F/host`, `/%5Chost`, `/%09/host`)
 * or once normalised (`/.//host`), and anything longer than 2000 characters.
 */
export function sameOriginPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2000) return null;
  if (!value.startsWith('/') || looksExternal(value)) return null;
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  if (decodings(url.pathname).some(looksExternal)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `params` added to its query (before any `#fragment`); existing keys are replaced. */
export function withQuery(path: string, params: Record<string, string>): string {
  const url = new URL(path, BASE);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
