import { useEffect, useMemo, useState } from 'react';
import { useAtomValue } from 'jotai';
import { sessionAtom, useShellNavigation, type DialogRequest } from '@northstar/shell-sdk';
import type { CampaignPopupRequest } from '@northstar/shell-sdk/query-params';
import { FLAGS } from './query-flags.ts';
import { useFlagDialog } from './flag-dialog.ts';
import { afterSignInSettledAtom, campaignDialog, holdCampaignAddress } from './campaign-request.ts';

const PARAMS = [FLAGS.campaign] as const;

/**
 * `?popup=<sysname>` opens that campaign's popup (§2), drawn by the promo remote's `./dialogs`,
 * which is downloaded only then; `#popup-preview` opens it in preview mode (the operator checks a
 * popup before publishing it). Closing it removes the parameter. The rules (`campaignPopupParam`)
 * load only when the URL has the parameter: an ordinary first screen does not carry them.
 *
 * §6 campaign popups require sign-in: a visitor (or a page whose session is not known yet) is
 * shown nothing; the link's address is held for the after-sign-in queue's `campaign` step, which shows
 * it in the §4 order once the player is signed in (after-sign-in-runner.ts). The flag itself
 * opens popups for a signed-in player once that queue has run (a later `?popup=` link, or the
 * same popup, which it then owns so that closing it cleans the URL).
 */
export function CampaignDialogFlag() {
  const { pathname, search, hash } = useShellNavigation();
  const session = useAtomValue(sessionAtom);
  const settled = useAtomValue(afterSignInSettledAtom);
  const player = session.status === 'signed-in' && settled === session.user.uid;
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
  // The link's address is held while the player is not (yet) known to be signed in, at once
  // (before the rules arrive: a quick sign-in must not lose it); the §4 step takes it.
  const waiting = session.status !== 'signed-in';
  useEffect(() => {
    if (waiting && asked) holdCampaignAddress({ pathname, search, hash });
  }, [waiting, asked, pathname, search, hash]);
  const sysname = player ? request?.sysname : undefined;
  const preview = request?.preview ?? false;
  const dialog = useMemo<DialogRequest | null>(
    () => (sysname ? campaignDialog({ sysname, preview }) : null),
    [sysname, preview],
  );
  useFlagDialog('campaign', dialog, PARAMS);
  return null;
}
