import { useLingui } from '@lingui/react/macro';
import { currencyStyle, formatAmount, formatCurrency } from '@northstar/i18n/format';
import { useBalance, useShellNavigation } from '@northstar/shell-sdk';
import type { SlipFailure } from './place.ts';
import { majorText } from './slip-model.ts';

/** The slip's words (issue #29): money in the player's currency, and each refusal said plainly. */

/** The player's currency and its decimals, and minor units written in it. */
export function useMoneyText() {
  const { locale } = useShellNavigation();
  const { balances } = useBalance();
  const currency = balances?.balance_main.currency ?? null;
  const decimals = currency ? currencyStyle(currency, locale).fractionDigits : 2;
  return {
    currency,
    decimals,
    format: (minor: number) =>
      currency
        ? formatCurrency(majorText(minor, decimals), currency, locale)
        : formatAmount(majorText(minor, decimals), locale, decimals),
  };
}

/** The slip's words for a refusal or a field problem. */
export function useFailureText() {
  const { t } = useLingui();
  return (failure: SlipFailure, decimals: number, format: (minor: number) => string): string => {
    switch (failure.kind) {
      case 'odds_changed':
        return t({
          id: 'betting.slip.oddsChanged',
          message: 'The odds have changed. Check the new prices and accept them to place the bet.',
        });
      case 'suspended':
        return t({
          id: 'betting.slip.suspended',
          message: 'A selection is suspended. Remove it to place the bet.',
        });
      case 'same_event':
        return t({
          id: 'betting.slip.sameEvent',
          message:
            'Selections of one event cannot be combined. Remove one, or bet them as singles.',
        });
      case 'stake_too_low': {
        const min = failure.min ?? '';
        return t({ id: 'betting.slip.stakeTooLow', message: `The least stake is ${min}.` });
      }
      case 'stake_too_high': {
        const max = failure.max;
        return max
          ? t({ id: 'betting.slip.stakeTooHigh', message: `The most you can stake is ${max}.` })
          : t({
              id: 'betting.slip.marketLimit',
              message: 'The stake is above what this market takes. Lower it.',
            });
      }
      case 'payout_too_high': {
        const max = failure.max ?? '';
        return t({
          id: 'betting.slip.payoutTooHigh',
          message: `This bet could return more than ${max}, the most one bet pays. Lower the stake.`,
        });
      }
      case 'insufficient_funds':
        return t({
          id: 'betting.slip.insufficientFunds',
          message: 'Your balance is too low for this stake.',
        });
      case 'loss_limit': {
        if (failure.availableMinor === null || failure.availableMinor === 0) {
          return t({
            id: 'betting.slip.lossLimitReached',
            message: 'You have reached your loss limit: no more stakes until it renews.',
          });
        }
        const left = format(failure.availableMinor);
        return t({
          id: 'betting.slip.lossLimit',
          message: `Your loss limit leaves ${left} to stake.`,
        });
      }
      case 'self_excluded':
        return t({
          id: 'betting.slip.selfExcluded',
          message: 'Betting is closed while your self-exclusion or time-out runs.',
        });
      case 'stake_invalid':
        return t({
          id: 'betting.slip.stakeWrong',
          message: `Enter an amount with at most ${decimals} decimals.`,
        });
      case 'free_bet':
        return t({
          id: 'betting.slip.freeBet',
          message: 'A free bet stakes one single or one accumulator.',
        });
      case 'retry':
      case 'other':
        return t({
          id: 'betting.slip.failed',
          message: 'The bet was not placed. Please try again.',
        });
      case 'offline':
        return t({
          id: 'betting.slip.offline',
          message: 'We could not reach the book. Your bet may not be placed: try again.',
        });
    }
  };
}

export const STAKE_FAILURES: ReadonlySet<SlipFailure['kind']> = new Set([
  'stake_too_low',
  'stake_too_high',
  'payout_too_high',
  'insufficient_funds',
  'loss_limit',
  'stake_invalid',
]);
