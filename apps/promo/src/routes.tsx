import { defineRemoteRoutes } from '@northstar/shell-sdk';
import type { Messages } from '@northstar/i18n';
import { OfferPage, OffersPage } from './features/offers/offers-page.tsx';
import { PromotionPage } from './features/promotions/promotion-page.tsx';
import { PromotionsPage } from './features/promotions/promotions-page.tsx';

/** Every route the promo remote owns (route table of `@northstar/shell-sdk`). */
export default defineRemoteRoutes({
  name: 'promo',
  messages: (locale) =>
    import(`./locales/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  pages: {
    promotions: PromotionsPage,
    promotion: PromotionPage,
    offers: OffersPage,
    offer: OfferPage,
  },
});
