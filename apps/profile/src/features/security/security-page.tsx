import styled from 'styled-components';
import { Trans } from '@lingui/react/macro';
import { media } from '@northstar/ui';
import { ProfileFrame } from '../profile-frame/profile-frame.tsx';
import { PasswordCard } from './password-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { TwoFactorCard } from './two-factor-card.tsx';

/**
 * `/profile/security` (issue #25): password, two-step verification and the devices signed in.
 * Its own chunk (routes.tsx loads it lazily), so the first profile page stays within budget.
 */
export function SecurityPage() {
  return (
    <ProfileFrame
      title={<Trans id="profile.profileSecurity.title">Security</Trans>}
      lead={
        <Trans id="profile.security.lead">
          Your password, two-step verification and the devices signed in to your account.
        </Trans>
      }
    >
      <Grid>
        <PasswordCard />
        <TwoFactorCard />
        <Wide>
          <SessionsCard />
        </Wide>
      </Grid>
    </ProfileFrame>
  );
}

const Grid = styled.div`
  display: grid;
  /* minmax(0, …): a long device name or address wraps inside its card instead of widening the
     page on a phone. */
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
  > * {
    min-width: 0;
    overflow-wrap: anywhere;
    /* A row that still cannot wrap (a button row in Spanish) scrolls inside its card. */
    overflow-x: auto;
  }
  ${media.from('laptop')} {
    grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
    align-items: start;
  }
`;

const Wide = styled.div`
  ${media.from('laptop')} {
    grid-column: 1 / -1;
  }
`;
