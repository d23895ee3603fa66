import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatCurrency } from '@northstar/i18n/format';
import { routePath, useLinkProps, useShellNavigation, type RouteId } from '@northstar/shell-sdk';
import { media } from '@northstar/ui';
import type { AccountInfo, ProfileInfo } from '../shared/account-api.ts';
import { WithPlayerData } from '../shared/player-data.tsx';
import { depositLimitQuery, playLimitsQuery } from '../responsible/responsible-api.ts';
import { Chip, Muted, Panel, ProfileFrame } from '../profile-frame/profile-frame.tsx';
import { activeLimitCount, fullName, verificationState } from './overview-model.ts';

/**
 * `/profile` (§2; §3 account info; issue #25): the spec gives it no redirect, so it is the
 * account's overview: who the player is, how far their contacts and identity are confirmed, their
 * balances, and each profile section with a one-line summary of its state.
 */
export function OverviewPage() {
  return (
    <ProfileFrame
      title={<Trans id="profile.profile.title">My profile</Trans>}
      lead={
        <Trans id="profile.overview.lead">
          Your account at a glance: your details, balances and every section of your profile.
        </Trans>
      }
    >
      <WithPlayerData>
        {(info, profile) => (
          <>
            <AccountCard info={info} profile={profile} />
            <BalancesCard info={info} />
            <SectionsCard info={info} />
          </>
        )}
      </WithPlayerData>
    </ProfileFrame>
  );
}

function VerificationChip({ info }: { info: AccountInfo }) {
  switch (verificationState(info)) {
    case 'verified':
      return (
        <Chip $tone="success">
          <Trans id="profile.overview.verified">Identity verified</Trans>
        </Chip>
      );
    case 'pending':
      return (
        <Chip $tone="warning">
          <Trans id="profile.overview.onVerification">Identity being checked</Trans>
        </Chip>
      );
    default:
      return (
        <Chip $tone="muted">
          <Trans id="profile.overview.unverified">Identity not verified</Trans>
        </Chip>
      );
  }
}

/** §3 account info: name, nickname, login and each contact with its §4 confirmation state. */
function AccountCard({ info, profile }: { info: AccountInfo; profile: ProfileInfo }) {
  const { t } = useLingui();
  const name = fullName(profile);
  const notGiven = <Trans id="profile.overview.notGiven">Not given</Trans>;
  return (
    <Panel
      labelId="overview-account"
      title={<Trans id="profile.overview.account">Your account</Trans>}
      aside={<VerificationChip info={info} />}
    >
      <Facts>
        <div>
          <dt>
            <Trans id="profile.overview.name">Name</Trans>
          </dt>
          <dd>{name ?? notGiven}</dd>
        </div>
        <div>
          <dt>
            <Trans id="profile.overview.nickname">Nickname</Trans>
          </dt>
          <dd>{info.fakename ?? notGiven}</dd>
        </div>
        <div>
          <dt>
            <Trans id="profile.overview.login">Login</Trans>
          </dt>
          <dd>{info.login}</dd>
        </div>
      </Facts>
      <Contacts aria-label={t({ id: 'profile.overview.contacts', message: 'Contacts' })}>
        {(profile.contacts ?? []).map((contact) => (
          <li key={`${contact.type}:${contact.contact}`}>
            <span>{contact.contact}</span>
            {contact.is_confirmed ? (
              <Chip $tone="success">
                <Trans id="profile.overview.confirmed">Confirmed</Trans>
              </Chip>
            ) : (
              <Chip $tone="warning">
                <Trans id="profile.overview.notConfirmed">Not confirmed</Trans>
              </Chip>
            )}
          </li>
        ))}
      </Contacts>
    </Panel>
  );
}

/** §3 balances: real money, casino bonus, betting bonus and the total the header shows. */
function BalancesCard({ info }: { info: AccountInfo }) {
  const { locale } = useShellNavigation();
  const money = (value: AccountInfo['balance_main']) =>
    formatCurrency(value.amount, value.currency, locale);
  const total = (
    Number(info.balance_main.amount) +
    Number(info.balance_bonus.amount) +
    Number(info.balance_betting_bonus.amount)
  ).toFixed(2);
  return (
    <Panel
      labelId="overview-balances"
      title={<Trans id="profile.overview.balances">Balances</Trans>}
    >
      <Facts>
        <div>
          <dt>
            <Trans id="profile.overview.balanceMain">Real money</Trans>
          </dt>
          <dd>{money(info.balance_main)}</dd>
        </div>
        <div>
          <dt>
            <Trans id="profile.overview.balanceBonus">Casino bonus</Trans>
          </dt>
          <dd>{money(info.balance_bonus)}</dd>
        </div>
        <div>
          <dt>
            <Trans id="profile.overview.balanceBetting">Betting bonus</Trans>
          </dt>
          <dd>{money(info.balance_betting_bonus)}</dd>
        </div>
        <div>
          <dt>
            <Trans id="profile.overview.balanceTotal">Total</Trans>
          </dt>
          <dd>
            <strong>{formatCurrency(total, info.balance_main.currency, locale)}</strong>
          </dd>
        </div>
      </Facts>
    </Panel>
  );
}

/** Each `/profile` child (§2) with a one-line summary of where the player stands there. */
function SectionsCard({ info }: { info: AccountInfo }) {
  const deposit = useQuery(depositLimitQuery());
  const play = useQuery(playLimitsQuery());
  const count = deposit.data && play.data ? activeLimitCount(deposit.data, play.data) : null;
  const realityCheck = play.data?.reality_check ?? 0;
  const state = verificationState(info);

  let limits: ReactNode = '…';
  if (count === 0) limits = <Trans id="profile.overview.limits.none">No limits set</Trans>;
  else if (count !== null)
    limits = <Trans id="profile.overview.limits.active">Active limits: {count}</Trans>;

  return (
    <Panel
      labelId="overview-sections"
      title={<Trans id="profile.overview.sections">Your profile</Trans>}
    >
      <Sections>
        <Section
          route="profileSettings"
          name={<Trans id="profile.nav.settings">Settings</Trans>}
          summary={
            <Trans id="profile.overview.settings.summary">
              Personal details, contacts, nickname, currency and language.
            </Trans>
          }
        />
        <Section
          route="profileSecurity"
          name={<Trans id="profile.nav.security">Security</Trans>}
          summary={
            info.two_factor_auth ? (
              <Trans id="profile.overview.security.on">Two-step verification is on.</Trans>
            ) : (
              <Trans id="profile.overview.security.off">Two-step verification is off.</Trans>
            )
          }
        />
        <Section
          route="profileResponsibleGame"
          name={<Trans id="profile.nav.responsible">Responsible gaming</Trans>}
          summary={
            <>
              {limits}
              {'. '}
              {realityCheck > 0 ? (
                <Trans id="profile.overview.reality.on">
                  Reality check every {realityCheck} min.
                </Trans>
              ) : (
                <Trans id="profile.overview.reality.off">Reality check off.</Trans>
              )}
            </>
          }
        />
        <Section
          route="profileVerification"
          name={<Trans id="profile.nav.verification">Verification</Trans>}
          summary={
            state === 'verified' ? (
              <Trans id="profile.overview.verification.verified">Your identity is verified.</Trans>
            ) : state === 'pending' ? (
              <Trans id="profile.overview.verification.pending">
                Your documents are being checked.
              </Trans>
            ) : (
              <Trans id="profile.overview.verification.unverified">
                Verify your identity to withdraw without delay.
              </Trans>
            )
          }
        />
        <Section
          route="profileNotification"
          name={<Trans id="profile.nav.notifications">Notifications</Trans>}
          summary={
            info.is_subscribed ? (
              <Trans id="profile.overview.notifications.on">You receive news and offers.</Trans>
            ) : (
              <Trans id="profile.overview.notifications.off">You receive no news or offers.</Trans>
            )
          }
        />
        <Section
          route="profileBetsHistory"
          name={<Trans id="profile.nav.bets">My bets</Trans>}
          summary={
            <Trans id="profile.overview.bets.summary">
              Every round and bet, and exports of your history.
            </Trans>
          }
        />
        <Section
          route="profileBonuses"
          name={<Trans id="profile.nav.bonuses">Bonuses</Trans>}
          summary={
            <Trans id="profile.overview.bonuses.summary">
              Your bonuses, free spins and cashback.
            </Trans>
          }
        />
      </Sections>
    </Panel>
  );
}

function Section({
  route,
  name,
  summary,
}: {
  route: RouteId;
  name: ReactNode;
  summary: ReactNode;
}) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath(route as 'profile', {}, locale));
  return (
    <li>
      <a {...link}>
        <strong>{name}</strong>
        <Muted as="span">{summary}</Muted>
      </a>
    </li>
  );
}

const Facts = styled.dl`
  display: grid;
  gap: 14px 24px;
  margin: 0;
  grid-template-columns: minmax(0, 1fr);
  ${media.from('tablet')} {
    grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  }
  div {
    min-width: 0;
  }
  dt {
    font-size: 13px;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 4px 0 0;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

const Contacts = styled.ul`
  display: grid;
  gap: 8px;
  margin: 20px 0 0;
  padding: 0;
  list-style: none;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: 8px 12px;
    min-width: 0;
    padding: 10px 14px;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceRaised};
  }
  li > span {
    min-width: 0;
    overflow-wrap: anywhere;
  }
`;

const Sections = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
  grid-template-columns: minmax(0, 1fr);
  ${media.from('tablet')} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  a {
    display: grid;
    gap: 4px;
    height: 100%;
    padding: 14px 16px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    &:hover,
    &:focus-visible {
      border-color: ${({ theme }) => theme.colors.primary};
    }
  }
`;
