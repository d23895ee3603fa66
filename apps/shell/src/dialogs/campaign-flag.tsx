import { useMemo } from 'react';
import { useShellNavigation, type DialogRequest } from '@northstar/shell-sdk';
import { campaignFlag, FLAGS } from './query-flags.ts';
import { useFlagDialog } from './flag-dialog.ts';

const PARAMS = [FLAGS.campaign] as const;

/**
 * `?popup=<sysname>` opens that campaign's popup (§2), drawn by the promo remote's `./dialogs`,
 * which is downloaded only then. Closing it removes the parameter.
 */
export function CampaignDialogFlag() {
  const { pathname, search } = useShellNavigation();
  const sysname = campaignFlag(pathname, search);
  const dialog = useMemo<DialogRequest | null>(
    () => (sysname ? { id: 'campaign', remote: 'promo', props: { sysname } } : null),
    [sysname],
  );
  useFlagDialog('campaign', dialog, PARAMS);
  return null;
}
