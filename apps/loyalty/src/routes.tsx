import { defineRemoteRoutes } from '@northstar/shell-sdk';
import type { Messages } from '@northstar/i18n';
import {
  LoyaltyPage,
  LoyaltyShopPage,
  LoyaltyProgramPage,
} from './features/pages/loyalty-pages.tsx';

/** Every route the loyalty remote owns (route table of `@northstar/shell-sdk`). */
export default defineRemoteRoutes({
  name: 'loyalty',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  pages: {
    loyalty: LoyaltyPage,
    loyaltyShop: LoyaltyShopPage,
    loyaltyProgram: LoyaltyProgramPage,
  },
});
