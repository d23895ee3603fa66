import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from '@northstar/ui';
import type { ReactNode } from 'react';

const comingSoon = (
  <Trans id="loyalty.comingSoon">
    Earn points with every game and spend them in the shop. Coming soon.
  </Trans>
);

/** A page of a feature that is not built yet: its title and a coming-soon line. */
function placeholder(title: ReactNode) {
  return function PlaceholderPage() {
    return <PagePlaceholder owner="loyalty" title={title} text={comingSoon} />;
  };
}

export const LoyaltyPage = placeholder(<Trans id="loyalty.loyalty.title">VIP Club</Trans>);
export const LoyaltyShopPage = placeholder(
  <Trans id="loyalty.loyaltyShop.title">Loyalty shop</Trans>,
);
export const LoyaltyProgramPage = placeholder(
  <Trans id="loyalty.loyaltyProgram.title">Loyalty programme</Trans>,
);
