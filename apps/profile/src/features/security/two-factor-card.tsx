import { useState } from 'react';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  isApiError,
  routePath,
  showToast,
  useLinkProps,
  useShellNavigation,
} from '@northstar/shell-sdk';
import { Button, Icon, media, Skeleton } from '@northstar/ui';
import {
  formatCountdown,
  startCountdown,
  useCountdown,
  type Countdown,
} from '@northstar/ui/countdown';
import { securityApi, securityKey, SECURITY_METHODS } from './api.ts';
import { CodeForm } from './code-form.tsx';
import { useSecurityTexts } from './messages.ts';
import {
  Actions,
  Card,
  CardHead,
  IconBadge,
  LinkButton,
  Muted,
  Notice,
  StatusPill,
} from './parts.tsx';
import { groupKey } from './security-model.ts';

type Setup = { secret: string; otpauth_url: string; qr_code: string };

type Flow =
  | { kind: 'idle' }
  | { kind: 'app-setup'; setup: Setup }
  | { kind: 'recovery'; codes: string[] }
  | { kind: 'app-off' }
  /** §4: a code went to the confirmed contact to switch contact codes on (or off). */
  | { kind: 'contact'; enable: boolean; resend: Countdown };

/**
 * Two-factor (§4, issue #25): an authenticator app (RFC 6238, QR code or manual key, confirmed by
 * a first code, recovery codes shown once), or a code sent to a confirmed contact with the resend
 * countdown. Turning either off takes a code too.
 */
export function TwoFactorCard() {
  const { t } = useLingui();
  const texts = useSecurityTexts();
  const queryClient = useQueryClient();
  const summary = useQuery({
    queryKey: securityKey(),
    queryFn: () => securityApi.send(SECURITY_METHODS.getSecurity),
  });
  const [flow, setFlow] = useState<Flow>({ kind: 'idle' });
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKey() });

  const startApp = async () => {
    setNotice(null);
    setBusy(true);
    try {
      const setup = await securityApi.send(SECURITY_METHODS.startAppTwoFactor);
      setFlow({ kind: 'app-setup', setup });
    } catch (error) {
      setNotice(texts.failure(error));
    } finally {
      setBusy(false);
    }
  };

  const sendContactCode = async (enable: boolean) => {
    setNotice(null);
    setBusy(true);
    try {
      const answer = await securityApi.send(SECURITY_METHODS.changeTwoFactorAuth, { enable });
      setFlow({
        kind: 'contact',
        enable,
        resend: startCountdown(answer.resend_time),
      });
    } catch (error) {
      // §4 a refusal may carry the wait until another code may be sent.
      const wait = isApiError(error) ? error.errorData.resend_time : undefined;
      if (typeof wait === 'number') {
        setFlow({ kind: 'contact', enable, resend: startCountdown(wait) });
      } else if (isApiError(error) && error.type === 'UserNeedConfirmContact') {
        setNotice(
          t({
            id: 'profile.security.twofa.needContact',
            message: 'Confirm an e-mail or phone in your settings first.',
          }),
        );
      } else setNotice(texts.failure(error));
    } finally {
      setBusy(false);
    }
  };

  const data = summary.data;
  const method = data?.two_factor_method ?? null;

  return (
    <Card aria-labelledby="security-twofa-title">
      <CardHead>
        <IconBadge aria-hidden="true">
          <Icon name="shield" size={22} />
        </IconBadge>
        <div>
          <h2 id="security-twofa-title">
            <Trans id="profile.security.twofa.title">Two-step verification</Trans>
          </h2>
          <p>
            <Trans id="profile.security.twofa.lead">
              A second step after your password keeps your account and balance safe even if your
              password is stolen.
            </Trans>
          </p>
        </div>
      </CardHead>
      {summary.isPending ? (
        <Skeleton $height="96px" $radius="10px" />
      ) : summary.isError || !data ? (
        <Notice role="alert">{texts.failure(summary.error)}</Notice>
      ) : flow.kind === 'app-setup' ? (
        <AppSetup
          setup={flow.setup}
          onCancel={() => setFlow({ kind: 'idle' })}
          onConfirmed={(codes) => {
            setFlow({ kind: 'recovery', codes });
            void refresh();
          }}
        />
      ) : flow.kind === 'recovery' ? (
        <RecoveryCodes codes={flow.codes} onDone={() => setFlow({ kind: 'idle' })} />
      ) : flow.kind === 'app-off' ? (
        <CodeForm
          id="security-app-off-code"
          label={
            <Trans id="profile.security.twofa.offCode">Code from your app or a recovery code</Trans>
          }
          recovery
          submitLabel={<Trans id="profile.security.twofa.offSubmit">Turn off</Trans>}
          onCode={async (code) => {
            await securityApi.send(SECURITY_METHODS.disableAppTwoFactor, { code });
            setFlow({ kind: 'idle' });
            await refresh();
            showToast({
              tone: 'info',
              text: t({
                id: 'profile.security.twofa.appOff',
                message: 'The authenticator app is off for your account.',
              }),
            });
          }}
        >
          <Button variant="ghost" onClick={() => setFlow({ kind: 'idle' })}>
            <Trans id="profile.security.cancel">Cancel</Trans>
          </Button>
        </CodeForm>
      ) : flow.kind === 'contact' ? (
        <ContactCode
          flow={flow}
          contact={data.code_contact}
          onResend={() => void sendContactCode(flow.enable)}
          onCancel={() => setFlow({ kind: 'idle' })}
          onConfirmed={async (on) => {
            setFlow({ kind: 'idle' });
            await refresh();
            showToast({
              tone: 'success',
              text: on
                ? t({
                    id: 'profile.security.twofa.contactOn',
                    message: 'Two-step verification by code is on.',
                  })
                : t({
                    id: 'profile.security.twofa.contactOff',
                    message: 'Two-step verification by code is off.',
                  }),
            });
          }}
        />
      ) : (
        <Methods>
          <Method>
            <MethodHead>
              <h3>
                <Trans id="profile.security.twofa.app">Authenticator app</Trans>
              </h3>
              <StatusPill $on={method === 'app'}>
                {method === 'app' ? (
                  <Trans id="profile.security.on">On</Trans>
                ) : (
                  <Trans id="profile.security.off">Off</Trans>
                )}
              </StatusPill>
            </MethodHead>
            <Muted>
              <Trans id="profile.security.twofa.appLead">
                Recommended. Use Google Authenticator, Microsoft Authenticator, 1Password or any app
                that makes 6-digit codes. Works without a signal.
              </Trans>
            </Muted>
            {method === 'app' ? (
              <>
                <Muted>
                  <Trans id="profile.security.twofa.recoveryLeft">
                    Recovery codes left: {data.recovery_codes_left}
                  </Trans>
                </Muted>
                <Actions>
                  <Button variant="secondary" onClick={() => setFlow({ kind: 'app-off' })}>
                    <Trans id="profile.security.twofa.appTurnOff">Turn off the app</Trans>
                  </Button>
                </Actions>
              </>
            ) : (
              <Actions>
                <Button onClick={() => void startApp()} disabled={busy}>
                  <Trans id="profile.security.twofa.appSetUp">Set up the app</Trans>
                </Button>
              </Actions>
            )}
          </Method>
          <Method>
            <MethodHead>
              <h3>
                <Trans id="profile.security.twofa.contact">Code by e-mail or SMS</Trans>
              </h3>
              <StatusPill $on={method === 'contact'}>
                {method === 'contact' ? (
                  <Trans id="profile.security.on">On</Trans>
                ) : (
                  <Trans id="profile.security.off">Off</Trans>
                )}
              </StatusPill>
            </MethodHead>
            <Muted>
              {data.code_contact ? (
                <Trans id="profile.security.twofa.contactLead">
                  At sign-in we send a 6-digit code to {data.code_contact}.
                </Trans>
              ) : (
                <Trans id="profile.security.twofa.contactNone">
                  Needs a confirmed e-mail or phone.
                </Trans>
              )}
            </Muted>
            {method === 'app' ? null : data.code_contact ? (
              <Actions>
                <Button
                  variant="secondary"
                  onClick={() => void sendContactCode(method !== 'contact')}
                  disabled={busy}
                >
                  {method === 'contact' ? (
                    <Trans id="profile.security.twofa.contactTurnOff">Turn off</Trans>
                  ) : (
                    <Trans id="profile.security.twofa.contactTurnOn">Turn on</Trans>
                  )}
                </Button>
              </Actions>
            ) : (
              <SettingsLink />
            )}
          </Method>
          {notice ? <Notice role="alert">{notice}</Notice> : null}
        </Methods>
      )}
    </Card>
  );
}

function SettingsLink() {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath('profileSettings', {}, locale));
  return (
    <Actions>
      <a {...link}>
        <Trans id="profile.security.twofa.toSettings">Confirm a contact in Settings</Trans>
      </a>
    </Actions>
  );
}

function AppSetup({
  setup,
  onCancel,
  onConfirmed,
}: {
  setup: Setup;
  onCancel: () => void;
  onConfirmed: (codes: string[]) => void;
}) {
  const { t } = useLingui();
  return (
    <SetupGrid>
      <Qr>
        {/* The server draws the QR code (an SVG data URL): no QR library in the page. */}
        <img
          src={setup.qr_code}
          width={184}
          height={184}
          alt={t({
            id: 'profile.security.app.qrAlt',
            message: 'QR code to add Northstar to your authenticator app',
          })}
        />
      </Qr>
      <div>
        <Steps>
          <li>
            <Trans id="profile.security.app.step1">
              Open your authenticator app and scan this QR code.
            </Trans>
          </li>
          <li>
            <Trans id="profile.security.app.step2">Or type this key into the app by hand:</Trans>
            <Key data-testid="manual-key">{groupKey(setup.secret)}</Key>
          </li>
          <li>
            <Trans id="profile.security.app.step3">Enter the 6-digit code the app shows.</Trans>
          </li>
        </Steps>
        <CodeForm
          id="security-app-code"
          label={<Trans id="profile.security.app.code">Code from the app</Trans>}
          submitLabel={<Trans id="profile.security.app.confirm">Confirm and turn on</Trans>}
          onCode={async (code) => {
            const answer = await securityApi.send(SECURITY_METHODS.confirmAppTwoFactor, { code });
            onConfirmed(answer.recovery_codes);
          }}
        >
          <Button variant="ghost" onClick={onCancel}>
            <Trans id="profile.security.cancel">Cancel</Trans>
          </Button>
        </CodeForm>
      </div>
    </SetupGrid>
  );
}

/** The recovery codes, shown this once (the server keeps only their hashes). */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const [copied, setCopied] = useState(false);
  return (
    <Recovery role="region" aria-labelledby="security-recovery-title" tabIndex={-1}>
      <Notice $tone="success" role="status">
        <Trans id="profile.security.recovery.on">
          The authenticator app is on. Every sign-in now asks for its code.
        </Trans>
      </Notice>
      <h3 id="security-recovery-title">
        <Trans id="profile.security.recovery.title">Your recovery codes</Trans>
      </h3>
      <Muted>
        <Trans id="profile.security.recovery.lead">
          Keep these codes somewhere safe. Each one signs you in once if you lose your phone. We
          show them only now.
        </Trans>
      </Muted>
      <CodeList aria-label={t({ id: 'profile.security.recovery.list', message: 'Recovery codes' })}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </CodeList>
      <Actions>
        <Button
          variant="secondary"
          onClick={() => {
            void navigator.clipboard?.writeText(codes.join('\n')).then(() => setCopied(true));
          }}
        >
          {copied ? (
            <Trans id="profile.security.recovery.copied">Copied</Trans>
          ) : (
            <Trans id="profile.security.recovery.copy">Copy codes</Trans>
          )}
        </Button>
        <Button onClick={onDone}>
          <Trans id="profile.security.recovery.done">I have saved them</Trans>
        </Button>
      </Actions>
    </Recovery>
  );
}

/** §4 the code sent to the contact, with the resend countdown. */
function ContactCode({
  flow,
  contact,
  onResend,
  onCancel,
  onConfirmed,
}: {
  flow: Extract<Flow, { kind: 'contact' }>;
  contact: string | null;
  onResend: () => void;
  onCancel: () => void;
  onConfirmed: (on: boolean) => Promise<void>;
}) {
  const left = useCountdown(flow.resend);
  return (
    <>
      <Muted>
        <Trans id="profile.security.contact.sent">We sent a 6-digit code to {contact}.</Trans>
      </Muted>
      <CodeForm
        id="security-contact-code"
        label={<Trans id="profile.security.contact.code">Verification code</Trans>}
        submitLabel={<Trans id="profile.security.contact.confirm">Confirm</Trans>}
        onCode={async (code) => {
          const answer = await securityApi.send(SECURITY_METHODS.confirmTwoFactorAuth, { code });
          await onConfirmed(answer.two_factor_auth);
        }}
      >
        <Button variant="ghost" onClick={onCancel}>
          <Trans id="profile.security.cancel">Cancel</Trans>
        </Button>
      </CodeForm>
      {left > 0 ? (
        <Muted role="status" aria-live="off">
          <Trans id="profile.security.contact.wait">
            You can ask for a new code in {formatCountdown(left)}
          </Trans>
        </Muted>
      ) : (
        <div>
          <LinkButton type="button" onClick={onResend}>
            <Trans id="profile.security.contact.resend">Send a new code</Trans>
          </LinkButton>
        </div>
      )}
    </>
  );
}

const Methods = styled.div`
  display: grid;
  gap: 12px;
`;

const Method = styled.div`
  display: grid;
  gap: 10px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const MethodHead = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  gap: 12px;
  h3 {
    margin: 0;
    font-size: 16px;
  }
`;

const SetupGrid = styled.div`
  display: grid;
  gap: 20px;
  ${media.from('tablet')} {
    grid-template-columns: auto 1fr;
    align-items: start;
  }
`;

const Qr = styled.div`
  justify-self: center;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fff;
  line-height: 0;
`;

const Steps = styled.ol`
  margin: 0 0 16px;
  padding-left: 20px;
  display: grid;
  gap: 8px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

const Key = styled.code`
  display: block;
  margin-top: 6px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.background};
  border: 1px dashed ${({ theme }) => theme.colors.borderStrong};
  color: ${({ theme }) => theme.colors.text};
  font-size: 15px;
  letter-spacing: 0.08em;
  word-break: break-all;
  user-select: all;
`;

const Recovery = styled.div`
  display: grid;
  gap: 12px;
  h3 {
    margin: 4px 0 0;
    font-size: 16px;
  }
`;

const CodeList = styled.ul`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 8px;
  margin: 0;
  padding: 14px;
  list-style: none;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme }) => theme.colors.border};
  code {
    font-size: 15px;
    letter-spacing: 0.06em;
  }
`;
