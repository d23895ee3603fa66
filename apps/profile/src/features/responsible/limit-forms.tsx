import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiQueryKey, showToast } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import {
  fieldError,
  limitAmountField,
  LIMIT_PERIODS,
  readFailure,
  REALITY_CHECK_INTERVALS,
  sessionMinutesField,
  type LimitPeriod,
} from './limit-model.ts';
import {
  RESPONSIBLE_METHODS,
  responsibleApi,
  type LimitEntry,
  type PlayLimits,
} from './responsible-api.ts';
import {
  FormBox,
  LimitList,
  Notice,
  Row,
  useDateTime,
  useFieldMessage,
  useMoney,
  usePeriodText,
} from './responsible-parts.tsx';

/** The limits in force, with what is left and any change waiting for its cooling-off. */
export function LimitEntries({
  entries,
  currency,
  kind,
}: {
  entries: readonly LimitEntry[];
  currency: string;
  kind: 'deposit' | 'loss';
}) {
  const money = useMoney();
  const when = useDateTime();
  const periodText = usePeriodText();
  if (entries.length === 0) {
    return (
      <p>
        {kind === 'deposit' ? (
          <Trans id="profile.responsible.deposit.none">You have no deposit limit.</Trans>
        ) : (
          <Trans id="profile.responsible.loss.none">You have no loss limit.</Trans>
        )}
      </p>
    );
  }
  return (
    <LimitList>
      {entries.map((entry) => {
        const limit = money(entry.limit_amount, currency);
        const left = money(entry.available_amount, currency);
        const resets = when(entry.expired_at);
        const pendingAmount = entry.pending?.limit_amount
          ? money(entry.pending.limit_amount, currency)
          : null;
        const appliesAt = entry.pending ? when(entry.pending.applies_at) : '';
        return (
          <li key={entry.period} data-testid={`${kind}-limit-${entry.period}`}>
            <strong>
              {periodText(entry.period)}: {limit}
            </strong>
            <span>
              <Trans id="profile.responsible.left">
                {left} left until {resets}
              </Trans>
            </span>
            {entry.pending ? (
              <span>
                {pendingAmount ? (
                  <Trans id="profile.responsible.pendingChange">
                    Changes to {pendingAmount} on {appliesAt}
                  </Trans>
                ) : (
                  <Trans id="profile.responsible.pendingRemoval">Removed on {appliesAt}</Trans>
                )}
              </span>
            ) : null}
          </li>
        );
      })}
    </LimitList>
  );
}

/**
 * A deposit or loss limit: a period and an amount (empty removes it). A lower limit applies at
 * once; a higher one or a removal after 24 hours (the server decides and answers the new state).
 */
export function AmountLimitForm({
  kind,
  entries,
  currency,
}: {
  kind: 'deposit' | 'loss';
  entries: readonly LimitEntry[];
  currency: string;
}) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fieldMessage = useFieldMessage();
  const periodText = usePeriodText();
  const [period, setPeriod] = useState<LimitPeriod>('1');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState(false);
  const [saving, setSaving] = useState(false);
  const existing = entries.find((entry) => entry.period === period);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(false);
    const local = fieldError(limitAmountField(currency), amount);
    if (local) return setErrors({ amount: local });
    if (amount.trim() === '' && !existing) {
      return setErrors({ amount: 'required' });
    }
    setErrors({});
    setSaving(true);
    try {
      if (kind === 'deposit') {
        const answer = await responsibleApi.send(RESPONSIBLE_METHODS.setDepositLimit, {
          period,
          amount: amount.trim(),
        });
        queryClient.setQueryData(apiQueryKey('account', 'getDepositLimit'), answer);
      } else {
        const answer = await responsibleApi.send(RESPONSIBLE_METHODS.setLossLimit, {
          period,
          amount: amount.trim(),
        });
        queryClient.setQueryData(apiQueryKey('account', 'getPlayLimits'), answer);
      }
      setAmount('');
      showToast({
        tone: 'success',
        text:
          kind === 'deposit'
            ? t({
                id: 'profile.responsible.deposit.saved',
                message: 'Your deposit limit is saved.',
              })
            : t({ id: 'profile.responsible.loss.saved', message: 'Your loss limit is saved.' }),
      });
    } catch (error) {
      const failure = readFailure(error, ['period', 'amount']);
      setErrors(failure.fields);
      setGeneral(failure.general);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormBox noValidate onSubmit={(event) => void submit(event)} data-testid={`${kind}-limit-form`}>
      <Row>
        <Select
          label={<Trans id="profile.responsible.period">Period</Trans>}
          value={period}
          onChange={(event) => setPeriod(event.currentTarget.value as LimitPeriod)}
          options={LIMIT_PERIODS.map((value) => ({ value, label: periodText(value) }))}
          error={fieldMessage(errors.period)}
        />
        <Input
          label={
            kind === 'deposit' ? (
              <Trans id="profile.responsible.deposit.amount">Deposit limit ({currency})</Trans>
            ) : (
              <Trans id="profile.responsible.loss.amount">Loss limit ({currency})</Trans>
            )
          }
          name="amount"
          inputMode="numeric"
          autoComplete="off"
          value={amount}
          onChange={(event) => {
            setAmount(event.currentTarget.value);
            setErrors({});
          }}
          hint={
            existing ? (
              <Trans id="profile.responsible.emptyRemoves">Leave empty to remove this limit.</Trans>
            ) : undefined
          }
          error={fieldMessage(errors.amount)}
        />
      </Row>
      {general ? <GeneralError /> : null}
      <div>
        <Button type="submit" variant="secondary" disabled={saving}>
          {amount.trim() === '' && existing ? (
            <Trans id="profile.responsible.remove">Remove limit</Trans>
          ) : (
            <Trans id="profile.responsible.save">Save limit</Trans>
          )}
        </Button>
      </div>
    </FormBox>
  );
}

export function GeneralError() {
  return (
    <Notice role="alert" $tone="error">
      <Trans id="profile.responsible.failed">
        This could not be saved. Check your connection and try again.
      </Trans>
    </Notice>
  );
}

/** The session-time limit in minutes (5 to 1440); empty removes it, after 24 hours. */
export function SessionLimitForm({ limits }: { limits: PlayLimits }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fieldMessage = useFieldMessage();
  const when = useDateTime();
  const [minutes, setMinutes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState(false);
  const [saving, setSaving] = useState(false);
  const current = limits.session;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(false);
    const local = fieldError(sessionMinutesField(), minutes);
    if (local) return setErrors({ minutes: local });
    if (minutes.trim() === '' && !current) return setErrors({ minutes: 'required' });
    setErrors({});
    setSaving(true);
    try {
      const answer = await responsibleApi.send(RESPONSIBLE_METHODS.setSessionLimit, {
        minutes: minutes.trim() === '' ? '' : Number(minutes.trim()),
      });
      queryClient.setQueryData(apiQueryKey('account', 'getPlayLimits'), answer);
      setMinutes('');
      showToast({
        tone: 'success',
        text: t({
          id: 'profile.responsible.session.saved',
          message: 'Your session limit is saved.',
        }),
      });
    } catch (error) {
      const failure = readFailure(error, ['minutes']);
      setErrors(failure.fields);
      setGeneral(failure.general);
    } finally {
      setSaving(false);
    }
  };

  const pendingMinutes = current?.pending?.minutes ?? null;
  const appliesAt = current?.pending ? when(current.pending.applies_at) : '';
  return (
    <FormBox noValidate onSubmit={(event) => void submit(event)} data-testid="session-limit-form">
      {current ? (
        <LimitList>
          <li>
            <strong>
              <Trans id="profile.responsible.session.current">
                {current.minutes} minutes per session
              </Trans>
            </strong>
            {current.pending ? (
              <span>
                {pendingMinutes !== null ? (
                  <Trans id="profile.responsible.session.pending">
                    Changes to {pendingMinutes} minutes on {appliesAt}
                  </Trans>
                ) : (
                  <Trans id="profile.responsible.pendingRemoval">Removed on {appliesAt}</Trans>
                )}
              </span>
            ) : null}
          </li>
        </LimitList>
      ) : (
        <p>
          <Trans id="profile.responsible.session.none">You have no session time limit.</Trans>
        </p>
      )}
      <Input
        label={<Trans id="profile.responsible.session.minutes">Minutes per session</Trans>}
        name="minutes"
        inputMode="numeric"
        autoComplete="off"
        value={minutes}
        onChange={(event) => {
          setMinutes(event.currentTarget.value);
          setErrors({});
        }}
        hint={<Trans id="profile.responsible.session.hint">From 5 to 1440 minutes.</Trans>}
        error={fieldMessage(errors.minutes)}
      />
      {general ? <GeneralError /> : null}
      <div>
        <Button type="submit" variant="secondary" disabled={saving}>
          {minutes.trim() === '' && current ? (
            <Trans id="profile.responsible.remove">Remove limit</Trans>
          ) : (
            <Trans id="profile.responsible.save">Save limit</Trans>
          )}
        </Button>
      </div>
    </FormBox>
  );
}

/** Reality checks (UKGC RTS 13): off, every 15, 30 or 60 minutes; applies at once. */
export function RealityCheckForm({ limits }: { limits: PlayLimits }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [interval, setChoice] = useState(String(limits.reality_check));
  const [general, setGeneral] = useState(false);
  const [saving, setSaving] = useState(false);
  const label = (value: string) =>
    value === '0'
      ? t({ id: 'profile.responsible.reality.off', message: 'Off' })
      : t({ id: 'profile.responsible.reality.every', message: `Every ${value} minutes` });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(false);
    setSaving(true);
    try {
      const answer = await responsibleApi.send(RESPONSIBLE_METHODS.setRealityCheck, {
        interval: interval as (typeof REALITY_CHECK_INTERVALS)[number],
      });
      queryClient.setQueryData(apiQueryKey('account', 'getPlayLimits'), answer);
      showToast({
        tone: 'success',
        text: t({
          id: 'profile.responsible.reality.saved',
          message: 'Your reality check is saved.',
        }),
      });
    } catch {
      setGeneral(true);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormBox noValidate onSubmit={(event) => void submit(event)} data-testid="reality-check-form">
      <Select
        label={<Trans id="profile.responsible.reality.interval">Remind me</Trans>}
        value={interval}
        onChange={(event) => setChoice(event.currentTarget.value)}
        options={REALITY_CHECK_INTERVALS.map((value) => ({ value, label: label(value) }))}
      />
      {general ? <GeneralError /> : null}
      <div>
        <Button type="submit" variant="secondary" disabled={saving}>
          <Trans id="profile.responsible.reality.save">Save reminder</Trans>
        </Button>
      </div>
    </FormBox>
  );
}
