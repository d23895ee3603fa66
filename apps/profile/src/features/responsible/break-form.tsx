import { useState, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { confirm, useShellNavigation } from '@northstar/shell-sdk';
import { localizePath } from '@northstar/i18n';
import { Button } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
// The periods the contract accepts (plain data: no schema is bundled).
import {
  SELF_EXCLUSION_PERIODS,
  TIME_OUT_PERIODS,
  type SelfExclusionPeriod,
  type TimeOutPeriod,
} from '@northstar/contract/responsible-limits';
import { fieldError, passwordConfirmField, readFailure } from './limit-model.ts';
import { RESPONSIBLE_METHODS, responsibleApi } from './responsible-api.ts';
import { GeneralError } from './limit-forms.tsx';
import { FormBox, Row, useExclusionText, useFieldMessage } from './responsible-parts.tsx';

/**
 * A time-out (24 hours, 7 days, 6 weeks) or a self-exclusion (every §3 period), confirmed with
 * the password and once more in a dialog. The server applies it at once: it ends every session
 * (this one too), stops marketing, and refuses play and deposits until it ends; the player may
 * sign in again to withdraw (withdrawals stay open, issue #25). The page then reloads at the home
 * page, signed out.
 */
export function BreakForm({ kind }: { kind: 'time_out' | 'self_exclusion' }) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const fieldMessage = useFieldMessage();
  const periodText = useExclusionText();
  const periods: readonly string[] =
    kind === 'time_out' ? TIME_OUT_PERIODS : SELF_EXCLUSION_PERIODS;
  const [period, setPeriod] = useState(periods[0]!);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState(false);
  const [saving, setSaving] = useState(false);
  const testId = kind === 'time_out' ? 'time-out-form' : 'self-exclusion-form';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setGeneral(false);
    const local = fieldError(passwordConfirmField(), password);
    if (local) return setErrors({ password: local });
    setErrors({});
    const chosen = periodText(period);
    const agreed = await confirm({
      id: `responsible-${kind}`,
      title:
        kind === 'time_out'
          ? t({ id: 'profile.responsible.break.confirmTitle', message: 'Take a break?' })
          : t({ id: 'profile.responsible.exclusion.confirmTitle', message: 'Self-exclude?' }),
      text:
        kind === 'time_out'
          ? t({
              id: 'profile.responsible.break.confirmText',
              message: `You will be signed out and cannot play or deposit for ${chosen}. It cannot be undone early. You can still sign in to withdraw your money.`,
            })
          : t({
              id: 'profile.responsible.exclusion.confirmText',
              message: `You will be signed out and cannot play or deposit: ${chosen}. It cannot be shortened or lifted. Marketing stops. You can still sign in to withdraw your money.`,
            }),
      agreeLabel: t({ id: 'profile.responsible.break.agree', message: 'Yes, sign me out' }),
      rejectLabel: t({ id: 'profile.responsible.break.reject', message: 'Cancel' }),
    });
    if (!agreed) return;
    setSaving(true);
    try {
      if (kind === 'time_out') {
        await responsibleApi.send(RESPONSIBLE_METHODS.setTimeOut, {
          period: period as TimeOutPeriod,
          password,
        });
      } else {
        await responsibleApi.send(RESPONSIBLE_METHODS.setSelfExclusion, {
          period: period as SelfExclusionPeriod,
          password,
        });
      }
      // The server ended the session: a full load shows the site signed out.
      window.location.assign(localizePath('/', locale));
    } catch (error) {
      const failure = readFailure(error, ['period', 'password']);
      setErrors(failure.fields);
      setGeneral(failure.general);
      setSaving(false);
    }
  };

  return (
    <FormBox noValidate onSubmit={(event) => void submit(event)} data-testid={testId}>
      <Row>
        <Select
          label={
            kind === 'time_out' ? (
              <Trans id="profile.responsible.break.period">Break length</Trans>
            ) : (
              <Trans id="profile.responsible.exclusion.period">Exclusion period</Trans>
            )
          }
          value={period}
          onChange={(event) => setPeriod(event.currentTarget.value)}
          options={periods.map((value) => ({ value, label: periodText(value) }))}
          error={fieldMessage(errors.period)}
        />
        <Input
          label={<Trans id="profile.responsible.password">Your password</Trans>}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => {
            setPassword(event.currentTarget.value);
            setErrors({});
          }}
          error={fieldMessage(errors.password)}
        />
      </Row>
      {general ? <GeneralError /> : null}
      <div>
        <Button
          type="submit"
          variant={kind === 'time_out' ? 'secondary' : 'primary'}
          disabled={saving}
        >
          {kind === 'time_out' ? (
            <Trans id="profile.responsible.break.submit">Take a break</Trans>
          ) : (
            <Trans id="profile.responsible.exclusion.submit">Self-exclude</Trans>
          )}
        </Button>
      </div>
    </FormBox>
  );
}
