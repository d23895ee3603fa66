import { defineRemoteRoutes } from '@northstar/shell-sdk';
import type { Messages } from '@northstar/i18n';
import {
  ProfilePage,
  ProfileBonusesPage,
  ProfileLoyaltyPage,
  ProfileCashbackPage,
  ProfileSecurityPage,
  ProfileSettingsPage,
  ProfileNotificationPage,
  ProfileVerificationPage,
} from './features/pages/placeholder-pages.tsx';
import { ProfileResponsibleGamePage } from './features/responsible/responsible-route.tsx';
import {
  ProfileBetsExportsPage,
  ProfileBetsHistoryPage,
} from './features/history/history-route.tsx';
import { BetsRedirectPage } from './features/bets/bets-redirect-page.tsx';

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
