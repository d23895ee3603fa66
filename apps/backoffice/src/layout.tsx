import { useGetIdentity, useLogout } from '@refinedev/core';
import type { ReactNode } from 'react';
import { Navigate, NavLink } from 'react-router';
import styled from 'styled-components';
import { Button } from '@northstar/ui';
import type { StaffRole } from '@northstar/contract';
import type { StaffIdentity } from './auth-provider.ts';

/** Each screen and the roles that see it (the platform refuses the others anyway). */
export const SCREENS: { path: string; label: string; roles: readonly StaffRole[] }[] = [
  { path: '/players', label: 'Players', roles: ['admin', 'support', 'risk', 'finance'] },
  { path: '/kyc', label: 'KYC queue', roles: ['admin', 'risk', 'support'] },
  { path: '/withdrawals', label: 'Withdrawals', roles: ['admin', 'risk', 'finance'] },
  { path: '/audit', label: 'Audit log', roles: ['admin', 'risk'] },
  { path: '/staff', label: 'Staff accounts', roles: ['admin'] },
  { path: '/content', label: 'Content', roles: ['admin', 'content'] },
  { path: '/dashboard', label: 'Dashboard', roles: ['admin', 'finance'] },
  { path: '/bonuses', label: 'Bonus templates', roles: ['admin', 'finance', 'support', 'content'] },
  { path: '/promos', label: 'Promo codes', roles: ['admin', 'finance', 'support'] },
  { path: '/offers', label: 'Offers', roles: ['admin', 'content', 'finance'] },
  { path: '/cashback', label: 'Cashback rules', roles: ['admin', 'finance', 'support'] },
  { path: '/tournaments', label: 'Tournaments', roles: ['admin', 'content', 'finance'] },
  { path: '/sportsbook', label: 'Sportsbook', roles: ['admin', 'risk'] },
  { path: '/loyalty', label: 'Loyalty', roles: ['admin', 'content', 'finance'] },
  { path: '/chat', label: 'Live chat', roles: ['admin', 'support'] },
];

/**
 * The start page: the first screen the signed-in account's roles open (a content editor starts
 * on Content, a support agent on Players), so nobody lands on a screen that refuses them.
 */
export function Home() {
  const { data: me, isLoading } = useGetIdentity<StaffIdentity>();
  if (isLoading) return null;
  const roles = me?.roles ?? [];
  const first = SCREENS.find((screen) => screen.roles.some((role) => roles.includes(role)));
  return <Navigate to={first?.path ?? '/login'} replace />;
}

const Shell = styled.div`
  display: grid;
  min-height: 100vh;
  grid-template-columns: 220px 1fr;

  @media (max-width: 767px) {
    grid-template-columns: 1fr;
  }
`;

const Side = styled.nav`
  background: ${({ theme }) => theme.colors.surface};
  border-right: 1px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => theme.space(5)} ${({ theme }) => theme.space(3)};

  ul {
    list-style: none;
    margin: ${({ theme }) => theme.space(5)} 0 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space(1)};
  }

  a {
    display: block;
    padding: ${({ theme }) => theme.space(2)} ${({ theme }) => theme.space(3)};
    border-radius: ${({ theme }) => theme.radii.sm};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
  }
  a:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
  a[aria-current='page'] {
    background: ${({ theme }) => theme.colors.surfaceRaised};
    color: ${({ theme }) => theme.colors.primary};
  }

  @media (max-width: 767px) {
    border-right: none;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    ul {
      flex-direction: row;
      flex-wrap: wrap;
      margin-top: ${({ theme }) => theme.space(2)};
    }
  }
`;

const Brand = styled.p`
  font-family: ${({ theme }) => theme.fonts.display};
  font-weight: 700;
  letter-spacing: 0.08em;
  margin: 0 ${({ theme }) => theme.space(3)};
`;

const Top = styled.header`
  display: flex;
  justify-content: flex-end;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)} ${({ theme }) => theme.space(6)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  font-size: 14px;
`;

const Column = styled.div`
  min-width: 0;
`;

const Main = styled.main`
  padding: ${({ theme }) => theme.space(6)};
  min-width: 0;

  @media (max-width: 767px) {
    padding: ${({ theme }) => theme.space(4)};
  }
`;

export function Layout({ children }: { children: ReactNode }) {
  const { data: me } = useGetIdentity<StaffIdentity>();
  const { mutate: logout } = useLogout();
  const roles = me?.roles ?? [];
  return (
    <Shell>
      <Side aria-label="Back office">
        <Brand>NORTHSTAR · BACK OFFICE</Brand>
        <ul>
          {SCREENS.filter((screen) => screen.roles.some((role) => roles.includes(role))).map(
            (screen) => (
              <li key={screen.path}>
                <NavLink to={screen.path}>{screen.label}</NavLink>
              </li>
            ),
          )}
        </ul>
      </Side>
      <Column>
        <Top>
          {me && (
            <span>
              {me.login} · {me.roles.join(', ')}
            </span>
          )}
          <Button variant="secondary" size="sm" onClick={() => logout()}>
            Sign out
          </Button>
        </Top>
        <Main id="main">{children}</Main>
      </Column>
    </Shell>
  );
}
