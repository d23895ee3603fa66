import type { ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { routePath, useBalance, useLinkProps, useShellNavigation } from '@northstar/shell-sdk';
import { media, PageContainer } from '@northstar/ui';
import { formatMoney } from './money.ts';

/** The layout pieces every cashier page shares. */

const Head = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  justify-content: space-between;
  gap: 16px;
  margin-bottom: 20px;
`;

const Title = styled.h1`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.display};
  font-size: 26px;
  ${media.from('tablet')} {
    font-size: 32px;
  }
`;

const BalanceChip = styled.p`
  margin: 0;
  padding: 8px 16px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 1px solid rgba(245, 184, 65, 0.4);
  background: rgba(245, 184, 65, 0.08);
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
  strong {
    margin-left: 6px;
    color: ${({ theme }) => theme.colors.primary};
    font-size: 16px;
  }
`;

const Nav = styled.nav`
  margin-bottom: 24px;
  overflow-x: auto;
  ul {
    display: inline-flex;
    gap: 4px;
    margin: 0;
    padding: 4px;
    list-style: none;
    border-radius: ${({ theme }) => theme.radii.pill};
    border: 1px solid ${({ theme }) => theme.colors.border};
    background: ${({ theme }) => theme.colors.surface};
  }
`;

const NavLink = styled.a`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 18px;
  border-radius: ${({ theme }) => theme.radii.pill};
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  text-decoration: none;
  white-space: nowrap;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
  }
  &[aria-current='page'] {
    background: ${({ theme }) => theme.gradients.gold};
    color: ${({ theme }) => theme.colors.onPrimary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

type Section = 'cashierDeposit' | 'cashierWithdraw' | 'cashierHistory' | 'cashierWallet';

function NavItem({
  id,
  current,
  children,
}: {
  id: Section;
  current: boolean;
  children: ReactNode;
}) {
  const { locale } = useShellNavigation();
  const link = useLinkProps(routePath(id, {}, locale));
  return (
    <li>
      <NavLink {...link} aria-current={current ? 'page' : undefined}>
        {children}
      </NavLink>
    </li>
  );
}

/** A cashier page: its title, the player's balance, the cashier's sections, then the content. */
export function CashierFrame({
  title,
  section,
  children,
}: {
  title: ReactNode;
  section: Section | null;
  children: ReactNode;
}) {
  const { total } = useBalance();
  const { locale } = useShellNavigation();
  const { t } = useLingui();
  return (
    <PageContainer data-remote="cashier">
      <Head>
        <Title>{title}</Title>
        {total ? (
          <BalanceChip>
            <Trans id="cashier.balance.label">Balance</Trans>
            <strong>{formatMoney(total, locale)}</strong>
          </BalanceChip>
        ) : null}
      </Head>
      <Nav aria-label={t({ id: 'cashier.nav.label', message: 'Cashier sections' })}>
        <ul>
          <NavItem id="cashierDeposit" current={section === 'cashierDeposit'}>
            <Trans id="cashier.nav.deposit">Deposit</Trans>
          </NavItem>
          <NavItem id="cashierWithdraw" current={section === 'cashierWithdraw'}>
            <Trans id="cashier.nav.withdraw">Withdraw</Trans>
          </NavItem>
          <NavItem id="cashierHistory" current={section === 'cashierHistory'}>
            <Trans id="cashier.nav.history">History</Trans>
          </NavItem>
          <NavItem id="cashierWallet" current={section === 'cashierWallet'}>
            <Trans id="cashier.nav.wallet">Wallet</Trans>
          </NavItem>
        </ul>
      </Nav>
      {children}
    </PageContainer>
  );
}

/** Main column and side column on wide screens, one column on phones. */
export const Columns = styled.div`
  display: grid;
  gap: 20px;
  align-items: start;
  ${media.from('laptop')} {
    grid-template-columns: minmax(0, 1.6fr) minmax(300px, 1fr);
  }
`;

export const Stack = styled.div`
  display: grid;
  gap: 20px;
  min-width: 0;
`;

export const Card = styled.section`
  min-width: 0;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  ${media.from('tablet')} {
    padding: 28px;
  }
  h2 {
    margin: 0 0 16px;
    font-size: 18px;
    font-family: ${({ theme }) => theme.fonts.display};
  }
`;

export const Form = styled.form`
  display: grid;
  gap: 18px;
`;

export const Muted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 14px;
`;

const tones = {
  danger: css`
    border-color: ${({ theme }) => theme.colors.danger};
    background: rgba(255, 107, 122, 0.08);
  `,
  info: css`
    border-color: rgba(90, 169, 255, 0.5);
    background: rgba(90, 169, 255, 0.08);
  `,
  success: css`
    border-color: rgba(47, 210, 122, 0.55);
    background: rgba(47, 210, 122, 0.08);
  `,
  gold: css`
    border-color: rgba(245, 184, 65, 0.5);
    background: rgba(245, 184, 65, 0.07);
  `,
};

/** A message that belongs to no field, or an invitation. */
export const Notice = styled.div<{ $tone?: keyof typeof tones }>`
  margin: 0;
  padding: 12px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid;
  ${({ $tone = 'danger' }) => tones[$tone]}
  color: ${({ theme }) => theme.colors.text};
  font-size: 14px;
  p {
    margin: 0;
  }
  p + p {
    margin-top: 6px;
  }
`;

/** A term and its value, on one line each (receipts, summaries). */
export const Facts = styled.dl`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 10px 16px;
  margin: 0;
  font-size: 15px;
  dt {
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    text-align: right;
    font-weight: 600;
    overflow-wrap: anywhere;
  }
`;

/** Hidden on screen, read by assistive technology. */
export const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;

const spin = keyframes`
  to { transform: rotate(360deg); }
`;

export const SmallSpinner = styled.span.attrs({ 'aria-hidden': true })`
  display: inline-block;
  width: 16px;
  height: 16px;
  border-radius: 50%;
  border: 2px solid rgba(245, 184, 65, 0.25);
  border-top-color: ${({ theme }) => theme.colors.primary};
  animation: ${spin} 0.8s linear infinite;
  vertical-align: -3px;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

/** A status word in a coloured pill (history, tracker, receipt). */
export const StatusPill = styled.span<{ $tone: 'success' | 'danger' | 'pending' | 'muted' }>`
  display: inline-flex;
  align-items: center;
  padding: 2px 10px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: 12px;
  font-weight: 700;
  letter-spacing: 0.02em;
  ${({ $tone, theme }) => {
    const color = {
      success: theme.colors.success,
      danger: theme.colors.danger,
      pending: theme.colors.warning,
      muted: theme.colors.textMuted,
    }[$tone];
    return css`
      color: ${color};
      background: color-mix(in srgb, ${color} 14%, transparent);
    `;
  }}
`;
