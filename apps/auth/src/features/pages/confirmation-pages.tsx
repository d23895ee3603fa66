import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '@northstar/errors';
import {
  apiQueryKey,
  routePath,
  sessionAtom,
  useLinkProps,
  useShellNavigation,
} from '@northstar/shell-sdk';
import { Button, ButtonLink, PageContainer } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import { authApi, AUTH_METHODS } from '../../api.ts';
import { Form, Lead, Notice } from '../shared/parts.tsx';

/** §3 storage key `confirm_sent_{userId}`: a confirmation was sent, the hint stops asking. */
export function confirmSentKey(uid: number): string {
  return `confirm_sent_${uid}`;
}

function markConfirmSent(uid: number): void {
  try {
    localStorage.setItem(confirmSentKey(uid), String(Date.now()));
  } catch {
    // Without storage the hint may ask again; nothing else depends on it.
  }
}

const Card = styled.section`
  max-width: 560px;
  margin: 0 auto;
  padding: 28px 24px;
  border-radius: 18px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  display: flex;
  flex-direction: column;
  gap: 20px;
  h1 {
    margin: 0;
    font-family: ${({ theme }) => theme.fonts.display};
    font-size: 28px;
  }
  h2 {
    margin: 0;
    font-size: 18px;
  }
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: 12px;
  padding: 16px;
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const Status = styled.span<{ $ok: boolean }>`
  font-size: 14px;
  font-weight: 600;
  color: ${({ $ok, theme }) => ($ok ? theme.colors.success : theme.colors.warning)};
`;

interface Contact {
  type: 'email' | 'phone';
  contact: string;
  is_confirmed: boolean;
}

const PROFILE_PARAMS = { fields: 'contacts,document' } as const;

/**
 * §2 `/confirmation` (§4 "Contact confirmation"): the player's contacts with their state; a
 * contact is added, a code is sent to it, and the code confirms it. Success goes to
 * `/confirmation/success` (the code is cleared); a wrong code marks the field invalid.
 */
export function ConfirmationPage() {
  const session = useAtomValue(sessionAtom);
  const uid = session.status === 'signed-in' ? session.user.uid : null;
  const profile = useQuery({
    // The shell's start-up read the profile with these params (§7): the same answer.
    queryKey: apiQueryKey('account', 'getprofileinfo', PROFILE_PARAMS),
    queryFn: () => authApi.send(AUTH_METHODS.getprofileinfo, PROFILE_PARAMS),
    enabled: uid !== null,
  });
  const contacts = (profile.data?.contacts ?? []) as Contact[];
  return (
    <PageContainer data-remote="auth">
      <Card aria-labelledby="confirmation-title">
        <h1 id="confirmation-title">
          <Trans id="auth.confirmation.title">Confirm your contact</Trans>
        </h1>
        <Lead>
          <Trans id="auth.confirmation.lead">
            A confirmed e-mail or phone protects your account: it receives your sign-in and password
            reset codes.
          </Trans>
        </Lead>
        {contacts.length > 0 ? (
          <List>
            {contacts.map((contact) => (
              <ContactItem key={`${contact.type}:${contact.contact}`} contact={contact} uid={uid} />
            ))}
          </List>
        ) : null}
        <AddContact />
      </Card>
    </PageContainer>
  );
}

function ContactItem({ contact, uid }: { contact: Contact; uid: number | null }) {
  const [sent, setSent] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const { t } = useLingui();
  const send = async () => {
    setNotice(null);
    try {
      await authApi.send(AUTH_METHODS.sendconfirmationtocontact, { contact: contact.contact });
      if (uid !== null) markConfirmSent(uid);
      setSent(true);
    } catch (error) {
      const wait = isApiError(error) ? Number(error.errorData.resend_time) : NaN;
      setNotice(
        Number.isFinite(wait) && wait > 0
          ? t({
              id: 'auth.confirmation.wait',
              message: `A code was sent a moment ago. You can ask again in ${wait} s.`,
            })
          : t({
              id: 'auth.twofa.generic',
              message: 'Something went wrong. Try again in a moment.',
            }),
      );
      if (Number.isFinite(wait) && wait > 0) setSent(true);
    }
  };
  return (
    <Item>
      <div>
        <strong>{contact.contact}</strong>{' '}
        <Status $ok={contact.is_confirmed}>
          {contact.is_confirmed ? (
            <Trans id="auth.confirmation.confirmed">Confirmed</Trans>
          ) : (
            <Trans id="auth.confirmation.unconfirmed">Not confirmed</Trans>
          )}
        </Status>
      </div>
      {contact.is_confirmed ? null : sent ? (
        <ConfirmCode contact={contact.contact} />
      ) : (
        <Button variant="secondary" onClick={() => void send()}>
          <Trans id="auth.confirmation.send">Send a confirmation code</Trans>
        </Button>
      )}
      {notice ? <Notice role="alert">{notice}</Notice> : null}
    </Item>
  );
}

/** Digits only (the code field and a phone number). */
const digits = (text: string) => text.replace(/\D/g, '');

/**
 * The two small forms of this page are plain React state: the page is a remote's first screen
 * and stays light (no form library, no rule dictionary); the server checks the same rules.
 */
function ConfirmCode({ contact }: { contact: string }) {
  const { t } = useLingui();
  const navigation = useShellNavigation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t({ id: 'auth.twofa.codeLength', message: 'The code must contain 6 digits' }));
      return;
    }
    setSending(true);
    try {
      await authApi.send(AUTH_METHODS.confirmContact, { contact, code });
      setCode('');
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('account', 'getprofileinfo') });
      navigation.navigate(routePath('confirmationSuccess', {}, navigation.locale));
    } catch {
      setError(
        t({
          id: 'auth.twofa.codeInvalid',
          message: 'This code is not right. Check it and try again.',
        }),
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t({ id: 'auth.confirmation.codeForm', message: `Confirm ${contact}` })}
    >
      <Input
        label={<Trans id="auth.field.code">Verification code</Trans>}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        error={error ?? undefined}
        onChange={(event) => {
          setCode(digits(event.currentTarget.value).slice(0, 6));
          setError(null);
        }}
      />
      <Button type="submit" disabled={sending}>
        <Trans id="auth.confirmation.confirm">Confirm</Trans>
      </Button>
    </Form>
  );
}

function AddContact() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = contact.trim();
    if (text === '') {
      setError(
        t({ id: 'auth.confirmation.required', message: 'Enter an e-mail or a phone number' }),
      );
      return;
    }
    setSending(true);
    try {
      await authApi.send(AUTH_METHODS.addcontact, {
        contact: text.includes('@') ? text : digits(text),
      });
      setContact('');
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('account', 'getprofileinfo') });
    } catch (failure) {
      const code = isApiError(failure) ? failure.invalidParameters.contact?.[0] : undefined;
      // §8 "adding a contact failure shows wrong email or phone format": each its own §5
      // message (the validators' texts, kept here so this light page loads no dictionary), by
      // the server's code (an e-mail is what has an @, as the server reads it).
      const kind =
        code === 'email' || code === 'phone' ? code : text.includes('@') ? 'email' : 'phone';
      setError(
        code === 'already_exists'
          ? t({ id: 'auth.confirmation.taken', message: 'This contact belongs to another account' })
          : isApiError(failure) && code !== undefined
            ? kind === 'email'
              ? t({ id: 'auth.confirmation.wrongEmail', message: 'Wrong email address' })
              : t({ id: 'auth.confirmation.wrongPhone', message: 'Wrong phone format' })
            : t({
                id: 'auth.twofa.generic',
                message: 'Something went wrong. Try again in a moment.',
              }),
      );
    } finally {
      setSending(false);
    }
  };
  return (
    <Form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t({ id: 'auth.confirmation.addForm', message: 'Add a contact' })}
    >
      <h2>
        <Trans id="auth.confirmation.add">Add an e-mail or phone</Trans>
      </h2>
      <Input
        label={<Trans id="auth.field.contact">E-mail or phone number</Trans>}
        autoComplete="email"
        value={contact}
        error={error ?? undefined}
        onChange={(event) => {
          setContact(event.currentTarget.value);
          setError(null);
        }}
      />
      <Button type="submit" variant="secondary" disabled={sending}>
        <Trans id="auth.confirmation.addSubmit">Add contact</Trans>
      </Button>
    </Form>
  );
}

/** §2 `/confirmation/success`. */
export function ConfirmationSuccessPage() {
  const { locale } = useShellNavigation();
  const games = useLinkProps(routePath('gamehall', {}, locale));
  return (
    <PageContainer data-remote="auth">
      <Card aria-labelledby="confirmation-success-title">
        <h1 id="confirmation-success-title">
          <Trans id="auth.confirmationSuccess.title">Contact confirmed</Trans>
        </h1>
        <Lead>
          <Trans id="auth.confirmationSuccess.text">
            Thank you. Your sign-in and password reset codes now go to this contact.
          </Trans>
        </Lead>
        <ButtonLink {...games}>
          <Trans id="auth.confirmationSuccess.button">Go to the games</Trans>
        </ButtonLink>
      </Card>
    </PageContainer>
  );
}
