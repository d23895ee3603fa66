import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { isApiError, uiActionFor } from '@northstar/errors';
import { Button } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import {
  field,
  required,
  setServerErrors,
  stripLeadingPlus,
  untrimmedField,
  valibotResolver,
} from '@northstar/validators';
import { authApi, AUTH_METHODS } from '../../api.ts';
import { track } from '@northstar/shell-sdk/analytics';
import { useFieldMessage } from '../shared/messages.ts';
import { Form, LinkButton, Notice, Switch } from '../shared/parts.tsx';
import type { AuthView } from '../shared/view-store.ts';
import { holdTwoFactor, twoFactorFromError } from './two-factor-state.ts';

const schema = v.object({
  login: field(required()),
  // Only required here: a password set under older rules must still sign in.
  password: untrimmedField(required()),
});
type Values = v.InferInput<typeof schema>;

/** Seconds before another code when the server does not say (§9 resend interval). */
export const DEFAULT_RESEND_SECONDS = 60;

/**
 * §2 sign-in view: login, password, the forgot-password link (restore), the sign-in button, the
 * switch to registration and, when configured, the social buttons. A two-factor answer (or its
 * markers in an error) holds login and password and moves to the code (§4).
 */
export function SignInView({
  onView,
  onSignedIn,
  onBlocked,
  social,
  eager,
}: {
  onView: (view: AuthView) => void;
  onSignedIn: () => Promise<void>;
  /** §8 a banned player: the user-blocked page takes over, so the popup gets out of its way. */
  onBlocked?: () => void;
  social?: React.ReactNode;
  eager: boolean;
}) {
  const { t } = useLingui();
  const message = useFieldMessage();
  const [notice, setNotice] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: valibotResolver(schema),
    mode: eager ? 'onChange' : 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    defaultValues: { login: '', password: '' },
  });

  // Through the page's shared mutation cache: its §8 mapping shows the user-blocked page for a
  // banned player (UserBanned, or error data type user-banned), as for any other call.
  const login = useMutation({
    mutationFn: (credentials: { login: string; password: string }) =>
      authApi.send(AUTH_METHODS.login, credentials),
  });

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    const loginName = stripLeadingPlus(String(values.login));
    const password = String(values.password);
    try {
      const answer = await login.mutateAsync({ login: loginName, password });
      if (answer.two_factor_auth) {
        holdTwoFactor({
          via: 'password',
          login: loginName,
          password,
          resendTime: answer.resend_time,
          method: answer.two_factor_method ?? 'contact',
        });
        onView('twofa');
        return;
      }
      await onSignedIn();
    } catch (error) {
      if (!isApiError(error)) {
        setNotice(
          t({
            id: 'auth.error.network',
            message: 'We could not reach the site. Check your connection and try again.',
          }),
        );
        return;
      }
      // §8 banned: not "wrong password"; the shell shows the user-blocked page (its button goes
      // to support, §2). The server says so only after the password was right (no enumeration).
      const action = uiActionFor(error);
      if (action.kind === 'page' && action.page === 'user-blocked') {
        track('login_error', { code: error.code });
        onBlocked?.();
        return;
      }
      const twoFactor = twoFactorFromError(error.message, error.errorData, DEFAULT_RESEND_SECONDS);
      if (twoFactor) {
        holdTwoFactor({ via: 'password', login: loginName, password, ...twoFactor });
        onView('twofa');
        return;
      }
      track('login_error', { code: error.code });
      const rest = setServerErrors(setError, error.invalidParameters, ['login', 'password']);
      if (Object.keys(error.invalidParameters).length === 0 || Object.keys(rest).length > 0) {
        setNotice(
          error.status === 429
            ? t({
                id: 'auth.error.tooMany',
                message: 'Too many attempts. Please wait a few minutes and try again.',
              })
            : t({
                id: 'auth.wrongEnterText',
                message: 'The login or password is wrong. Check them and try again.',
              }),
        );
      }
    }
  });

  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t({ id: 'auth.signIn.form', message: 'Sign in' })}
    >
      <Input
        label={<Trans id="auth.field.login">E-mail or phone</Trans>}
        autoComplete="username"
        error={message(errors.login?.message)}
        {...register('login')}
      />
      <Input
        label={<Trans id="auth.field.password">Password</Trans>}
        type="password"
        autoComplete="current-password"
        error={message(errors.password?.message)}
        {...register('password')}
      />
      <LinkButton type="button" onClick={() => onView('restore')}>
        <Trans id="auth.signIn.forgot">Forgot your password?</Trans>
      </LinkButton>
      {notice ? <Notice role="alert">{notice}</Notice> : null}
      <Button type="submit" size="lg" block disabled={isSubmitting}>
        <Trans id="auth.signIn.submit">Sign in</Trans>
      </Button>
      {social}
      <Switch>
        <Trans id="auth.signIn.noAccount">New to Northstar?</Trans>
        <LinkButton type="button" onClick={() => onView('registration')}>
          <Trans id="auth.signIn.toRegistration">Create an account</Trans>
        </LinkButton>
      </Switch>
    </Form>
  );
}
