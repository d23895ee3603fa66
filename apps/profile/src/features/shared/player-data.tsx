import type { ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { Button, Skeleton } from '@northstar/ui';
import { Notice } from '../profile-frame/profile-frame.tsx';
import {
  useAccountInfo,
  useProfileInfo,
  type AccountInfo,
  type ProfileInfo,
} from './account-api.ts';
import { useProblemText } from './field-messages.ts';

/**
 * The player's account info and profile, as the overview and the settings page need them both
 * (issue #25): a failed read shows why with a retry, the panels render once both have answered,
 * and a skeleton holds their place until then.
 */
export function WithPlayerData({
  children,
}: {
  children: (info: AccountInfo, profile: ProfileInfo) => ReactNode;
}) {
  const info = useAccountInfo();
  const profile = useProfileInfo();
  const problemText = useProblemText();
  const failed = info.error ?? profile.error;
  return (
    <>
      {failed ? (
        <Notice role="alert">
          {problemText(failed)}{' '}
          <Button
            size="sm"
            variant="ghost"
            onClick={() => {
              void info.refetch();
              void profile.refetch();
            }}
          >
            <Trans id="profile.retry">Try again</Trans>
          </Button>
        </Notice>
      ) : null}
      {info.data && profile.data ? (
        children(info.data, profile.data)
      ) : failed ? null : (
        <div aria-busy="true">
          <Skeleton $height="360px" $radius="16px" />
          <Skeleton $height="200px" $radius="16px" style={{ marginTop: 20 }} />
        </div>
      )}
    </>
  );
}
