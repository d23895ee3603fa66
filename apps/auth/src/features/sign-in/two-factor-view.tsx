import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiError, isApiError } from '@northstar/errors';
import { twoFactorCodeFieldMessage } from '@northstar/errors/two-factor';
import { API_VERSION } from '@northstar/shell-sdk';
import { Button } from '@northstar/ui';
import {
  formatCountdown,
  startCountdown,
  useCountdown,
  type Countdown,
} from '@northstar/ui/countdown';
import { Input } from '@northstar/ui/forms';
import {
  field,
  phoneDigits,
  regex,
  required,
  valibotResolver,
  verificationCode,
} from '@northstar/validators';
import { authApi, AUTH_METHODS } from '../../api.ts';
import { useFieldMessage } from '../shared/messages.ts';
import { Form, Lead, LinkButton, Notice } from '../shared/parts.tsx';
import type { AuthView } from '../shared/view-store.ts';
import {
  clearTwoFactor,
  heldTwoFactor,
  holdTwoFactor,
  twoFactorFromError,
} from './two-factor-state.ts';
import { DEFAULT_RESEND_SECONDS } from './sign-in-view.tsx';

const schema = v.object({ code: field(required(), verificationCode()) });
/** Issue #25 the app step: a 6-digit code from the app, or a recovery code (`abcde-fghjk`). */
const appSchema = v.object({
  code: field(required(), regex(/^(\d{6}|[A-Za-z0-9]{5}[\s-]?[A-Za-z0-9]{5})$/)),
});
type Values = v.InferInput<typeof schema>;

/** The social sign-in's second step (apps/platform/src/modules/auth/oauth-routes.ts). */
async function socialCode(code: string): Promise<void> {
  const response = await fetch('/oauth/two-factor', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'X-App-Client': `web/${API_VERSION}`,
    },
    body: JSON.stringify({ code }),
  });
  if (!response.ok)
    throw ApiError.fromResponse(response.status, await response.json().catch(() => null));
}

/**
 * §2 twofa view: the 6-digit code sent to the player's confirmed contact, a countdown from the
 * server's `resend_time` before another code may be asked for, and the back link. The §8 markers
 * in a failure land on the code field ('code must contain 6 digits', 'time expired', 'code
 * invalid', else a generic text).
 */
export function TwoFactorView({
  onView,
  onSignedIn,
}: {
  onView: (view: AuthView) => void;
  onSignedIn: () => Promise<void>;
}) {
  const { t } = useLingui();
  const message = useFieldMessage();
  const held = heldTwoFactor();
  const byApp = held?.method === 'app';
  const [resend, setResend] = useState<Countdown>(() => startCountdown(held?.resendTime ?? 0));
  const left = useCountdown(resend);
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: valibotResolver(byApp ? appSchema : schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { code: '' },
  });
  useEffect(() => setFocus('code'), [setFocus]);

  const codeTexts = {
    codeLength: t({ id: 'auth.twofa.codeLength', message: 'The code must contain 6 digits' }),
    timeExpired: t({
      id: 'auth.twofa.timeExpired',
      message: 'This code has expired. Ask for a new one.',
    }),
    codeInvalid: t({
      id: 'auth.twofa.codeInvalid',
      message: 'This code is not right. Check it and try again.',
    }),
    generic: t({
      id: 'auth.twofa.generic',
      message: 'Something went wrong. Try again in a moment.',
    }),
  };

  const submit = handleSubmit(async (values) => {
    const state = heldTwoFactor();
    if (!state) return onView('authorization');
    setNotice(null);
    const code = String(values.code).trim();
    try {
      if (state.via === 'social') await socialCode(code);
      else {
        await authApi.send(AUTH_METHODS.login, {
          login: state.login,
          password: state.password,
          code,
        });
      }
      clearTwoFactor();
      await onSignedIn();
    } catch (error) {
      const text = isApiError(error) ? error.message : '';
      setError('code', { type: 'server', message: codeTexts[twoFactorCodeFieldMessage(text)] });
    }
  });

  const sendAgain = async () => {
    const state = heldTwoFactor();
    if (!state || state.via !== 'password') return;
    setNotice(null);
    try {
      const answer = await authApi.send(AUTH_METHODS.login, {
        login: state.login,
        password: state.password,
      });
      const seconds = answer.two_factor_auth ? answer.resend_time : DEFAULT_RESEND_SECONDS;
      holdTwoFactor({ ...state, resendTime: seconds });
      setResend(startCountdown(seconds));
    } catch (error) {
      const twoFactor = isApiError(error)
        ? twoFactorFromError(error.message, error.errorData, DEFAULT_RESEND_SECONDS)
        : null;
      if (twoFactor) setResend(startCountdown(twoFactor.resendTime));
      else setNotice(codeTexts.generic);
    }
  };

  const back = () => {
    clearTwoFactor();
    onView('authorization');
  };

  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t({ id: 'auth.twofa.form', message: 'Two-step verification' })}
    >
      <LinkButton type="button" onClick={back}>
        <Trans id="auth.back">← Back to sign in</Trans>
      </LinkButton>
      <Lead>
        {byApp ? (
          <Trans id="auth.twofa.appLead">
            Open your authenticator app and enter the 6-digit code it shows for Northstar. Lost your
            phone? Enter one of your recovery codes instead.
          </Trans>
        ) : (
          <Trans id="auth.twofa.lead">
            We sent a 6-digit code to your confirmed e-mail or phone. Enter it to finish signing in.
          </Trans>
        )}
      </Lead>
      <Input
        label={
          byApp ? (
            <Trans id="auth.field.appCode">Code from the app or a recovery code</Trans>
          ) : (
            <Trans id="auth.field.code">Verification code</Trans>
          )
        }
        inputMode={byApp ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={byApp ? 11 : 6}
        error={errors.code?.type === 'server' ? errors.code.message : message(errors.code?.message)}
        {...register('code', {
          onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
            if (byApp) return;
            event.currentTarget.value = phoneDigits(event.currentTarget.value).slice(0, 6);
          },
        })}
      />
      {notice ? <Notice role="alert">{notice}</Notice> : null}
      <Button type="submit" size="lg" block disabled={isSubmitting}>
        <Trans id="auth.twofa.submit">Confirm</Trans>
      </Button>
      {held?.via === 'password' && !byApp ? (
        left > 0 ? (
          <Lead role="status" aria-live="off">
            <Trans id="auth.twofa.wait">
              You can ask for a new code in {formatCountdown(left)}
            </Trans>
          </Lead>
        ) : (
          <LinkButton type="button" onClick={() => void sendAgain()}>
            <Trans id="auth.twofa.resend">Send a new code</Trans>
          </LinkButton>
        )
      ) : null}
    </Form>
  );
}
