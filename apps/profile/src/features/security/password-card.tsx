import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError, showToast } from '@northstar/shell-sdk';
import { Button, Icon } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import { securityApi, SECURITY_METHODS, sessionsKey } from './api.ts';
import { useSecurityTexts } from './messages.ts';
import { Actions, Card, CardHead, Form, IconBadge, Muted, Notice } from './parts.tsx';
import {
  passwordFormProblems,
  type PasswordProblem,
  type PasswordValues,
} from './security-model.ts';

const EMPTY: PasswordValues = { old_password: '', new_password: '', repeat_password: '' };
const FIELDS = Object.keys(EMPTY) as (keyof PasswordValues)[];

/**
 * §5 change password: the current one, a new one by the password rules, repeated. The server
 * checks it all again and ends every other session of the player (issue #25).
 */
export function PasswordCard() {
  const { t } = useLingui();
  const texts = useSecurityTexts();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<keyof PasswordValues, PasswordProblem>>>(
    {},
  );
  const [submitted, setSubmitted] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const update = (name: keyof PasswordValues, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    // After a first submit, errors follow the typing (§5 "errors show on change").
    if (submitted) setProblems(passwordFormProblems(next));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setNotice(null);
    const found = passwordFormProblems(values);
    setProblems(found);
    const first = FIELDS.find((name) => found[name]);
    if (first) {
      document.getElementById(`security-${first}`)?.focus();
      return;
    }
    setSaving(true);
    try {
      await securityApi.send(SECURITY_METHODS.changepassword, values);
      setValues(EMPTY);
      setSubmitted(false);
      setProblems({});
      await queryClient.invalidateQueries({ queryKey: sessionsKey() });
      showToast({
        tone: 'success',
        text: t({
          id: 'profile.security.password.saved',
          message: 'Your password is changed. Every other device was signed out.',
        }),
      });
    } catch (error) {
      if (isApiError(error) && Object.keys(error.invalidParameters).length > 0) {
        const fromServer: Partial<Record<keyof PasswordValues, PasswordProblem>> = {};
        for (const name of FIELDS) {
          const code = error.invalidParameters[name]?.[0];
          if (code) fromServer[name] = code as PasswordProblem;
        }
        setProblems(fromServer);
        const first = FIELDS.find((name) => fromServer[name]);
        if (first) document.getElementById(`security-${first}`)?.focus();
        else setNotice(texts.failure(error));
      } else setNotice(texts.failure(error));
    } finally {
      setSaving(false);
    }
  };

  const message = (name: keyof PasswordValues) => {
    const problem = problems[name];
    if (!problem) return undefined;
    const known: PasswordProblem[] = [
      'required',
      'min_length',
      'max_length',
      'password',
      'same_as',
      'same_as_old',
      'wrong_password',
    ];
    return known.includes(problem) ? texts.password(problem, values[name]) : texts.generic();
  };

  return (
    <Card aria-labelledby="security-password-title">
      <CardHead>
        <IconBadge aria-hidden="true">
          <Icon name="lock" size={22} />
        </IconBadge>
        <div>
          <h2 id="security-password-title">
            <Trans id="profile.security.password.title">Password</Trans>
          </h2>
          <p>
            <Trans id="profile.security.password.lead">
              Changing your password signs you out everywhere else.
            </Trans>
          </p>
        </div>
      </CardHead>
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Input
          id="security-old_password"
          label={<Trans id="profile.security.password.old">Current password</Trans>}
          type="password"
          autoComplete="current-password"
          value={values.old_password}
          onChange={(event) => update('old_password', event.currentTarget.value)}
          error={message('old_password')}
        />
        <Input
          id="security-new_password"
          label={<Trans id="profile.security.password.new">New password</Trans>}
          type="password"
          autoComplete="new-password"
          hint={
            <Trans id="profile.security.password.hint">
              6 to 20 characters: letters, digits and symbols.
            </Trans>
          }
          value={values.new_password}
          onChange={(event) => update('new_password', event.currentTarget.value)}
          error={message('new_password')}
        />
        <Input
          id="security-repeat_password"
          label={<Trans id="profile.security.password.repeat">Repeat the new password</Trans>}
          type="password"
          autoComplete="new-password"
          value={values.repeat_password}
          onChange={(event) => update('repeat_password', event.currentTarget.value)}
          error={message('repeat_password')}
        />
        {notice ? <Notice role="alert">{notice}</Notice> : null}
        <Actions>
          <Button type="submit" disabled={saving}>
            <Trans id="profile.security.password.submit">Change password</Trans>
          </Button>
        </Actions>
        <Muted>
          <Trans id="profile.security.password.note">
            Never share your password. Northstar staff will never ask for it.
          </Trans>
        </Muted>
      </Form>
    </Card>
  );
}
