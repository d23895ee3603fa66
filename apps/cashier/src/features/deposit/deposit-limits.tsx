import { useCallback, useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { showToast, useShellNavigation } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import type { DepositLimit, DepositLimitEntry } from '../shared/api.ts';
import { useDisplayOffset, cashierStamp } from '../shared/dates.ts';
import { readCashierFailure } from '../shared/errors.ts';
import { formatWhole } from '../shared/money.ts';
import { useProblemText } from '../shared/problem-text.ts';
import { Form, Muted, Notice } from '../shared/parts.tsx';
import { fieldError, translateFieldMessage } from '../shared/validation.ts';
import { limitAmountField, LIMIT_PERIODS, type LimitPeriod } from './limit-model.ts';
import { setDepositLimit } from './deposit-queries.ts';

function usePeriodText(): (period: LimitPeriod) => string {
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
 * account/setDepositLimit: a period and an amount (empty removes the limit). A lower limit
 * applies at once; a higher one or a removal after a 24-hour cooling-off (the server decides).
 */
export function DepositLimitForm({ limit }: { limit: DepositLimit }) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const queryClient = useQueryClient();
  const problemText = useProblemText();
  const periodText = usePeriodText();
  const [period, setPeriod] = useState<LimitPeriod>('1');
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const formId = useId();

  const existing = limit.limits.find((entry) => entry.period === period);
  const localError = submitted ? fieldError(limitAmountField(limit.currency), amount) : null;
  const amountMessage = serverErrors.amount ?? localError;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setNotice(null);
    setServerErrors({});
    if (fieldError(limitAmountField(limit.currency), amount) !== null) return;
    if (amount.trim() === '' && !existing) return;
    setSaving(true);
    try {
      await setDepositLimit(queryClient, { period, amount: amount.trim() });
      setAmount('');
      setSubmitted(false);
      showToast({
        tone: 'success',
        text: t({ id: 'cashier.limit.saved', message: 'Your deposit limit is saved.' }),
      });
    } catch (error) {
      const failure = readCashierFailure(error, ['period', 'amount']);
      setServerErrors(failure.fields);
      if (failure.problem) setNotice(problemText(failure.problem));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${formId}-title`}>
      <VisuallyTitle id={`${formId}-title`}>
        <Trans id="cashier.limit.formTitle">Set a deposit limit</Trans>
      </VisuallyTitle>
      <Row>
        <Select
          label={<Trans id="cashier.limit.period">Period</Trans>}
          value={period}
          onChange={(event) => setPeriod(event.currentTarget.value as LimitPeriod)}
          options={LIMIT_PERIODS.map((value) => ({ value, label: periodText(value) }))}
          error={
            serverErrors.period ? translateFieldMessage(serverErrors.period, locale) : undefined
          }
        />
        <Input
          label={<Trans id="cashier.limit.amount">Limit amount ({limit.currency})</Trans>}
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setServerErrors({});
          }}
          hint={
            existing ? (
              <Trans id="cashier.limit.emptyRemoves">Leave empty to remove this limit.</Trans>
            ) : undefined
          }
          error={amountMessage ? translateFieldMessage(amountMessage, locale) : undefined}
        />
      </Row>
      {notice ? <Notice role="alert">{notice}</Notice> : null}
      <div>
        <Button type="submit" variant="secondary" disabled={saving}>
          {amount.trim() === '' && existing ? (
            <Trans id="cashier.limit.remove">Remove limit</Trans>
          ) : (
            <Trans id="cashier.limit.save">Save limit</Trans>
          )}
        </Button>
      </div>
      <Muted>
        <Trans id="cashier.limit.rules">
          A lower limit applies at once. A higher limit or a removal applies after 24 hours.
        </Trans>
      </Muted>
    </Form>
  );
}

const Row = styled.div`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
`;

const VisuallyTitle = styled.h3`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
`;

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
          <DepositLimitForm limit={limit} />
        </Invite>
      </Notice>
    );
  }
  return (
    <Details>
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
        <DepositLimitForm limit={limit} />
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
