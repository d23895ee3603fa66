import { lazy, Suspense, useCallback, useState } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { useShellNavigation, useDisplayOffset } from '@northstar/shell-sdk';
import { Button, Skeleton } from '@northstar/ui';
import type { DepositLimit, DepositLimitEntry } from '../shared/api.ts';
import { cashierStamp } from '../shared/dates.ts';
import { formatWhole } from '../shared/money.ts';
import { Muted, Notice } from '../shared/parts.tsx';
import { type LimitPeriod } from './limit-model.ts';

export function usePeriodText(): (period: LimitPeriod) => string {
  const { t } = useLingui();
  return useCallback(
    (period: LimitPeriod) => {
      switch (period) {
        case '1':
          return t({ id: 'cashier.limit.period.1', message: 'Daily (24 hours)' });
        case '7':
          return t({ id: 'cashier.limit.period.7', message: 'Weekly (7 days)' });
        case '14':
          return t({ id: 'cashier.limit.period.14', message: 'Fortnightly (14 days)' });
        default:
          return t({ id: 'cashier.limit.period.30', message: 'Monthly (30 days)' });
      }
    },
    [t],
  );
}

const List = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    padding: 12px 14px;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
    font-size: 14px;
  }
  strong {
    display: block;
    margin-bottom: 2px;
    font-size: 15px;
  }
  p {
    margin: 2px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  .pending {
    color: ${({ theme }) => theme.colors.warning};
  }
`;

/** The player's deposit limits, each with what is left, when it resets and a pending change. */
export function DepositLimitsList({ limit }: { limit: DepositLimit }) {
  const { locale } = useShellNavigation();
  const offset = useDisplayOffset();
  const periodText = usePeriodText();
  if (limit.limits.length === 0) return null;
  const money = (amount: string) => formatWhole(amount, limit.currency, locale);
  return (
    <List>
      {limit.limits.map((entry: DepositLimitEntry) => {
        const resets = cashierStamp(entry.expired_at, offset);
        const applies = entry.pending ? cashierStamp(entry.pending.applies_at, offset) : '';
        const next = entry.pending?.limit_amount ? money(entry.pending.limit_amount) : null;
        return (
          <li key={entry.period}>
            <strong>
              {periodText(entry.period)}: {money(entry.limit_amount)}
            </strong>
            <p>
              <Trans id="cashier.limit.left">
                {money(entry.available_amount)} left until {resets}
              </Trans>
            </p>
            {entry.pending ? (
              <p className="pending">
                {next ? (
                  <Trans id="cashier.limit.pendingChange">
                    Changes to {next} on {applies} (24-hour cooling-off)
                  </Trans>
                ) : (
                  <Trans id="cashier.limit.pendingRemoval">
                    Removed on {applies} (24-hour cooling-off)
                  </Trans>
                )}
              </p>
            ) : null}
          </li>
        );
      })}
    </List>
  );
}

/**
 * The form that sets a limit loads when the player asks for it (a click on the invitation, or
 * opening the folded limits): the first cashier page stays within its JS budget.
 */
const DepositLimitForm = lazy(() => import('./deposit-limit-form.tsx'));

function LimitFormSlot({ limit }: { limit: DepositLimit }) {
  return (
    <Suspense fallback={<Skeleton $height="120px" />}>
      <DepositLimitForm limit={limit} />
    </Suspense>
  );
}

const Details = styled.details`
  summary {
    cursor: pointer;
    font-weight: 700;
    color: ${({ theme }) => theme.colors.text};
  }
  summary:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
  &[open] summary {
    margin-bottom: 16px;
  }
  > div {
    display: grid;
    gap: 16px;
  }
`;

/**
 * Safer gambling at the deposit: before the first deposit, an open invitation to set a limit
 * first; afterwards, the limits with their pending changes, folded away until opened.
 */
export function DepositLimitPanel({
  limit,
  firstDeposit,
}: {
  limit: DepositLimit;
  firstDeposit: boolean;
}) {
  const [formShown, setFormShown] = useState(false);
  if (firstDeposit) {
    return (
      <Notice $tone="gold" as="section" aria-labelledby="cashier-limit-invite">
        <Invite>
          <h2 id="cashier-limit-invite">
            <Trans id="cashier.limit.inviteTitle">Set a deposit limit first?</Trans>
          </h2>
          <p>
            <Trans id="cashier.limit.inviteText">
              Decide now how much you want to deposit per day, week, fortnight or month. You stay in
              control, and you can change it later.
            </Trans>
          </p>
          <DepositLimitsList limit={limit} />
          {formShown ? (
            <LimitFormSlot limit={limit} />
          ) : (
            <div>
              <Button type="button" variant="secondary" onClick={() => setFormShown(true)}>
                <Trans id="cashier.limit.formTitle">Set a deposit limit</Trans>
              </Button>
            </div>
          )}
        </Invite>
      </Notice>
    );
  }
  return (
    <Details onToggle={(event) => setFormShown(event.currentTarget.open)}>
      <summary>
        <Trans id="cashier.limit.manage">Deposit limits</Trans>
      </summary>
      <div>
        {limit.limits.length === 0 ? (
          <Muted>
            <Trans id="cashier.limit.none">You have no deposit limit set.</Trans>
          </Muted>
        ) : (
          <DepositLimitsList limit={limit} />
        )}
        {formShown ? <LimitFormSlot limit={limit} /> : null}
      </div>
    </Details>
  );
}

const Invite = styled.div`
  display: grid;
  gap: 14px;
  h2 {
    margin: 0;
    font-size: 18px;
    color: ${({ theme }) => theme.colors.primary};
  }
`;
