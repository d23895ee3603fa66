import { useSiteContent } from '@northstar/shell-sdk';

/**
 * The cashier config of the content backend (§3 "cashier config"), read leniently: a value an
 * operator typed that the cashier does not know keeps the default, never breaks the page.
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
export interface CashierConfig {
  depositAmounts: PresetList;
  depositViewType: 'list' | 'grid';
  detailDisplayPlace: 'inline' | 'page';
  registrationHint: boolean;
  showReceiptBlock: boolean;
  paymentMethodUrlDisplayMode: 'newWindow' | 'sameWindow';
}

/** §3 deposit amount presets: per currency, a list of `{ value }` (whole units). */
export type PresetList = { currency: string; amount: { value: number }[] }[];

/** The platform's defaults (apps/platform/src/content/cms-config.ts). */
export const CASHIER_CONFIG_DEFAULTS: CashierConfig = {
  depositAmounts: [],
  depositViewType: 'list',
  detailDisplayPlace: 'inline',
  registrationHint: false,
  showReceiptBlock: true,
  paymentMethodUrlDisplayMode: 'newWindow',
};

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

const flag = (value: unknown, fallback: boolean) => (typeof value === 'boolean' ? value : fallback);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The presets an operator typed, leniently: entries without a currency or values are dropped. */
function readPresets(raw: unknown): PresetList {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((entry) => {
    if (!isRecord(entry) || typeof entry.currency !== 'string' || !Array.isArray(entry.amount)) {
      return [];
    }
    const amount = entry.amount.flatMap((item) =>
      isRecord(item) && typeof item.value === 'number' ? [{ value: item.value }] : [],
    );
    return [{ currency: entry.currency, amount }];
  });
}

export function readCashierConfig(raw: unknown): CashierConfig {
  const value = isRecord(raw) ? raw : {};
  const d = CASHIER_CONFIG_DEFAULTS;
  return {
    depositAmounts: readPresets(value.depositAmounts),
    depositViewType: oneOf(value.depositViewType, ['list', 'grid'], d.depositViewType),
    detailDisplayPlace: oneOf(value.detailDisplayPlace, ['inline', 'page'], d.detailDisplayPlace),
    registrationHint: flag(value.registrationHint, d.registrationHint),
    showReceiptBlock: flag(value.showReceiptBlock, d.showReceiptBlock),
    paymentMethodUrlDisplayMode: oneOf(
      value.paymentMethodUrlDisplayMode,
      ['newWindow', 'sameWindow'],
      d.paymentMethodUrlDisplayMode,
    ),
  };
}

export function useCashierConfig(): CashierConfig {
  return readCashierConfig(useSiteContent()?.siteConfig.cashier);
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
