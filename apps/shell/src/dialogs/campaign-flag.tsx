import { useMemo } from 'react';
import { useShellNavigation, type DialogRequest } from '@northstar/shell-sdk';
import { campaignPopupParam } from '@northstar/shell-sdk/query-params';
import { FLAGS } from './query-flags.ts';
import { useFlagDialog } from './flag-dialog.ts';

const PARAMS = [FLAGS.campaign] as const;

/**
 * `?popup=<sysname>` opens that campaign's popup (§2), drawn by the promo remote's `./dialogs`,
 * which is downloaded only then; `#popup-preview` opens it in preview mode (the operator checks a
 * popup before publishing it). Closing it removes the parameter.
 */
export function CampaignDialogFlag() {
  const { pathname, search, hash } = useShellNavigation();
  const request = campaignPopupParam(pathname, search, hash);
  const sysname = request?.sysname;
  const preview = request?.preview ?? false;
  const dialog = useMemo<DialogRequest | null>(
    () => (sysname ? { id: 'campaign', remote: 'promo', props: { sysname, preview } } : null),
    [sysname, preview],
  );
  useFlagDialog('campaign', dialog, PARAMS);
  return null;
}
