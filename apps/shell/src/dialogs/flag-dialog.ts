import { useEffect } from 'react';
import {
  closeDialog,
  openDialog,
  useShellNavigation,
  type DialogRequest,
  type ShellNavigation,
} from '@northstar/shell-sdk';
import { withoutParams } from './query-flags.ts';

/**
 * The dialog each group of URL flags has opened and that is still open. Module state, not a
 * ref: the layouts remount the host on a layout switch, and the dialog outlives that.
 */
const owned = new Map<string, string>();
/** The navigation of the mounted host, read when a dialog closes (after any remount). */
let navigation: ShellNavigation | null = null;

/** Keeps the navigation that removes the flags of a closed dialog current. */
export function useFlagNavigation(): void {
  const nav = useShellNavigation();
  useEffect(() => {
    navigation = nav;
  });
}

/**
 * Keeps a dialog opened by URL flags (§2 `show_popup_auth`, `popup`, …) in step with the URL;
 * call it from an effect whenever the URL changes. The dialog is queued while `dialog` is given
 * and closed when it is not (the flags went away with a navigation). When the player closes it,
 * `params` are removed from the URL and `onClosed` runs.
 */
export function syncFlagDialog(
  group: string,
  dialog: DialogRequest | null,
  params: readonly string[],
  onClosed?: () => void,
): void {
  const current = owned.get(group);
  if (current && current !== dialog?.id) {
    // Forget it first: this close is ours, not the player's, so the URL stays as it is.
    owned.delete(group);
    closeDialog(current);
  }
  if (!dialog) return;
  const id = dialog.id;
  const closed = openDialog(dialog);
  if (current === id) return;
  owned.set(group, id);
  void closed.then(() => {
    if (owned.get(group) !== id) return;
    owned.delete(group);
    onClosed?.();
    if (!navigation) return;
    const { pathname, search, hash, navigate } = navigation;
    const next = withoutParams(search, params);
    if (next !== withoutParams(search, [])) navigate(pathname + next + hash, { replace: true });
  });
}

/** `syncFlagDialog` for a dialog derived from the URL during render (`dialog` memoised). */
export function useFlagDialog(
  group: string,
  dialog: DialogRequest | null,
  params: readonly string[],
): void {
  useEffect(() => syncFlagDialog(group, dialog, params), [group, dialog, params]);
}
