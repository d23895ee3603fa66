import { Trans } from '@lingui/react/macro';
import { PagePlaceholder } from '@northstar/ui';
import type { ReactNode } from 'react';

const comingSoon = (
  <Trans id="betting.comingSoon">Live odds and the bet slip are coming soon.</Trans>
);

/** A page of a feature that is not built yet: its title and a coming-soon line. */
function placeholder(title: ReactNode) {
  return function PlaceholderPage() {
    return <PagePlaceholder owner="betting" title={title} text={comingSoon} />;
  };
}

export const BettingPage = placeholder(<Trans id="betting.betting.title">Sports betting</Trans>);
