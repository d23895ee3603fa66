import { useEffect, useMemo, useState } from 'react';
import { useShellNavigation, type DialogRequest } from '@northstar/shell-sdk';
import type { CampaignPopupRequest } from '@northstar/shell-sdk/query-params';
import { FLAGS } from './query-flags.ts';
import { useFlagDialog } from './flag-dialog.ts';

const PARAMS = [FLAGS.campaign] as const;

/**
 * `?popup=<sysname>` opens that campaign's popup (§2), drawn by the promo remote's `./dialogs`,
 * which is downloaded only then; `#popup-preview` opens it in preview mode (the operator checks a
 * popup before publishing it). Closing it removes the parameter. The rules (`campaignPopupParam`)
 * load only when the URL has the parameter: an ordinary first screen does not carry them.
 */
export function CampaignDialogFlag() {
  const { pathname, search, hash } = useShellNavigation();
  const address = `${pathname}${search}${hash}`;
  const asked = new RegExp(`[?&]${FLAGS.campaign}=`).test(search);
  const [read, setRead] = useState<{ address: string; request: CampaignPopupRequest | null }>();
  useEffect(() => {
    if (!asked) return;
    let live = true;
    void import('@northstar/shell-sdk/query-params').then(({ campaignPopupParam }) => {
      if (live) setRead({ address, request: campaignPopupParam(pathname, search, hash) });
    });
    return () => {
      live = false;
    };
  }, [asked, address, pathname, search, hash]);
  const request = asked && read?.address === address ? read.request : null;
  const sysname = request?.sysname;
  const preview = request?.preview ?? false;
  const dialog = useMemo<DialogRequest | null>(
    () => (sysname ? { id: 'campaign', remote: 'promo', props: { sysname, preview } } : null),
    [sysname, preview],
  );
  useFlagDialog('campaign', dialog, PARAMS);
  return null;
}
