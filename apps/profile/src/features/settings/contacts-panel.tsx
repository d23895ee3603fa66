import { useId, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isApiError, showToast } from '@northstar/shell-sdk';
import { Button, media } from '@northstar/ui';
import { Input, Select } from '@northstar/ui/forms';
import { startCountdown, useCountdown, type Countdown } from '@northstar/ui/countdown';
import { PROFILE_METHODS, profileApi, refreshPlayer, type Contact } from '../shared/account-api.ts';
import {
  codeFieldError,
  serverFieldCodes,
  useFieldMessage,
  useProblemText,
} from '../shared/field-messages.ts';
import { Chip, Muted, Panel } from '../profile-frame/profile-frame.tsx';
import { contactState, type ContactState } from './settings-model.ts';
import { loadRules } from './load-rules.ts';

/**
 * Contacts (issue #25, §4 "Contact confirmation"): add an e-mail or phone (`addcontact`), send a
 * code (`sendconfirmationtocontact`, with the resend countdown) and confirm it
 * (`confirmContact`); success clears the code, a failure marks it invalid.
 */
export function ContactsPanel({ contacts }: { contacts: readonly Contact[] }) {
  const titleId = useId();
  return (
    <Panel
      labelId={titleId}
      title={<Trans id="profile.contacts.title">E-mail and phone</Trans>}
      lead={
        <Trans id="profile.contacts.lead">
          Confirm a contact to receive security codes, payment updates and, if you wish, offers.
        </Trans>
      }
    >
      <List>
        {contacts.map((contact) => (
          <ContactRow key={`${contact.type}:${contact.contact}`} contact={contact} />
        ))}
      </List>
      <AddContactForm />
    </Panel>
  );
}

function StateChip({ state }: { state: ContactState }) {
  switch (state) {
    case 'confirmed':
      return (
        <Chip $tone="success">
          <Trans id="profile.contacts.confirmed">Confirmed</Trans>
        </Chip>
      );
    case 'code_sent':
      return (
        <Chip $tone="warning">
          <Trans id="profile.contacts.codeSent">Code sent</Trans>
        </Chip>
      );
    default:
      return (
        <Chip $tone="muted">
          <Trans id="profile.contacts.unconfirmed">Not confirmed</Trans>
        </Chip>
      );
  }
}

function ContactRow({ contact }: { contact: Contact }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fieldMessage = useFieldMessage();
  const problemText = useProblemText();
  const [codeSent, setCodeSent] = useState(false);
  const [resend, setResend] = useState<Countdown | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const wait = useCountdown(resend);
  const state = contactState(contact, codeSent);
  const kindLabel =
    contact.type === 'email'
      ? t({ id: 'profile.contacts.email', message: 'E-mail' })
      : t({ id: 'profile.contacts.phone', message: 'Phone' });

  const send = async () => {
    setProblem(null);
    setBusy(true);
    try {
      const answer = await profileApi.send(PROFILE_METHODS.sendconfirmationtocontact, {
        contact: contact.contact,
      });
      setCodeSent(true);
      setResend(startCountdown(answer.resend_time));
    } catch (error) {
      // §4 the countdown follows the server's resend time.
      const seconds = isApiError(error) ? Number(error.errorData.resend_time) : NaN;
      if (Number.isFinite(seconds) && seconds > 0) {
        setCodeSent(true);
        setResend(startCountdown(seconds));
      } else setProblem(problemText(error));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { codeSchema, firstError } = await loadRules();
    const local = firstError(codeSchema, code);
    setCodeError(local);
    if (local) return;
    setBusy(true);
    try {
      await profileApi.send(PROFILE_METHODS.confirmContact, {
        contact: contact.contact,
        code: code.trim(),
      });
      setCode('');
      setCodeSent(false);
      await refreshPlayer(queryClient);
      showToast({
        tone: 'success',
        text: t({ id: 'profile.contacts.confirmedToast', message: 'Contact confirmed.' }),
      });
    } catch (error) {
      setCodeError(codeFieldError(error) ?? 'code_invalid');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Row>
      <RowHead>
        <div>
          <Kind>{kindLabel}</Kind>
          <Address>{contact.type === 'phone' ? `+${contact.contact}` : contact.contact}</Address>
        </div>
        <StateChip state={state} />
      </RowHead>
      {state !== 'confirmed' ? (
        <RowBody>
          <Button
            type="button"
            variant="secondary"
            size="sm"
            disabled={busy || wait > 0}
            onClick={() => void send()}
          >
            {wait > 0 ? (
              <Trans id="profile.contacts.resendIn">Send again in {wait} s</Trans>
            ) : codeSent ? (
              <Trans id="profile.contacts.resend">Send a new code</Trans>
            ) : (
              <Trans id="profile.contacts.send">Send a code</Trans>
            )}
          </Button>
          {codeSent ? (
            <CodeForm
              noValidate
              onFocus={() => void loadRules()}
              onSubmit={(event) => void confirm(event)}
            >
              <Input
                label={<Trans id="profile.contacts.code">Confirmation code</Trans>}
                hint={
                  <Trans id="profile.contacts.codeHint">
                    Enter the 6-digit code we sent to {contact.contact}.
                  </Trans>
                }
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(event) => {
                  setCode(event.currentTarget.value.replace(/\D/g, ''));
                  setCodeError(null);
                }}
                error={codeError ? fieldMessage(codeError) : undefined}
              />
              <Button type="submit" size="md" disabled={busy}>
                <Trans id="profile.contacts.confirm">Confirm</Trans>
              </Button>
            </CodeForm>
          ) : null}
          {problem ? (
            <Muted role="alert" style={{ flexBasis: '100%' }}>
              {problem}
            </Muted>
          ) : null}
        </RowBody>
      ) : null}
    </Row>
  );
}

function AddContactForm() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const fieldMessage = useFieldMessage();
  const problemText = useProblemText();
  const [kind, setKind] = useState<'email' | 'phone'>('email');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { contactSchema, firstError } = await loadRules();
    const local = firstError(contactSchema(kind), value);
    setError(local);
    if (local) return;
    setBusy(true);
    try {
      await profileApi.send(PROFILE_METHODS.addcontact, { contact: value.trim() });
      setValue('');
      await refreshPlayer(queryClient);
      showToast({
        tone: 'success',
        text: t({
          id: 'profile.contacts.added',
          message: 'Contact added. Send yourself a code to confirm it.',
        }),
      });
    } catch (failure) {
      // §8 adding a contact failure shows the wrong e-mail or phone format on the field.
      const codes = serverFieldCodes(failure);
      if (codes.contact) setError(codes.contact);
      else showToast({ tone: 'error', text: problemText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AddForm noValidate onFocus={() => void loadRules()} onSubmit={(event) => void submit(event)}>
      <Select
        label={<Trans id="profile.contacts.kind">Type</Trans>}
        value={kind}
        onChange={(event) => {
          setKind(event.currentTarget.value as 'email' | 'phone');
          setError(null);
        }}
        options={[
          { value: 'email', label: t({ id: 'profile.contacts.email', message: 'E-mail' }) },
          { value: 'phone', label: t({ id: 'profile.contacts.phone', message: 'Phone' }) },
        ]}
      />
      <Input
        label={
          kind === 'email' ? (
            <Trans id="profile.contacts.newEmail">New e-mail address</Trans>
          ) : (
            <Trans id="profile.contacts.newPhone">New phone number (with country code)</Trans>
          )
        }
        type={kind === 'email' ? 'email' : 'tel'}
        inputMode={kind === 'email' ? 'email' : 'tel'}
        autoComplete={kind === 'email' ? 'email' : 'tel'}
        placeholder={kind === 'email' ? 'name@example.com' : '+44 7700 900123'}
        value={value}
        onChange={(event) => {
          setValue(event.currentTarget.value);
          setError(null);
        }}
        error={error ? fieldMessage(error) : undefined}
      />
      <AddButton>
        <Button type="submit" variant="secondary" disabled={busy}>
          <Trans id="profile.contacts.add">Add contact</Trans>
        </Button>
      </AddButton>
    </AddForm>
  );
}

const List = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0 0 20px;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
`;

const RowHead = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

const Kind = styled.span`
  display: block;
  font-size: 12px;
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Address = styled.span`
  display: block;
  font-weight: 600;
  word-break: break-all;
`;

const RowBody = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 12px;
  margin-top: 12px;
`;

const CodeForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: 12px;
  flex: 1 1 320px;
  > :first-child {
    flex: 1 1 200px;
  }
  > button {
    margin-top: 26px;
  }
`;

const AddForm = styled.form`
  display: grid;
  gap: 12px;
  grid-template-columns: 1fr;
  align-items: start;
  ${media.from('tablet')} {
    grid-template-columns: 160px 1fr auto;
  }
`;

const AddButton = styled.div`
  ${media.from('tablet')} {
    padding-top: 26px;
  }
`;
