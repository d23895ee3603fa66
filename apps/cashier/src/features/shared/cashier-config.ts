import type { CashierSiteConfig } from '@northstar/contract';
import { useSiteConfig } from '@northstar/shell-sdk';

/**
 * The cashier config of the content backend (§3 "cashier config"): the contract's `cashier`
 * section (packages/contract site-config), read and defaulted by the platform, so a value an
 * operator typed that the cashier does not know has already become its default.
 *
 * - `depositViewType`: the payment methods as a `list` (one per row) or a `grid` of tiles;
 * - `detailDisplayPlace`: the deposit form `inline` under the methods, or on the method's own
 *   `page` (`/cashier/deposit/{sysname}`);
 * - `registrationHint`: the §4 registration hint on the deposit page;
 * - `showReceiptBlock`: the receipt facts (amount, method, date) on the payment result pages;
 * - `paymentMethodUrlDisplayMode`: the provider's payment page in a `newWindow` (this tab then
 *   shows the pay-new-window page, which follows the payment) or in the `sameWindow`;
 * - `depositAmounts`: the operator's deposit amount presets per currency (§3), which win over the
 *   server's defaults for a currency they name.
 */
export type CashierConfig = CashierSiteConfig;

/** §3 deposit amount presets: per currency, a list of `{ value }` (whole units). */
export type PresetList = CashierSiteConfig['depositAmounts'];

export function useCashierConfig(): CashierConfig {
  return useSiteConfig('cashier');
}

/** §4: how long after registration the hint shows (not shown in the spec: chosen, one day). */
export const REGISTRATION_HINT_MS = 24 * 3_600_000;

/**
 * §4 registration hint: shown while registration time plus the delay has not passed, the player
 * has a registration time and no deposit, the operator turned it on, and the player has not
 * hidden it.
 */
export function registrationHintVisible(input: {
  enabled: boolean;
  regTime: string | undefined;
  firstDeposit: boolean;
  hidden: boolean;
  now: number;
}): boolean {
  if (!input.enabled || input.hidden || !input.firstDeposit || !input.regTime) return false;
  const registered = Date.parse(input.regTime);
  if (!Number.isFinite(registered)) return false;
  return input.now < registered + REGISTRATION_HINT_MS;
}
