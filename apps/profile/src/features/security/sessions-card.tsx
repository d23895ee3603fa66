import { useState } from 'react';
import styled from 'styled-components';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { showToast, useShellNavigation } from '@northstar/shell-sdk';
import { Button, Icon, media, Skeleton } from '@northstar/ui';
import { securityApi, SECURITY_METHODS, sessionsKey } from './api.ts';
import { useSecurityTexts } from './messages.ts';
import { Actions, Card, CardHead, IconBadge, Muted, Notice } from './parts.tsx';

type Session = Awaited<ReturnType<typeof fetchSessions>>[number];

const fetchSessions = () => securityApi.send(SECURITY_METHODS.getSessions);

/**
 * Issue #25 active sessions: each signed-in device (browser and system from its User-Agent, the
 * approximate place from its address, last seen), this one marked; end one or all others.
 */
export function SessionsCard() {
  const { t } = useLingui();
  const texts = useSecurityTexts();
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: sessionsKey(), queryFn: fetchSessions });
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);

  const run = async (key: string, action: () => Promise<unknown>, done: string) => {
    setNotice(null);
    setBusy(key);
    try {
      await action();
      showToast({ tone: 'success', text: done });
    } catch (error) {
      setNotice(texts.failure(error));
    } finally {
      setBusy(null);
      await queryClient.invalidateQueries({ queryKey: sessionsKey() });
    }
  };

  return (
    <Card aria-labelledby="security-sessions-title" aria-busy={sessions.isPending}>
      <CardHead>
        <IconBadge aria-hidden="true">
          <Icon name="globe" size={22} />
        </IconBadge>
        <div>
          <h2 id="security-sessions-title">
            <Trans id="profile.security.sessions.title">Where you are signed in</Trans>
          </h2>
          <p>
            <Trans id="profile.security.sessions.lead">
              If you do not recognise a device, end its session and change your password.
            </Trans>
          </p>
        </div>
      </CardHead>
      {sessions.isPending ? (
        <Skeleton $height="72px" $radius="10px" />
      ) : sessions.isError ? (
        <Notice role="alert">{texts.failure(sessions.error)}</Notice>
      ) : (
        <List>
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              busy={busy === session.id}
              onEnd={() =>
                void run(
                  session.id,
                  () => securityApi.send(SECURITY_METHODS.endSession, { id: session.id }),
                  t({ id: 'profile.security.sessions.ended', message: 'The session has ended.' }),
                )
              }
            />
          ))}
        </List>
      )}
      {notice ? <Notice role="alert">{notice}</Notice> : null}
      {others.length > 0 ? (
        <Actions>
          <Button
            variant="secondary"
            disabled={busy !== null}
            onClick={() =>
              void run(
                'all',
                () => securityApi.send(SECURITY_METHODS.endOtherSessions),
                t({
                  id: 'profile.security.sessions.allEnded',
                  message: 'Every other session has ended.',
                }),
              )
            }
          >
            <Trans id="profile.security.sessions.endOthers">Sign out all other devices</Trans>
          </Button>
        </Actions>
      ) : sessions.isSuccess ? (
        <Muted>
          <Trans id="profile.security.sessions.onlyThis">
            You are signed in on this device only.
          </Trans>
        </Muted>
      ) : null}
    </Card>
  );
}

function SessionRow({
  session,
  busy,
  onEnd,
}: {
  session: Session;
  busy: boolean;
  onEnd: () => void;
}) {
  const { t } = useLingui();
  const { locale } = useShellNavigation();
  const unknown = t({ id: 'profile.security.sessions.unknownDevice', message: 'Unknown device' });
  const device =
    session.browser && session.os
      ? t({
          id: 'profile.security.sessions.browserOn',
          message: `${session.browser} on ${session.os}`,
        })
      : (session.browser ?? session.os ?? unknown);
  const place =
    session.place === 'local'
      ? t({ id: 'profile.security.sessions.local', message: 'Local network' })
      : session.network
        ? t({
            id: 'profile.security.sessions.network',
            message: `Network ${session.network}`,
          })
        : t({ id: 'profile.security.sessions.unknownPlace', message: 'Unknown place' });
  const lastSeen = new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(session.last_seen_at));
  return (
    <Row $current={session.current}>
      <DeviceIcon aria-hidden="true">
        <svg
          width="22"
          height="22"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          {session.device_type === 'mobile' || session.device_type === 'tablet' ? (
            <path d="M7 2h10v20H7zM11 18h2" />
          ) : (
            <path d="M3 4h18v12H3zM8 20h8M12 16v4" />
          )}
        </svg>
      </DeviceIcon>
      <Details>
        <strong>
          {device}
          {session.current ? (
            <ThisDevice>
              <Trans id="profile.security.sessions.current">This device</Trans>
            </ThisDevice>
          ) : null}
        </strong>
        <span>
          {place} ·{' '}
          {session.current ? (
            <Trans id="profile.security.sessions.activeNow">Active now</Trans>
          ) : (
            <Trans id="profile.security.sessions.lastSeen">Last active {lastSeen}</Trans>
          )}
        </span>
      </Details>
      {session.current ? null : (
        <Button
          variant="ghost"
          size="sm"
          disabled={busy}
          onClick={onEnd}
          aria-label={t({
            id: 'profile.security.sessions.endLabel',
            message: `End the session on ${device}, last active ${lastSeen}`,
          })}
        >
          <Trans id="profile.security.sessions.end">End session</Trans>
        </Button>
      )}
    </Row>
  );
}

const List = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li<{ $current: boolean }>`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 10px 14px;
  align-items: center;
  padding: 14px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid
    ${({ $current, theme }) => ($current ? 'rgba(245, 184, 65, 0.45)' : theme.colors.border)};
  > button {
    grid-column: 1 / -1;
    justify-self: start;
  }
  ${media.from('tablet')} {
    grid-template-columns: auto 1fr auto;
    > button {
      grid-column: auto;
    }
  }
`;

const DeviceIcon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border-radius: 10px;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
`;

const Details = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
  strong {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 8px;
    font-size: 15px;
  }
  span {
    color: ${({ theme }) => theme.colors.textMuted};
    font-size: 13px;
  }
`;

const ThisDevice = styled.em`
  font-style: normal;
  font-size: 12px;
  font-weight: 700;
  padding: 2px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
`;
