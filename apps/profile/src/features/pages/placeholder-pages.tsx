import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from '@northstar/ui';
import type { ReactNode } from 'react';
import { ProfileNav } from '../layout/profile-nav.tsx';

const comingSoon = (
  <Trans id="profile.comingSoon">
    Your account settings, limits and history will be managed here soon.
  </Trans>
);

/** A page of a feature that is not built yet: its title and a coming-soon line. */
function placeholder(title: ReactNode) {
  return function PlaceholderPage() {
    return (
      <>
        <ProfileNav />
        <PagePlaceholder owner="profile" title={title} text={comingSoon} />
      </>
    );
  };
}

export const ProfileLoyaltyPage = placeholder(
  <Trans id="profile.profileLoyalty.title">Loyalty</Trans>,
);
