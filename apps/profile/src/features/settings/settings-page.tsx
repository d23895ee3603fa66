import { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { Trans, useLingui } from '@lingui/react/macro';
import { showToast, useLinkProps, useShellNavigation, useSiteConfig } from '@northstar/shell-sdk';
import { settingsParams } from '@northstar/shell-sdk/query-params';
import { WithPlayerData } from '../shared/player-data.tsx';
import { Notice, ProfileFrame } from '../profile-frame/profile-frame.tsx';
import { AccountPanel } from './account-panel.tsx';
import { ContactsPanel } from './contacts-panel.tsx';
import { PersonalDataForm } from './personal-data-form.tsx';
import { profileFormEntries, returnTarget } from './settings-model.ts';

/**
 * `/profile/settings` (issue #25; §2 with `from` and `toastType`): personal details, contacts,
 * account preferences. With `toastType=fill_for_deposit` (§9) a toast says why the player is
 * here; with `from`, a saved profile takes the player back there (§8 UserNeedProfileData).
 */
export function SettingsPage() {
  const { t } = useLingui();
  const { locale, search, navigate } = useShellNavigation();
  const forms = useSiteConfig('forms');
  const entries = useMemo(() => profileFormEntries(forms.profile), [forms.profile]);
  const { from, toastType } = useMemo(() => settingsParams(search), [search]);
  const back = returnTarget(from, locale);
  const backLink = useLinkProps(back ?? '#');

  useEffect(() => {
    if (toastType !== 'fill_for_deposit') return;
    showToast({
      tone: 'info',
      text: t({
        id: 'profile.settings.fillForDeposit',
        message: 'Fill in your personal details to continue with your payment.',
      }),
    });
  }, [toastType, t]);

  return (
    <ProfileFrame
      title={<Trans id="profile.settings.title">Account settings</Trans>}
      lead={
        <Trans id="profile.settings.lead">
          Keep your details up to date: they protect your account and your winnings.
        </Trans>
      }
    >
      {back ? (
        <Notice $tone="info" as="div">
          <ReturnRow>
            <span>
              <Trans id="profile.settings.returnNote">
                Once your details are saved, we take you back to continue.
              </Trans>
            </span>
            <a {...backLink}>
              <Trans id="profile.settings.returnLink">Go back</Trans>
            </a>
          </ReturnRow>
        </Notice>
      ) : null}
      <WithPlayerData>
        {(info, profile) => (
          <>
            <PersonalDataForm
              profile={profile}
              entries={entries}
              isVerified={info.is_verified}
              onSaved={() => {
                if (back) navigate(back);
              }}
            />
            <ContactsPanel contacts={profile.contacts ?? []} />
            <AccountPanel info={info} />
          </>
        )}
      </WithPlayerData>
    </ProfileFrame>
  );
}

const ReturnRow = styled.span`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 8px 16px;
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;
