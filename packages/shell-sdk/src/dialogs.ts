import { useSyncExternalStore, type ReactNode } from 'react';
import type { CatalogLoader } from '@northstar/i18n';
import type { RemoteName } from './route-table.ts';

/** §2 dialog kinds: a centred popup, a confirm (reject / agree), a curtain sliding from a side. */
export type DialogKind = 'popup' | 'confirm' | 'curtain';
export type DialogSize = 'small' | 'medium' | 'large';
export type CurtainSide = 'left' | 'right';

/** What a dialog's content component receives. */
export interface DialogContentProps<Props = Record<string, unknown>> {
  id: string;
  props: Props;
  /** Closes this dialog; `result` resolves the promise `openDialog` returned. */
  close: (result?: unknown) => void;
}

/** The body of a confirm (§2): its text and its two buttons, either of which may be missing. */
/**
 * A dialog's content: a function component (plain, `lazy` or `memo`). A function type, so one
 * of any props fits `DialogComponent<never>` where the props are not known.
 */
export type DialogComponent<Props = Record<string, unknown>> = (
  props: DialogContentProps<Props>,
) => ReactNode;

export interface ConfirmProps {
  text?: ReactNode;
  /** The agree button's text; without it there is no agree button. */
  agreeLabel?: ReactNode;
  /** The reject button's text; without it there is no reject button. */
  rejectLabel?: ReactNode;
}

export interface DialogOptions<Props = Record<string, unknown>> {
  /** Dedupes: opening an id that is open or queued updates that dialog, it never adds a second. */
  id: string;
  /** Default 'popup' (or what the remote's `./dialogs` says for this id). */
  kind?: DialogKind;
  /** Default 'medium' (§2). */
  size?: DialogSize;
  /** Where a curtain slides from; default 'left' (§2). */
  side?: CurtainSide;
  /** Esc, the overlay and the close button do not close it (§2 prevent_close). */
  preventClose?: boolean;
  /** Hides the close button only; Esc and the overlay still close it. */
  hideClose?: boolean;
  /** The visible title, also the dialog's accessible name. */
  title?: ReactNode;
  /** The accessible name when the dialog shows no title. */
  ariaLabel?: string;
  props?: Props;
  /** The remote whose `./dialogs` module draws this id; it is downloaded when the dialog shows. */
  remote?: RemoteName;
  /** The content, for a dialog whose code is already in the page (the shell's own, a remote's). */
  component?: DialogComponent<Props>;
}

/**
 * Any dialog's options, whatever its props: what the queue, the after-sign-in checks and other
 * generic code pass around (`openDialog` checks a dialog's props against its component).
 */
export interface DialogRequest extends Omit<DialogOptions<unknown>, 'component'> {
  // `never`: a component of any props fits.
  component?: DialogComponent<never>;
}

/** A dialog in the queue: its options as given, and the element to give focus back to. */
export interface DialogEntry extends DialogRequest {
  props: unknown;
  /** The element focused when `openDialog` was called; focus returns there on close. */
  returnFocus: HTMLElement | null;
}

/** How a dialog behaves once the defaults are applied (§2). */
export interface DialogSettings {
  kind: DialogKind;
  size: DialogSize;
  side: CurtainSide;
  /** Esc and a click on the overlay close it. */
  closable: boolean;
  /** The close button is drawn. */
  showClose: boolean;
}

/** Defaults a remote's `./dialogs` gives an id, under what the opener asked for. */
export type DialogDefaults = Pick<DialogOptions, 'kind' | 'size' | 'side'>;

/**
 * §2: default kind popup, size medium, a curtain from the left; Esc and the overlay close unless
 * closing is prevented; the close button is hidden when closing is prevented or hidden.
 */
export function dialogSettings(
  entry: Pick<DialogOptions, 'kind' | 'size' | 'side' | 'preventClose' | 'hideClose'>,
  defaults: DialogDefaults = {},
): DialogSettings {
  const closable = !entry.preventClose;
  return {
    kind: entry.kind ?? defaults.kind ?? 'popup',
    size: entry.size ?? defaults.size ?? 'medium',
    side: entry.side ?? defaults.side ?? 'left',
    closable,
    showClose: closable && !entry.hideClose,
  };
}

type Listener = () => void;

interface Pending {
  promise: Promise<unknown>;
  resolve: (result: unknown) => void;
}

/**
 * The dialogs of the page in queue order (§2): the first is on screen, the others wait their
 * turn; closing the first shows the next. A plain store (no React state), so a remote can open a
 * dialog from an event handler; one store in the page because shell-sdk is a shared singleton.
 */
export function createDialogQueue() {
  let entries: readonly DialogEntry[] = [];
  const pending = new Map<string, Pending>();
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    /**
     * Queues a dialog; resolves with the result it is closed with (undefined for Esc, the
     * overlay or the close button). An id already open or queued is updated in place.
     */
    open(options: DialogRequest, returnFocus: HTMLElement | null = null): Promise<unknown> {
      if (!options.id) throw new TypeError('openDialog: a dialog needs an id');
      if (options.title == null && !options.ariaLabel && !options.remote) {
        // A remote's `./dialogs` gives each of its ids a title; anything else must name itself.
        throw new TypeError(`openDialog: dialog "${options.id}" needs a title or an ariaLabel`);
      }
      const index = entries.findIndex((entry) => entry.id === options.id);
      if (index >= 0) {
        const current = entries[index]!;
        const updated: DialogEntry = {
          ...current,
          ...options,
          props: options.props ?? current.props,
          returnFocus: current.returnFocus,
        };
        entries = entries.map((entry, i) => (i === index ? updated : entry));
        emit();
        return pending.get(options.id)!.promise;
      }
      let resolve!: (result: unknown) => void;
      const promise = new Promise<unknown>((done) => (resolve = done));
      pending.set(options.id, { promise, resolve });
      entries = [...entries, { ...options, props: options.props ?? {}, returnFocus }];
      emit();
      return promise;
    },
    /** Closes (or drops from the queue) the dialog with this id; the next one shows. */
    close(id: string, result?: unknown): void {
      if (!entries.some((entry) => entry.id === id)) return;
      entries = entries.filter((entry) => entry.id !== id);
      const done = pending.get(id);
      pending.delete(id);
      emit();
      done?.resolve(result);
    },
    /** Whether a dialog with this id is open or queued. */
    has: (id: string): boolean => entries.some((entry) => entry.id === id),
    getSnapshot: (): readonly DialogEntry[] => entries,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type DialogQueue = ReturnType<typeof createDialogQueue>;

/** The page's dialog queue. */
export const dialogQueue: DialogQueue = createDialogQueue();

function focusedElement(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Opens a dialog through the page's queue (§2): it shows when the dialogs before it have closed.
 * Call it from an event handler or an effect, never during render. Resolves when it closes.
 */
export function openDialog<Props = Record<string, unknown>>(
  options: DialogOptions<Props>,
): Promise<unknown>;
export function openDialog(options: DialogRequest): Promise<unknown>;
export function openDialog(options: DialogRequest): Promise<unknown> {
  return dialogQueue.open(options, focusedElement());
}

/** Closes the dialog with this id (or drops it from the queue). */
export function closeDialog(id: string, result?: unknown): void {
  dialogQueue.close(id, result);
}

export interface ConfirmOptions
  extends
    Omit<DialogOptions<ConfirmProps>, 'kind' | 'props' | 'component' | 'remote'>,
    ConfirmProps {}

/**
 * Asks a question with reject and agree buttons, either of which may be missing (§2). Resolves
 * true when the player agreed, false for reject, Esc, the overlay or the close button.
 */
export async function confirm(options: ConfirmOptions): Promise<boolean> {
  const { text, agreeLabel, rejectLabel, ...dialog } = options;
  const result = await openDialog<ConfirmProps>({
    ...dialog,
    kind: 'confirm',
    props: { text, agreeLabel, rejectLabel },
  });
  return result === true;
}

export interface DialogsState {
  /** The dialog on screen, or null. */
  current: DialogEntry | null;
  /** Every dialog, the one on screen first. */
  queue: readonly DialogEntry[];
}

const NO_DIALOGS: readonly DialogEntry[] = [];
const noDialogs = () => NO_DIALOGS;

/**
 * The page's dialogs; re-renders when one opens or closes. None on the server and while
 * hydrating (dialogs open from handlers and effects, never while the server draws), so a dialog
 * opened before the host hydrated cannot make the page differ from its HTML (React #418).
 */
export function useDialogs(queue: DialogQueue = dialogQueue): DialogsState {
  const entries = useSyncExternalStore(queue.subscribe, queue.getSnapshot, noDialogs);
  return { current: entries[0] ?? null, queue: entries };
}

/**
 * One dialog of a remote's `./dialogs`: its accessible name (a component, so it is translated
 * with the remote's catalog), its content, and defaults the opener may override.
 */
export interface RemoteDialog<Props = Record<string, unknown>> extends DialogDefaults {
  title: (props: { props: Props }) => ReactNode;
  component: DialogComponent<Props>;
  /** Keeps the title for assistive tech but does not draw it. */
  hideTitle?: boolean;
}

/**
 * What a remote's `./dialogs` module exposes as its default export (architecture.md "What a
 * remote exposes"): its dialogs by id and its message catalog. The shell downloads it only when
 * one of these ids is opened with `remote` set to this remote.
 */
export interface RemoteDialogs<Name extends RemoteName = RemoteName> {
  name: Name;
  messages: CatalogLoader;
  // `never`: any props type fits; the opener and the remote agree on each id's props.
  dialogs: Record<string, RemoteDialog<never>>;
}

export function defineRemoteDialogs<Name extends RemoteName>(
  remote: RemoteDialogs<Name>,
): RemoteDialogs<Name> {
  return remote;
}
