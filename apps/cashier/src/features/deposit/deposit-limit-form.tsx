import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { showToast, useShellNavigation } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import type { DepositLimit } from '../shared/api.ts';
import { readCashierFailure } from '../shared/errors.ts';
import { useProblemText } from '../shared/problem-text.ts';
import { Form, Muted, Notice } from '../shared/parts.tsx';
import { fieldError, translateFieldMessage } from '../shared/validation.ts';
import { limitAmountField, LIMIT_PERIODS, type LimitPeriod } from './limit-model.ts';
import { setDepositLimit } from './deposit-queries.ts';

import { usePeriodText } from './deposit-limits.tsx';

/**
 * account/setDepositLimit: a period and an amount (empty removes the limit). A lower limit
 * applies at once; a higher one or a removal after a 24-hour cooling-off (the server decides).
 */
export default function DepositLimitForm({ limit }: { limit: DepositLimit }) {
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
