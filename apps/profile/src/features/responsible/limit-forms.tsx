import { useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { apiQueryKey, showToast } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
// The choices the contract accepts (plain data: no schema is bundled).
import {
  LIMIT_PERIODS,
  type LimitPeriod,
  type RealityCheckChoice,
} from '@northstar/contract/responsible-limits';
import {
  fieldError,
  limitAmountField,
  readFailure,
  realityCheckChoices,
  sessionMinutesField,
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
 * What every limit form shares: its field errors, a general failure and the saving flag, and one
 * way to save (the local check first, then the call; a refusal lands on its field).
 */
function useLimitForm(fieldNames: readonly string[]) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState(false);
  const [saving, setSaving] = useState(false);
  const run = async (local: Record<string, string> | null, save: () => Promise<void>) => {
    setGeneral(false);
    if (local) return setErrors(local);
    setErrors({});
    setSaving(true);
    try {
      await save();
    } catch (error) {
      const failure = readFailure(error, fieldNames);
      setErrors(failure.fields);
      setGeneral(failure.general);
    } finally {
      setSaving(false);
    }
  };
  return { errors, general, saving, run, clearErrors: () => setErrors({}) };
}

/** A limit form's end: the general failure, if any, and its button. */
function FormEnd({
  general,
  saving,
  label,
}: {
  general: boolean;
  saving: boolean;
  label: ReactNode;
}) {
  return (
    <>
      {general ? <GeneralError /> : null}
      <div>
        <Button type="submit" variant="secondary" disabled={saving}>
          {label}
        </Button>
      </div>
    </>
  );
}

const saveOrRemove = (removing: boolean) =>
  removing ? (
    <Trans id="profile.responsible.remove">Remove limit</Trans>
  ) : (
    <Trans id="profile.responsible.save">Save limit</Trans>
  );

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
  const { errors, general, saving, run, clearErrors } = useLimitForm(['period', 'amount']);
  const existing = entries.find((entry) => entry.period === period);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local =
      fieldError(limitAmountField(currency), amount) ??
      (amount.trim() === '' && !existing ? 'required' : null);
    await run(local ? { amount: local } : null, async () => {
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
    });
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
            clearErrors();
          }}
          hint={
            existing ? (
              <Trans id="profile.responsible.emptyRemoves">Leave empty to remove this limit.</Trans>
            ) : undefined
          }
          error={fieldMessage(errors.amount)}
        />
      </Row>
      <FormEnd
        general={general}
        saving={saving}
        label={saveOrRemove(amount.trim() === '' && Boolean(existing))}
      />
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
  const { errors, general, saving, run, clearErrors } = useLimitForm(['minutes']);
  const current = limits.session;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const local =
      fieldError(sessionMinutesField(), minutes) ??
      (minutes.trim() === '' && !current ? 'required' : null);
    await run(local ? { minutes: local } : null, async () => {
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
    });
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
          clearErrors();
        }}
        hint={<Trans id="profile.responsible.session.hint">From 5 to 1440 minutes.</Trans>}
        error={fieldMessage(errors.minutes)}
      />
      <FormEnd
        general={general}
        saving={saving}
        label={saveOrRemove(minutes.trim() === '' && Boolean(current))}
      />
    </FormBox>
  );
}

/**
 * Reality checks (UKGC RTS 13): off, every 15, 30 or 60 minutes; applies at once. Where the
 * player's market imposes one (`reality_check_required`, issue #25), off and longer intervals are
 * shown disabled with the reason; the server refuses them as well.
 */
export function RealityCheckForm({ limits }: { limits: PlayLimits }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [interval, setChoice] = useState(String(limits.reality_check));
  const { errors, general, saving, run, clearErrors } = useLimitForm(['interval']);
  const required = limits.reality_check_required ?? null;
  const requiredText =
    required === null
      ? undefined
      : t({
          id: 'profile.responsible.reality.required',
          message: `Your country requires a reality check at least every ${required} minutes.`,
        });
  const notAllowed = t({
    id: 'profile.responsible.reality.notAllowed',
    message: 'not allowed in your country',
  });
  const label = (value: string, allowed: boolean) => {
    const text =
      value === '0'
        ? t({ id: 'profile.responsible.reality.off', message: 'Off' })
        : t({ id: 'profile.responsible.reality.every', message: `Every ${value} minutes` });
    return allowed ? text : `${text} (${notAllowed})`;
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await run(null, async () => {
      const answer = await responsibleApi.send(RESPONSIBLE_METHODS.setRealityCheck, {
        interval: interval as RealityCheckChoice,
      });
      queryClient.setQueryData(apiQueryKey('account', 'getPlayLimits'), answer);
      showToast({
        tone: 'success',
        text: t({
          id: 'profile.responsible.reality.saved',
          message: 'Your reality check is saved.',
        }),
      });
    });
  };

  return (
    <FormBox noValidate onSubmit={(event) => void submit(event)} data-testid="reality-check-form">
      <Select
        label={<Trans id="profile.responsible.reality.interval">Remind me</Trans>}
        value={interval}
        onChange={(event) => {
          setChoice(event.currentTarget.value);
          clearErrors();
        }}
        options={realityCheckChoices(required).map(({ value, allowed }) => ({
          value,
          label: label(value, allowed),
          disabled: !allowed,
        }))}
        hint={errors.interval ? undefined : requiredText}
        error={
          errors.interval === 'reality_check_required'
            ? requiredText
            : errors.interval
              ? t({ id: 'profile.responsible.reality.invalid', message: 'Choose an interval.' })
              : undefined
        }
      />
      <FormEnd
        general={general}
        saving={saving}
        label={<Trans id="profile.responsible.reality.save">Save reminder</Trans>}
      />
    </FormBox>
  );
}
