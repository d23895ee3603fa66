import { useEffect } from 'react';
import { routePath, useShellNavigation } from '@northstar/shell-sdk';
import { ProfileBetsHistoryPage } from '../history/history-route.tsx';

/** §2: /profile/bets redirects to /profile/bets/history. */
export function BetsRedirectPage() {
  const { locale, navigate } = useShellNavigation();
  useEffect(() => {
    navigate(routePath('profileBetsHistory', {}, locale), { replace: true });
  }, [locale, navigate]);
  return <ProfileBetsHistoryPage />;
}
