import { Plural, Trans } from '@lingui/react/macro';
import { routePath, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { Notice } from '../profile-frame/profile-frame.tsx';
import type { PayoutOutcome } from './cashback-api.ts';
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

/**
 * What a payout did, truthfully (issue #26): real money is paid out; bonus money is added to the
 * bonuses, wagering now or — while another bonus wagers (one at a time) — waiting to be activated
 * on the bonuses page, so it is not spendable yet and the notice says when it can be activated.
 */
export function PayoutNotice({
  outcome,
  onNavigate,
}: {
  outcome: PayoutOutcome | null;
  onNavigate?: () => void;
}) {
  const { locale } = useShellNavigation();
  const bonuses = useLinkProps(routePath('profileBonuses', {}, locale));
  const link = (
    <a
      {...bonuses}
      onClick={(event) => {
        bonuses.onClick(event);
        onNavigate?.();
      }}
    >
      <Trans id="profile.cashback.toBonuses">Go to my bonuses</Trans>
    </a>
  );
  return (
    <Notice $tone="info" role="status" data-testid="cashback-paid" data-paid-to={outcome?.paid_to}>
      {outcome?.paid_to === 'bonus_waiting' ? (
        <>
          <Trans id="profile.cashback.paidWaiting">
            Your cashback has been added to your bonuses. You are wagering another bonus now:
            activate this one on your bonuses page when that one is finished.
          </Trans>{' '}
          {link}
        </>
      ) : outcome?.paid_to === 'bonus' ? (
        <>
          <Trans id="profile.cashback.paidBonus">
            Your cashback has been added to your bonus balance. Wager it before you can withdraw it.
          </Trans>{' '}
          {link}
        </>
      ) : (
        <Trans id="profile.cashback.paid">Your cashback has been paid out.</Trans>
      )}
    </Notice>
  );
}
