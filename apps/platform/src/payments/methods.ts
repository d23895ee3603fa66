/**
 * The market's payment methods, presets, banks and withdrawal rules. Amounts are set in EUR and
 * converted with the currency's rate (reference data), rounded to whole units: deposit limits
 * down, minimums up, so a converted minimum is never below the EUR one.
 *
 * Not shown by the spec (chosen here): card deposits and withdrawals through the payment
 * provider, bank transfers (IBAN) for withdrawals only; a player may cancel a withdrawal until it
 * is approved (`CAN_CANCEL`, a market setting); withdrawals above `KYC_THRESHOLD_EUR` need a
 * verified account, and above `SUMSUB_THRESHOLD_EUR` in 30 days also the identity check.
 */
export interface MethodConfig {
  sysname: string;
  name: string;
  type: 'card' | 'bank' | 'ewallet';
  provider: string;
  deposit: { minEur: number; maxEur: number } | null;
  withdraw: { minEur: number; maxEur: number; requisites: 'card' | 'iban' } | null;
  currencies: readonly string[];
}

export const METHODS: readonly MethodConfig[] = [
  {
    sysname: 'card',
    name: 'Visa / Mastercard',
    type: 'card',
    provider: 'sandbox',
    deposit: { minEur: 10, maxEur: 5_000 },
    withdraw: { minEur: 20, maxEur: 5_000, requisites: 'card' },
    currencies: ['EUR', 'USD', 'BRL'],
  },
  {
    sysname: 'bank_transfer',
    name: 'Bank transfer (SEPA)',
    type: 'bank',
    provider: 'sandbox',
    deposit: null,
    withdraw: { minEur: 20, maxEur: 20_000, requisites: 'iban' },
    currencies: ['EUR', 'USD', 'BRL'],
  },
];

/** §3 deposit amount presets, per currency (whole units). */
export const PRESETS: Readonly<Record<string, readonly number[]>> = {
  EUR: [20, 50, 100, 250],
  USD: [20, 50, 100, 250],
  BRL: [100, 250, 500, 1000],
};

export const BANKS: readonly { id: string; name: string; country: string }[] = [
  { id: 'DEUTDEFF', name: 'Deutsche Bank', country: 'DE' },
  { id: 'COBADEFF', name: 'Commerzbank', country: 'DE' },
  { id: 'BNPAFRPP', name: 'BNP Paribas', country: 'FR' },
  { id: 'CAIXESBB', name: 'CaixaBank', country: 'ES' },
  { id: 'BSCHESMM', name: 'Banco Santander', country: 'ES' },
  { id: 'INGBNL2A', name: 'ING Bank', country: 'NL' },
  { id: 'BCITITMM', name: 'Intesa Sanpaolo', country: 'IT' },
  { id: 'ITAUBRSP', name: 'Itaú Unibanco', country: 'BR' },
];

/** The market lets a player cancel a withdrawal that is not approved yet. */
export const CAN_CANCEL = true;
/** The most a player may withdraw in a rolling 24 hours (EUR). */
export const DAILY_WITHDRAWAL_EUR = 10_000;
/** Above this (one withdrawal, EUR) the account must be verified (KycWithdrawal). */
export const KYC_THRESHOLD_EUR = 2_000;
/** Above this in 30 days (EUR) the identity check must be passed (SumsubVerificationRequired). */
export const SUMSUB_THRESHOLD_EUR = 5_000;

/** EUR → whole units of a currency; `up` for minimums, down for maximums. */
export function convert(eur: number, rate: string, up: boolean): number {
  const value = eur * Number(rate);
  return up ? Math.ceil(value) : Math.floor(value);
}

export function methodBySysname(sysname: string): MethodConfig | null {
  return METHODS.find((method) => method.sysname === sysname) ?? null;
}
