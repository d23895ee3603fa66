import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '@northstar/errors';
import { Button } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import {
  field,
  passwordField,
  phoneDigits,
  required,
  sameAs,
  setServerErrors,
  stripLeadingPlus,
  untrimmedField,
  valibotResolver,
  verificationCode,
} from '@northstar/validators';
import { authApi, AUTH_METHODS } from '../../api.ts';
import { holdTwoFactor } from '../sign-in/two-factor-state.ts';
import { useFieldMessage } from '../shared/messages.ts';
import { Form, Lead, LinkButton, Notice } from '../shared/parts.tsx';
import type { AuthView } from '../shared/view-store.ts';

const requestSchema = v.object({ login: field(required()) });
const resetSchema = v.pipe(
  v.object({
    code: field(required(), verificationCode()),
    password: passwordField(),
    repeat_password: untrimmedField(required()),
  }),
  sameAs('repeat_password', 'password'),
);
type RequestValues = v.InferInput<typeof requestSchema>;
type ResetValues = v.InferInput<typeof resetSchema>;

/**
 * §2 restore view: the login asks for a code (sent to the account's confirmed contact; the
 * answer is the same for an unknown account), then the code and a new password, which signs the
 * player in (§4 "logged in after password reset").
 */
export function RestoreView({
  onView,
  onSignedIn,
}: {
  onView: (view: AuthView) => void;
  onSignedIn: () => Promise<void>;
}) {
  const [login, setLogin] = useState<string | null>(null);
  return (
    <>
      <LinkButton type="button" onClick={() => onView('authorization')}>
        <Trans id="auth.back">← Back to sign in</Trans>
      </LinkButton>
      {login === null ? (
        <RequestStep onSent={setLogin} />
      ) : (
        <ResetStep
          login={login}
          onSignedIn={onSignedIn}
          onAppCode={() => onView('twofa')}
          onRestart={() => setLogin(null)}
        />
      )}
    </>
  );
}

function RequestStep({ onSent }: { onSent: (login: string) => void }) {
  const { t } = useLingui();
  const message = useFieldMessage();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<RequestValues>({
    resolver: valibotResolver(requestSchema),
    defaultValues: { login: '' },
  });
  const submit = handleSubmit(async (values) => {
    setNotice(null);
    const login = stripLeadingPlus(String(values.login));
    try {
      await authApi.send(AUTH_METHODS.restore, { login });
      onSent(login);
    } catch (error) {
      if (isApiError(error) && Object.keys(error.invalidParameters).length > 0) {
        setServerErrors(setError, error.invalidParameters, ['login']);
      } else {
        setNotice(
          isApiError(error) && error.status === 429
            ? t({
                id: 'auth.error.tooMany',
                message: 'Too many attempts. Please wait a few minutes and try again.',
              })
            : t({
                id: 'auth.twofa.generic',
                message: 'Something went wrong. Try again in a moment.',
              }),
        );
      }
    }
  });
  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t({ id: 'auth.restore.form', message: 'Reset your password' })}
    >
      <Lead>
        <Trans id="auth.restore.lead">
          Enter the e-mail or phone of your account. We will send you a code to choose a new
          password.
        </Trans>
      </Lead>
      <Input
        label={<Trans id="auth.field.login">E-mail or phone</Trans>}
        autoComplete="username"
        error={message(errors.login?.message)}
        {...register('login')}
      />
      {notice ? <Notice role="alert">{notice}</Notice> : null}
      <Button type="submit" size="lg" block disabled={isSubmitting}>
        <Trans id="auth.restore.send">Send the code</Trans>
      </Button>
    </Form>
  );
}

function ResetStep({
  login,
  onSignedIn,
  onAppCode,
  onRestart,
}: {
  login: string;
  onSignedIn: () => Promise<void>;
  /** Issue #25: the password is reset, and the authenticator app's code finishes the sign-in. */
  onAppCode: () => void;
  onRestart: () => void;
}) {
  const { t } = useLingui();
  const message = useFieldMessage();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: valibotResolver(resetSchema),
    defaultValues: { code: '', password: '', repeat_password: '' },
  });
  const codeInvalid = t({
    id: 'auth.twofa.codeInvalid',
    message: 'This code is not right. Check it and try again.',
  });
  const submit = handleSubmit(async (values) => {
    try {
      const password = String(values.password);
      const answer = await authApi.send(AUTH_METHODS.restore, {
        login,
        code: String(values.code).trim(),
        password,
      });
      if ('two_factor_auth' in answer && answer.two_factor_auth) {
        holdTwoFactor({ via: 'password', login, password, resendTime: 0, method: 'app' });
        onAppCode();
        return;
      }
      await onSignedIn();
    } catch (error) {
      if (isApiError(error) && Object.keys(error.invalidParameters).length > 0) {
        const rest = setServerErrors(setError, error.invalidParameters, ['code', 'password']);
        if (Object.keys(rest).length > 0)
          setError('code', { type: 'server', message: codeInvalid });
      } else {
        setError('code', { type: 'server', message: codeInvalid });
      }
    }
  });
  const codeError =
    errors.code?.type === 'server' && errors.code.message === codeInvalid
      ? codeInvalid
      : message(errors.code?.message);
  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t({ id: 'auth.restore.resetForm', message: 'Choose a new password' })}
    >
      <Lead role="status">
        <Trans id="auth.restore.sent">
          If an account uses {login}, a code is on its way to its confirmed contact.
        </Trans>
      </Lead>
      <Input
        label={<Trans id="auth.field.code">Verification code</Trans>}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={codeError}
        {...register('code', {
          onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
            event.currentTarget.value = phoneDigits(event.currentTarget.value).slice(0, 6);
          },
        })}
      />
      <Input
        label={<Trans id="auth.field.newPassword">New password</Trans>}
        type="password"
        autoComplete="new-password"
        error={message(errors.password?.message)}
        {...register('password')}
      />
      <Input
        label={<Trans id="auth.field.repeatPassword">Repeat the new password</Trans>}
        type="password"
        autoComplete="new-password"
        error={message(errors.repeat_password?.message)}
        {...register('repeat_password')}
      />
      <Button type="submit" size="lg" block disabled={isSubmitting}>
        <Trans id="auth.restore.submit">Save and sign in</Trans>
      </Button>
      <LinkButton type="button" onClick={onRestart}>
        <Trans id="auth.restore.again">Send another code</Trans>
      </LinkButton>
    </Form>
  );
}
