/**
 * Redirect targets taken from a request (`redirect_url`, `redirect_uri`): only a path on this
 * site is followed. One rule for the server and the shell: it lives in shell-sdk.
 */
export { sameOriginPath, withQuery } from '@northstar/shell-sdk/redirects';
