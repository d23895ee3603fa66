import { Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { ConfirmDialog, DialogFrame } from '@northstar/ui/dialog';
import {
  closeDialog,
  dialogSettings,
  type ConfirmProps,
  type DialogComponent,
  type DialogEntry,
  type RemoteDialog,
  type RemoteDialogs,
} from '@northstar/shell-sdk';
import { loadRemoteDialogs } from '../federation/remotes.ts';

type RemoteState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; dialog: RemoteDialog<never> }
  | { status: 'missing' };

/** The remote's dialog for this id, downloaded now (the first time one of its dialogs shows). */
function useRemoteDialog(entry: DialogEntry): RemoteState {
  const { remote, id } = entry;
  const [state, setState] = useState<RemoteState>(
    remote ? { status: 'loading' } : { status: 'none' },
  );
  useEffect(() => {
    if (!remote) return;
    let live = true;
    loadRemoteDialogs(remote).then(
      (module: RemoteDialogs) => {
        const dialog = Object.hasOwn(module.dialogs, id) ? module.dialogs[id] : undefined;
        if (live) setState(dialog ? { status: 'ready', dialog } : { status: 'missing' });
      },
      (error: unknown) => {
        console.error(`[dialogs] ${remote}/dialogs could not be loaded`, error);
        if (live) setState({ status: 'missing' });
      },
    );
    return () => {
      live = false;
    };
  }, [remote, id]);
  return state;
}

/**
 * Draws one dialog of the queue in the UI frame: a confirm with its buttons, a popup or a curtain
 * with its content (the shell's own, or a remote's from its `./dialogs`). Its own chunk.
 */
export default function DialogView({ entry }: { entry: DialogEntry }) {
  const { t } = useLingui();
  const remote = useRemoteDialog(entry);
  const close = useCallback((result?: unknown) => closeDialog(entry.id, result), [entry.id]);
  if (remote.status === 'loading') return null;

  const closeLabel = t({ id: 'dialog.close', message: 'Close' });
  if (remote.status === 'missing') {
    // A dialog that cannot be drawn always closes, whatever it asked for.
    return (
      <DialogFrame
        open
        dialogId={entry.id}
        title={entry.title ?? <Trans id="dialog.unavailableTitle">Something went wrong</Trans>}
        closeLabel={closeLabel}
        onClose={() => close()}
        returnFocus={entry.returnFocus}
      >
        <p>
          <Trans id="dialog.unavailable">
            This window could not be opened. Please try again in a moment.
          </Trans>
        </p>
      </DialogFrame>
    );
  }

  const fromRemote = remote.status === 'ready' ? remote.dialog : null;
  const settings = dialogSettings(entry, fromRemote ?? {});
  const RemoteTitle = fromRemote?.title;
  const title: ReactNode =
    entry.title ?? (RemoteTitle ? <RemoteTitle props={entry.props as never} /> : entry.ariaLabel);
  const frame = {
    open: true,
    dialogId: entry.id,
    title,
    hideTitle: entry.title == null && (fromRemote ? fromRemote.hideTitle === true : true),
    closeLabel,
    onClose: () => close(),
    size: settings.size,
    side: settings.side,
    preventClose: !settings.closable,
    hideClose: !settings.showClose,
    returnFocus: entry.returnFocus,
  };
  const Content = (entry.component ?? fromRemote?.component) as
    DialogComponent<unknown> | undefined;
  const content = Content ? (
    <Suspense fallback={null}>
      <Content id={entry.id} props={entry.props} close={close} />
    </Suspense>
  ) : null;

  if (settings.kind === 'confirm') {
    const { text, agreeLabel, rejectLabel } = (entry.props ?? {}) as ConfirmProps;
    return (
      <ConfirmDialog
        {...frame}
        size={settings.size}
        agreeLabel={agreeLabel}
        rejectLabel={rejectLabel}
        onAgree={() => close(true)}
        onReject={() => close(false)}
      >
        {text != null ? <p>{text}</p> : null}
        {content}
      </ConfirmDialog>
    );
  }
  return (
    <DialogFrame {...frame} kind={settings.kind}>
      {content}
    </DialogFrame>
  );
}
