import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import styled, { css, keyframes } from 'styled-components';
import { Button } from './button.tsx';
import { closeLayer, focusableIn, isTopLayer, openLayer } from './layer-stack.ts';
import { media } from './theme.ts';

/** §2 dialog kinds: a centred popup, a confirm (reject / agree), a curtain sliding from a side. */
export type DialogKind = 'popup' | 'confirm' | 'curtain';
export type DialogSize = 'small' | 'medium' | 'large';
export type CurtainSide = 'left' | 'right';

const widths: Record<DialogSize, number> = { small: 400, medium: 520, large: 760 };

const fadeIn = keyframes`from { opacity: 0; }`;
const popIn = keyframes`from { opacity: 0; transform: translateY(12px) scale(0.98); }`;
const slideFromLeft = keyframes`from { transform: translateX(-100%); }`;
const slideFromRight = keyframes`from { transform: translateX(100%); }`;

const Overlay = styled.div<{ $kind: DialogKind; $side: CurtainSide }>`
  position: fixed;
  inset: 0;
  z-index: ${({ theme }) => theme.zIndex.dialog};
  display: flex;
  align-items: center;
  justify-content: ${({ $kind, $side }) =>
    $kind !== 'curtain' ? 'center' : $side === 'right' ? 'flex-end' : 'flex-start'};
  padding: ${({ $kind }) => ($kind === 'curtain' ? '0' : '12px')};
  background: ${({ theme }) => theme.colors.overlay};
  backdrop-filter: blur(3px);
  animation: ${fadeIn} 160ms ease-out;
  overscroll-behavior: contain;
  ${media.from('tablet')} {
    padding: ${({ $kind }) => ($kind === 'curtain' ? '0' : '24px')};
  }
`;

const Panel = styled.div<{ $kind: DialogKind; $size: DialogSize; $side: CurtainSide }>`
  position: relative;
  display: flex;
  flex-direction: column;
  width: 100%;
  max-width: ${({ $size }) => widths[$size]}px;
  max-height: calc(100dvh - 24px);
  overflow: auto;
  overscroll-behavior: contain;
  color: ${({ theme }) => theme.colors.text};
  background:
    linear-gradient(180deg, rgba(139, 108, 255, 0.08), transparent 160px),
    ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.modal};
  &:focus {
    outline: none;
  }
  ${({ $kind, $side, $size, theme }) =>
    $kind === 'curtain'
      ? css`
          height: 100dvh;
          max-height: none;
          width: min(88vw, ${widths[$size]}px);
          border-radius: ${
            $side === 'right'
              ? `${theme.radii.lg} 0 0 ${theme.radii.lg}`
              : `0 ${theme.radii.lg} ${theme.radii.lg} 0`
          };
          border-${$side === 'right' ? 'right' : 'left'}: 0;
          animation: ${$side === 'right' ? slideFromRight : slideFromLeft} 220ms
            cubic-bezier(0.2, 0.8, 0.2, 1);
        `
      : css`
          border-radius: ${theme.radii.lg};
          animation: ${popIn} 180ms cubic-bezier(0.2, 0.8, 0.2, 1);
          ${media.from('tablet')} {
            max-height: calc(100dvh - 48px);
          }
        `}
`;

const Head = styled.div<{ $hidden: boolean }>`
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: ${({ $hidden }) => ($hidden ? '12px 12px 0' : '22px 16px 8px 24px')};
  min-height: ${({ $hidden }) => ($hidden ? '0' : '64px')};
`;

const Title = styled.h2`
  flex: 1;
  align-self: center;
  font-size: 22px;
  &.visually-hidden {
    flex: none;
  }
`;

const Body = styled.div`
  padding: 8px 24px 24px;
  color: ${({ theme }) => theme.colors.textMuted};
  > :first-child {
    margin-top: 0;
  }
  > :last-child {
    margin-bottom: 0;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
  padding: 0 24px 24px;
  ${media.below('tablet')} {
    > * {
      flex: 1 1 140px;
    }
  }
`;

const CloseButton = styled.button`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  margin-left: auto;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  transition: background 120ms ease;
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

export interface DialogFrameProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  /** Accessible name of the close button (translated by the caller). */
  closeLabel: string;
  kind?: DialogKind;
  /** Default medium (§2). */
  size?: DialogSize;
  /** Where a curtain slides from; default left (§2). */
  side?: CurtainSide;
  /** When true, Esc, the overlay and the close button do not close the dialog (§2 prevent_close). */
  preventClose?: boolean;
  /** Hides the close button only; Esc and the overlay still close (§2). */
  hideClose?: boolean;
  /** Keeps the title for assistive tech but does not draw it. */
  hideTitle?: boolean;
  /** Buttons under the content (a confirm's reject and agree). */
  actions?: ReactNode;
  /** The element focused on open; default the first focusable one in the content. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Written to `data-dialog-id`, so a queue or a test can find a dialog by its id. */
  dialogId?: string;
  /**
   * Where focus goes back to on close (the element that opened it); default the element focused
   * when the dialog opened. One that is gone or cannot take focus falls back to that default.
   */
  returnFocus?: HTMLElement | null;
}

/**
 * The frame every dialog is drawn in: a modal with a title, focus kept inside while it is open and
 * given back on close, Esc and overlay click to close, page scroll locked (§2). Dialogs nest: only
 * the top one answers Esc and holds focus.
 */
export function DialogFrame({
  open,
  title,
  children,
  onClose,
  closeLabel,
  kind = 'popup',
  size = 'medium',
  side = 'left',
  preventClose = false,
  hideClose = false,
  hideTitle = false,
  actions,
  initialFocus,
  dialogId,
  returnFocus,
}: DialogFrameProps) {
  const titleId = useId();
  const bodyId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const pressStartedOnOverlay = useRef(false);
  const [layer] = useState(() => ({}));
  // The latest handlers, read by the listeners without re-subscribing them on every render.
  const latest = useRef({ onClose, preventClose });
  useEffect(() => {
    latest.current = { onClose, preventClose };
  });

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    if (!panel) return;
    const previous = document.activeElement as HTMLElement | null;
    openLayer(layer);
    const first =
      initialFocus?.current ??
      (bodyRef.current ? focusableIn(bodyRef.current)[0] : undefined) ??
      closeRef.current ??
      panel;
    first.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (!isTopLayer(layer)) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        if (!latest.current.preventClose) latest.current.onClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      const inside = active instanceof Node && panel.contains(active);
      if (event.shiftKey && (active === firstItem || active === panel || !inside)) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !inside)) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    // Focus that lands outside (a click on the page behind, a screen reader's cursor) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (!isTopLayer(layer)) return;
      const target = event.target;
      if (target instanceof Node && !panel.contains(target)) {
        (focusableIn(panel)[0] ?? panel).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      closeLayer(layer);
      if (returnFocus?.isConnected) {
        returnFocus.focus();
        if (document.activeElement === returnFocus) return;
      }
      if (previous && previous.isConnected) previous.focus();
    };
    // `initialFocus` and `returnFocus` are read once, when the dialog opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, layer]);

  if (!open || typeof document === 'undefined') return null;

  const showClose = !preventClose && !hideClose;

  // A dialog is drawn into the page's body: there is none during a server render.
  if (typeof document === 'undefined') return null;
  return createPortal(
    <Overlay
      $kind={kind}
      $side={side}
      onMouseDown={(event) => {
        pressStartedOnOverlay.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        // A press that started inside the panel (selecting text, dragging) never closes it.
        if (event.target === event.currentTarget && pressStartedOnOverlay.current && !preventClose)
          onClose();
        pressStartedOnOverlay.current = false;
      }}
    >
      <Panel
        ref={panelRef}
        role={kind === 'confirm' ? 'alertdialog' : 'dialog'}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={kind === 'confirm' ? bodyId : undefined}
        tabIndex={-1}
        data-dialog-kind={kind}
        data-dialog-id={dialogId}
        $kind={kind}
        $size={size}
        $side={side}
      >
        <Head $hidden={hideTitle}>
          <Title id={titleId} className={hideTitle ? 'visually-hidden' : undefined}>
            {title}
          </Title>
          {showClose ? (
            <CloseButton ref={closeRef} type="button" aria-label={closeLabel} onClick={onClose}>
              <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2.2"
                  strokeLinecap="round"
                />
              </svg>
            </CloseButton>
          ) : null}
        </Head>
        <Body ref={bodyRef} id={bodyId}>
          {children}
        </Body>
        {actions ? <Actions>{actions}</Actions> : null}
      </Panel>
    </Overlay>,
    // eslint-disable-next-line server-safe/no-browser-globals -- guarded above: browser only
    document.body,
  );
}

export interface ConfirmDialogProps extends Omit<
  DialogFrameProps,
  'kind' | 'actions' | 'children' | 'initialFocus'
> {
  children?: ReactNode;
  /** The agree button's text; without it there is no agree button (§2). */
  agreeLabel?: ReactNode;
  /** The reject button's text; without it there is no reject button (§2). */
  rejectLabel?: ReactNode;
  onAgree?: () => void;
  /** Default: `onClose`. */
  onReject?: () => void;
  /** Agreeing is under way: the agree button is disabled and busy. */
  busy?: boolean;
}

/**
 * A question with reject and agree buttons, either of which may be missing (§2). The reject
 * button gets focus first: the safe answer is the easy one.
 */
export function ConfirmDialog({
  agreeLabel,
  rejectLabel,
  onAgree,
  onReject,
  busy = false,
  children,
  size = 'small',
  ...frame
}: ConfirmDialogProps) {
  const rejectRef = useRef<HTMLButtonElement>(null);
  const agreeRef = useRef<HTMLButtonElement>(null);
  const hasButtons = rejectLabel != null || agreeLabel != null;
  return (
    <DialogFrame
      {...frame}
      kind="confirm"
      size={size}
      initialFocus={rejectLabel != null ? rejectRef : agreeRef}
      actions={
        hasButtons ? (
          <>
            {rejectLabel != null ? (
              <Button ref={rejectRef} variant="secondary" onClick={onReject ?? frame.onClose}>
                {rejectLabel}
              </Button>
            ) : null}
            {agreeLabel != null ? (
              <Button
                ref={agreeRef}
                onClick={onAgree}
                disabled={busy}
                aria-busy={busy || undefined}
              >
                {agreeLabel}
              </Button>
            ) : null}
          </>
        ) : undefined
      }
    >
      {children}
    </DialogFrame>
  );
}
