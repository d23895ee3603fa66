import { lazy } from 'react';
import { defineRemoteRoutes } from '@northstar/shell-sdk';
import type { Messages } from '@northstar/i18n';
import { ProfileLoyaltyPage } from './features/loyalty/loyalty-history-route.tsx';
import { ProfileVerificationPage } from './features/verification/verification-route.tsx';
import { ProfileCashbackPage } from './features/cashback/cashback-route.tsx';
import { ProfileBonusesPage } from './features/bonuses/bonuses-route.tsx';
import { ProfilePage } from './features/overview/overview-route.tsx';
import { ProfileResponsibleGamePage } from './features/responsible/responsible-route.tsx';
import {
  ProfileBetsExportsPage,
  ProfileBetsHistoryPage,
} from './features/history/history-route.tsx';
import { BetsRedirectPage } from './features/bets/bets-redirect-page.tsx';
import { ProfileSettingsPage } from './features/settings/settings-route.tsx';
import { ProfileNotificationPage } from './features/notifications/notifications-route.tsx';

// The security page (password, two-factor set-up, sessions) is its own chunk.
const ProfileSecurityPage = lazy(() =>
  import('./features/security/security-page.tsx').then((m) => ({ default: m.SecurityPage })),
);

/** Every route the profile remote owns (route table of `@northstar/shell-sdk`). */
export default defineRemoteRoutes({
  name: 'profile',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  pages: {
    profile: ProfilePage,
    profileBets: BetsRedirectPage,
    profileBetsExports: ProfileBetsExportsPage,
    profileBetsHistory: ProfileBetsHistoryPage,
    profileBonuses: ProfileBonusesPage,
    profileLoyalty: ProfileLoyaltyPage,
    profileCashback: ProfileCashbackPage,
    profileSecurity: ProfileSecurityPage,
    profileSettings: ProfileSettingsPage,
    profileNotification: ProfileNotificationPage,
    profileVerification: ProfileVerificationPage,
    profileResponsibleGame: ProfileResponsibleGamePage,
  },
});
