import { Plural, Trans } from '@lingui/react/macro';
import { useShellNavigation } from '@northstar/shell-sdk';
import { timeLeft, type CashbackIntervalView } from './cashback-model.ts';

/** An amount the server gave as a decimal string, in the page's language and the currency. */
export function useMoney(): (money: { amount: string; currency: string }) => string {
  const { locale } = useShellNavigation();
  return ({ amount, currency }) => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(Number(amount));
    } catch {
      return `${amount} ${currency}`;
    }
  };
}

/** A date (and time) in the player's time zone and language. */
export function useDate(): (iso: string, withTime?: boolean) => string {
  const { locale } = useShellNavigation();
  return (iso, withTime = false) =>
    new Intl.DateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(withTime ? { timeStyle: 'short' } : {}),
    }).format(new Date(iso));
}

/** The time left to claim, as `cashbackIntervalView` says: a countdown or the end date. */
export function ClaimDeadline({
  until,
  view,
  now,
}: {
  until: string;
  view: CashbackIntervalView;
  now: number;
}) {
  const date = useDate();
  if (view === 'date') {
    return <Trans id="profile.cashback.claimBy">Claim by {date(until, true)}</Trans>;
  }
  const { days, hours } = timeLeft(until, now);
  return days > 0 ? (
    <Trans id="profile.cashback.leftDays">
      <Plural value={days} one="# day" other="# days" /> {hours} h left to claim
    </Trans>
  ) : (
    <Trans id="profile.cashback.leftHours">{hours} h left to claim</Trans>
  );
}
