/**
 * Where a player goes after signing in or signing up (§2, §4), for the auth remote to call with
 * the page's query as it was when the form was sent.
 *
 * - After a registration: the `redirectUrl` of the page (a path of this site only) when there is
 *   one, else the cashier's deposit page; either way with `register=success`, which makes the
 *   shell say welcome (§4 "navigation goes to register=success or the deposit page").
 * - After a sign-in: the `redirectUrl` (else `backUrl`) of the page when it is a path of this
 *   site, else the locale's home (§4 "After login the user goes to the locale-specific home"),
 *   with the page's campaign link (`popup`) if it had one.
 *
 * A return address that leads off the site (`//evil.example`, `javascript:…`) is never
 * followed: it counts as none. The shell also follows `redirectUrl`/`backUrl` by itself when the
 * session turns signed-in (routing/url-effects.tsx), so a sign-in that does not navigate still
 * returns the player where the guard found them.
 *
 * Imported from `@northstar/shell-sdk/after-auth` (not the shared main entry: only the auth
 * remote needs it).
 */
import { localizePath, type Locale } from '@northstar/i18n/locales';
import { sameOriginPath, withQuery } from './redirects.ts';
import { routePath } from './paths.ts';
import { QUERY, REGISTER_SUCCESS } from './query-params.ts';

export function afterAuthTarget(
  search: string,
  options: { registered: boolean; locale: Locale },
): string {
  const query = new URLSearchParams(search);
  const redirectUrl = sameOriginPath(query.get(QUERY.redirectUrl));
  if (options.registered) {
    const target = redirectUrl ?? routePath('cashierDeposit', {}, options.locale);
    return withQuery(target, { [QUERY.register]: REGISTER_SUCCESS });
  }
  const target =
    redirectUrl ?? sameOriginPath(query.get(QUERY.backUrl)) ?? localizePath('/', options.locale);
  // §6 a campaign link (`popup`) the visitor signed in from goes along: its popup then shows on
  // the page they land on, in the §4 order, and closing it takes the parameter away. (Left
  // behind, the navigation would close a popup the after-sign-in queue had just opened for it.)
  const popup = query.get(QUERY.popup);
  if (popup && !new URL(target, 'https://site.invalid').searchParams.has(QUERY.popup)) {
    return withQuery(target, { [QUERY.popup]: popup });
  }
  return target;
}
