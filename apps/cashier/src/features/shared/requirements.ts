import { isApiError, routePath } from '@northstar/shell-sdk';
import type { Locale } from '@northstar/i18n/locales';

/**
 * The settings route's parameters (§2 `from`, `toastType`; §9 toast type `fill_for_deposit`),
 * as `@northstar/shell-sdk/query-params` names them (not imported: that module would join the
 * cashier's first page for three strings).
 */
const FROM = 'from';
const TOAST_TYPE = 'toastType';
const FILL_FOR_DEPOSIT = 'fill_for_deposit';

/**
 * §8 UserNeedProfileData and UserNeedConfirmContact: the operator requires profile data or a
 * confirmed contact before this deposit or withdrawal (the server decides, per operation). The
 * player is sent to fill them in, with the page to come back to (§2 settings route `from`):
 * - profile data: `/profile/settings?from={page}&toastType=fill_for_deposit` (§9 toast type);
 * - a contact: the contact confirmation page, `/confirmation?from={page}`.
 * Null for any other failure (the form shows it).
 */
export function requirementTarget(
  error: unknown,
  from: 'deposit' | 'withdraw',
  locale: Locale,
): string | null {
  if (!isApiError(error)) return null;
  if (error.type === 'UserNeedProfileData') {
    const query = new URLSearchParams({ [FROM]: from, [TOAST_TYPE]: FILL_FOR_DEPOSIT });
    return `${routePath('profileSettings', {}, locale)}?${query.toString()}`;
  }
  if (error.type === 'UserNeedConfirmContact') {
    const query = new URLSearchParams({ [FROM]: from });
    return `${routePath('confirmation', {}, locale)}?${query.toString()}`;
  }
  return null;
}
