import { useLogin } from '@refinedev/core';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import { api, ApiError, errorMessage, fieldError } from '../api.ts';
import { Alert, Code } from '../ui.tsx';

/**
 * Staff sign-in (issue #30): the password, then always a code from an authenticator app. The
 * first sign-in of an account sets the app up (the QR code and the key to type by hand), and
 * shows the ten recovery codes once.
 */

interface Setup {
  secret: string;
  otpauth_url: string;
  qr_code: string;
}

type Step = { kind: 'password' } | { kind: 'code' } | { kind: 'setup'; setup: Setup };

const Card = styled.main`
  max-width: 420px;
  margin: 10vh auto;
  padding: ${({ theme }) => theme.space(8)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};

  h1 {
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: 22px;
    margin: 0 0 ${({ theme }) => theme.space(5)};
  }
  form {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(4)};
  }
  img {
    width: 200px;
    height: 200px;
    background: #fff;
    border-radius: ${({ theme }) => theme.radii.sm};
  }
  ol {
    columns: 2;
    font-family: monospace;
  }
`;

export function SignInPage() {
  const navigate = useNavigate();
  const { mutateAsync: login } = useLogin();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [fields, setFields] = useState({ login: '', password: '', code: '' });
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState<string[] | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api.call('staff', 'signin', {
        login: fields.login,
        password: fields.password,
        ...(step.kind === 'password' ? {} : { code: fields.code }),
      });
      await login({});
      if (answer.recovery_codes) setRecovery(answer.recovery_codes);
      else void navigate('/');
    } catch (caught) {
      const data = caught instanceof ApiError ? caught.errorData : {};
      if (data.two_factor_setup) {
        setStep({ kind: 'setup', setup: data.two_factor_setup as Setup });
      } else if (data.two_factor_auth) {
        setStep({ kind: 'code' });
      } else {
        setError(caught);
      }
    } finally {
      setBusy(false);
    }
  }

  if (recovery) {
    return (
      <Card>
        <h1>Save your recovery codes</h1>
        <p>
          Each code signs you in once if you lose your phone. They are shown now and never again:
          keep them somewhere safe.
        </p>
        <ol aria-label="Recovery codes">
          {recovery.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ol>
        <Button onClick={() => void navigate('/')}>I have saved them</Button>
      </Card>
    );
  }

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));
  const generalError = error && !fieldError(error, 'code') ? errorMessage(error) : null;

  return (
    <Card>
      <h1>Back office sign-in</h1>
      {generalError && <Alert role="alert">{generalError}</Alert>}
      <form onSubmit={(event) => void submit(event)} noValidate>
        {step.kind === 'password' ? (
          <>
            <Input
              label="E-mail"
              name="login"
              type="email"
              autoComplete="username"
              required
              value={fields.login}
              onChange={set('login')}
              error={fieldError(error, 'login')}
            />
            <Input
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              value={fields.password}
              onChange={set('password')}
              error={fieldError(error, 'password')}
            />
          </>
        ) : (
          <>
            {step.kind === 'setup' ? (
              <>
                <p>
                  Two-factor sign-in is required for staff. Scan this code with an authenticator app
                  (or type the key), then enter the 6-digit code it shows.
                </p>
                <img src={step.setup.qr_code} alt="QR code of your authenticator key" />
                <p>
                  Key: <Code data-testid="totp-secret">{step.setup.secret}</Code>
                </p>
              </>
            ) : (
              <p>Enter the 6-digit code from your authenticator app, or a recovery code.</p>
            )}
            <Input
              label="Code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              autoFocus
              required
              value={fields.code}
              onChange={set('code')}
              error={fieldError(error, 'code')}
            />
          </>
        )}
        <Button type="submit" disabled={busy}>
          {step.kind === 'password' ? 'Continue' : 'Sign in'}
        </Button>
      </form>
    </Card>
  );
}
