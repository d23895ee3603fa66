import { useEffect, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { isExternalUrl, sessionAtom, useCmsLinks, useShellNavigation } from '@northstar/shell-sdk';
import { Button, ButtonLink, Icon, media, PageContainer, type IconName } from '@northstar/ui';
import { Input } from '@northstar/ui/forms';
import { splitLocalePath } from '@northstar/i18n';
import { NavLink } from '../layout/nav-link.tsx';
import { shellApi } from '../session/shell-api.ts';
import { activeChat } from './chat-settings.ts';
import { requestLiveChat } from './chat-requests.ts';
import { Notice, Success, TextArea, useMessageErrorText, useMessageForm } from './message-form.tsx';
import { MESSAGE_MAX_LENGTH } from './message-rules.ts';
import { chatStatusQuery, SUPPORT_METHODS, supportSettingsQuery } from './support-api.ts';

const Hero = styled.header`
  position: relative;
  overflow: hidden;
  padding: 32px 20px;
  border-radius: ${({ theme }) => theme.radii.xl};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    radial-gradient(90% 140% at 100% 0%, rgba(139, 108, 255, 0.22), transparent 60%),
    radial-gradient(80% 120% at 0% 100%, rgba(245, 184, 65, 0.12), transparent 55%),
    ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.from('tablet')} {
    padding: 48px 40px;
  }
  h1 {
    font-size: 30px;
    margin: 0;
    ${media.from('tablet')} {
      font-size: 40px;
    }
  }
  p {
    max-width: 620px;
    margin: 12px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 16px;
    line-height: 1.6;
  }
`;

const Eyebrow = styled.span`
  display: inline-block;
  margin-bottom: 10px;
  font-size: 13px;
  font-weight: 700;
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.primary};
`;

const Status = styled.div<{ $online: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 10px;
  margin-top: 20px;
  padding: 8px 14px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.background};
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  &::before {
    content: '';
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ theme, $online }) => ($online ? theme.colors.success : theme.colors.warning)};
    box-shadow: 0 0 0 4px
      ${({ $online }) => ($online ? 'rgba(47, 210, 122, 0.18)' : 'rgba(255, 176, 32, 0.18)')};
  }
`;

const Layout = styled.div`
  display: grid;
  gap: 24px;
  margin-top: 24px;
  ${media.from('laptop')} {
    grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
    align-items: start;
  }
`;

const Options = styled.div`
  display: grid;
  gap: 16px;
`;

const Card = styled.section`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 4px 16px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h2 {
    margin: 2px 0 0;
    font-size: 18px;
  }
  p {
    margin: 4px 0 12px;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.55;
  }
  > :not(:first-child) {
    grid-column: 2;
  }
`;

const Badge = styled.span`
  grid-row: span 3;
  display: inline-grid;
  place-items: center;
  width: 48px;
  height: 48px;
  border-radius: 14px;
  color: ${({ theme }) => theme.colors.primary};
  background: radial-gradient(circle, rgba(245, 184, 65, 0.2), rgba(245, 184, 65, 0.05));
  border: 1px solid rgba(245, 184, 65, 0.35);
`;

const Links = styled.ul`
  display: grid;
  gap: 2px;
  margin: 4px 0 0;
  padding: 0;
  list-style: none;
  a {
    display: inline-flex;
    align-items: center;
    gap: 8px;
    min-height: 36px;
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    &:hover {
      color: ${({ theme }) => theme.colors.primary};
    }
  }
  a::after {
    content: '›';
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const FormCard = styled.section`
  padding: 24px 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background:
    linear-gradient(180deg, rgba(139, 108, 255, 0.06), transparent 200px),
    ${({ theme }) => theme.colors.surface};
  scroll-margin-top: 96px;
  ${media.from('tablet')} {
    padding: 32px;
  }
  h2 {
    margin: 0;
    font-size: 22px;
  }
  > p {
    margin: 8px 0 20px;
    color: ${({ theme }) => theme.colors.textMuted};
    line-height: 1.55;
  }
  form {
    display: grid;
    gap: 18px;
  }
`;

const Submit = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 12px 16px;
  small {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
`;

function MailIcon() {
  return (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect
        x="3"
        y="5"
        width="18"
        height="14"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
      <path
        d="M4 7l8 6 8-6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function Option({
  icon,
  title,
  children,
}: {
  icon: IconName | 'mail';
  title: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card>
      <Badge>{icon === 'mail' ? <MailIcon /> : <Icon name={icon} />}</Badge>
      <h2>{title}</h2>
      {children}
    </Card>
  );
}

/** The site's help pages of the common content (§3 footerLinks), but this page itself. */
function HelpLinks() {
  const { t } = useLingui();
  const links = (useCmsLinks('footerLinks') ?? []).filter(
    (link) => isExternalUrl(link.url) || splitLocalePath(link.url).path !== '/support',
  );
  if (links.length === 0) return null;
  return (
    <Option icon="shield" title={<Trans id="support.help.title">Help and rules</Trans>}>
      <p>
        <Trans id="support.help.text">Answers about your account, payments and safer play.</Trans>
      </p>
      <nav aria-label={t({ id: 'support.help.title', message: 'Help and rules' })}>
        <Links>
          {links.map((link) => (
            <li key={link.url}>
              {isExternalUrl(link.url) ? (
                <a href={link.url} rel="noopener noreferrer" target="_blank">
                  {link.label}
                </a>
              ) : (
                <NavLink path={link.url}>{link.label}</NavLink>
              )}
            </li>
          ))}
        </Links>
      </nav>
    </Option>
  );
}

/** §5 the feedback form (`support/sendFeedback`): translated field errors, the server's on the field. */
function FeedbackForm() {
  const { t } = useLingui();
  const session = useAtomValue(sessionAtom);
  const { locale } = useShellNavigation();
  const signedIn = session.status === 'signed-in';
  const errorText = useMessageErrorText();
  const { values, errors, notice, status, change, submit, reset, emailRef, messageRef } =
    useMessageForm({
      emailRequired: !signedIn,
      parameters: { email: 'email', message: 'message' },
      send: (fields) =>
        shellApi.send(SUPPORT_METHODS.sendFeedback, {
          message: fields.message,
          ...(fields.email ? { email: fields.email } : {}),
        }),
    });
  const successRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (status === 'sent') successRef.current?.focus();
  }, [status]);

  if (status === 'sent') {
    return (
      <Success ref={successRef} tabIndex={-1} role="status">
        <h3>
          <Trans id="support.feedback.sentTitle">Thank you, your message is on its way</Trans>
        </h3>
        <p>
          <Trans id="support.feedback.sentText">
            Our support team reads every message and answers by e-mail, usually within 24 hours.
          </Trans>
        </p>
        <Button variant="secondary" onClick={reset}>
          <Trans id="support.feedback.another">Write another message</Trans>
        </Button>
      </Success>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t({ id: 'support.feedback.title', message: 'Send us a message' })}
    >
      <Input
        ref={emailRef}
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        label={
          signedIn
            ? t({ id: 'support.field.emailOptional', message: 'E-mail (optional)' })
            : t({ id: 'support.field.email', message: 'E-mail' })
        }
        hint={
          signedIn
            ? t({
                id: 'support.field.emailHint',
                message: 'Leave it empty to get the answer at your account’s e-mail.',
              })
            : undefined
        }
        required={!signedIn}
        value={values.email}
        onChange={(event) => change('email', event.currentTarget.value)}
        error={errorText('email', errors.email)}
      />
      <TextArea
        ref={messageRef}
        name="message"
        label={t({ id: 'support.field.message', message: 'What would you like to tell us?' })}
        required
        rows={6}
        maxLength={MESSAGE_MAX_LENGTH + 200}
        value={values.message}
        onChange={(event) => change('message', event.currentTarget.value)}
        error={errorText('message', errors.message)}
        counter={{
          length: values.message.trim().length,
          max: MESSAGE_MAX_LENGTH,
          locale,
        }}
      />
      {notice ? <Notice role="alert">{notice}</Notice> : null}
      <Submit>
        <Button
          type="submit"
          size="lg"
          disabled={status === 'sending'}
          aria-busy={status === 'sending' || undefined}
        >
          <Trans id="support.feedback.submit">Submit</Trans>
        </Button>
        <small>
          <Trans id="support.feedback.privacy">We use your details only to answer you.</Trans>
        </small>
      </Submit>
    </form>
  );
}

/**
 * §2 `/support`: the ways to reach the support team. Live chat when a provider is configured
 * (§3 support settings; its button opens the chat the live-chat slot has started), e-mail through
 * the feedback form (§7 `support/sendFeedback`), and the site's help pages. The user-blocked page's
 * button leads here, and no system page covers it (system/error-pages.ts `mayCover`).
 */
export function SupportPage() {
  const settings = useQuery(supportSettingsQuery()).data;
  const chat = activeChat(settings);
  const ours = chat?.provider === 'northstar';
  const status = useQuery({ ...chatStatusQuery(), enabled: ours }).data;
  const hours = status?.hours;

  return (
    <PageContainer data-remote="shell" data-support-page>
      <Hero>
        <Eyebrow>
          <Trans id="support.eyebrow">Help centre</Trans>
        </Eyebrow>
        <h1>
          <Trans id="support.title">Support</Trans>
        </h1>
        <p>
          <Trans id="support.lead">
            Questions about your account, a payment or a game? Our support team is here to help, in
            your language.
          </Trans>
        </p>
        {ours && status ? (
          <Status $online={status.online} data-chat-status={status.online ? 'online' : 'offline'}>
            {status.online ? (
              <Trans id="support.status.online">Agents are online now</Trans>
            ) : hours ? (
              <Trans id="support.status.offlineHours">
                We are offline now. Support hours: {hours}
              </Trans>
            ) : (
              <Trans id="support.status.offline">We are offline now: leave us a message</Trans>
            )}
          </Status>
        ) : null}
      </Hero>
      <Layout>
        <Options>
          {chat ? (
            <Option icon="support" title={<Trans id="support.chat.title">Live chat</Trans>}>
              <p>
                <Trans id="support.chat.text">
                  Chat with a support agent in real time. Most chats are answered within a few
                  minutes.
                </Trans>
              </p>
              <div>
                <Button onClick={requestLiveChat}>
                  <Trans id="support.chat.start">Start a chat</Trans>
                </Button>
              </div>
            </Option>
          ) : null}
          <Option icon="mail" title={<Trans id="support.mail.title">E-mail</Trans>}>
            <p>
              <Trans id="support.mail.text">
                Write to us with the form and we answer by e-mail, usually within 24 hours.
              </Trans>
            </p>
            <div>
              <ButtonLink variant="secondary" href="#feedback">
                <Trans id="support.mail.link">Write to us</Trans>
              </ButtonLink>
            </div>
          </Option>
          <HelpLinks />
        </Options>
        <FormCard id="feedback" aria-labelledby="feedback-title">
          <h2 id="feedback-title">
            <Trans id="support.feedback.title">Send us a message</Trans>
          </h2>
          <p>
            <Trans id="support.feedback.lead">
              Tell us what happened and, if it is about a payment or a bet, when. The more we know,
              the faster we can help.
            </Trans>
          </p>
          <FeedbackForm />
        </FormCard>
      </Layout>
    </PageContainer>
  );
}
