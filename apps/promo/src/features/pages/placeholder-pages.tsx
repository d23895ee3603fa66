import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from '@northstar/ui';
import type { ReactNode } from 'react';

const comingSoon = (
  <Trans id="promo.comingSoon">Fresh promotions and personal offers are on their way.</Trans>
);

/** A page of a feature that is not built yet: its title and a coming-soon line. */
function placeholder(title: ReactNode) {
  return function PlaceholderPage() {
    return <PagePlaceholder owner="promo" title={title} text={comingSoon} />;
  };
}

export const PromotionsPage = placeholder(<Trans id="promo.promotions.title">Promotions</Trans>);
export const PromotionPage = placeholder(<Trans id="promo.promotion.title">Promotion</Trans>);
export const OffersPage = placeholder(<Trans id="promo.offers.title">Offers</Trans>);
export const OfferPage = placeholder(<Trans id="promo.offer.title">Offer</Trans>);
