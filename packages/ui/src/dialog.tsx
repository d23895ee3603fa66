import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import styled, { css } from 'styled-components';
import { media } from './theme.ts';

export type DialogKind = 'popup' | 'curtain';
export type DialogSize = 'small' | 'medium' | 'large';

const widths: Record<DialogSize, number> = { small: 380, medium: 520, large: 760 };

const Overlay = styled.div<{ $kind: DialogKind }>`
  position: fixed;
  inset: 0;
  z-index: 1000;
  display: flex;
  align-items: center;
  justify-content: ${({ $kind }) => ($kind === 'curtain' ? 'flex-start' : 'center')};
  padding: ${({ $kind }) => ($kind === 'curtain' ? '0' : '16px')};
  background: ${({ theme }) => theme.colors.overlay};
  backdrop-filter: blur(2px);
`;

const Panel = styled.div<{ $kind: DialogKind; $size: DialogSize }>`
  position: relative;
  width: 100%;
  max-width: ${({ $size }) => widths[$size]}px;
  max-height: calc(100vh - 32px);
  overflow: auto;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: 0 24px 64px rgba(0, 0, 0, 0.5);
  padding: 28px 24px 24px;
  ${({ $kind, theme }) =>
    $kind === 'curtain'
      ? css`
          height: 100vh;
          max-height: none;
          border-radius: 0 ${theme.radii.lg} ${theme.radii.lg} 0;
        `
      : css`
          border-radius: ${theme.radii.lg};
          ${media.below('tablet')} {
            max-height: calc(100vh - 16px);
          }
        `}
`;

const Title = styled.h2`
  font-size: 22px;
  margin: 0 40px 16px 0;
`;

const CloseButton = styled.button`
  position: absolute;
  top: 14px;
  right: 14px;
  width: 36px;
  height: 36px;
  border-radius: 50%;
  border: 0;
  background: ${({ theme }) => theme.colors.surfaceRaised};
  color: ${({ theme }) => theme.colors.text};
  font-size: 20px;
  line-height: 1;
  cursor: pointer;
`;

export interface DialogFrameProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  /** Accessible name of the close button (translated by the caller). */
  closeLabel: string;
  kind?: DialogKind;
  size?: DialogSize;
  /** When true, Esc, the overlay and the close button do not close the dialog (§2 prevent_close). */
  preventClose?: boolean;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The frame every dialog is drawn in: a modal with a title, focus kept inside while it is open and
 * given back on close, Esc and overlay click to close, page scroll locked (§2).
 */
export function DialogFrame({
  open,
  title,
  children,
  onClose,
  closeLabel,
  kind = 'popup',
  size = 'medium',
  preventClose = false,
}: DialogFrameProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    const first = panelRef.current?.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panelRef.current)?.focus();
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !preventClose) {
        event.stopPropagation();
        onClose();
      }
      if (event.key === 'Tab' && panelRef.current) {
        const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
        if (items.length === 0) return;
        const firstItem = items[0]!;
        const lastItem = items[items.length - 1]!;
        if (event.shiftKey && document.activeElement === firstItem) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && document.activeElement === lastItem) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose, preventClose]);

  if (!open || typeof document === 'undefined') return null;

  return createPortal(
    <Overlay
      $kind={kind}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && !preventClose) onClose();
      }}
    >
      <Panel
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        $kind={kind}
        $size={size}
      >
        <Title id={titleId}>{title}</Title>
        {preventClose ? null : (
          <CloseButton type="button" aria-label={closeLabel} onClick={onClose}>
            ×
          </CloseButton>
        )}
        {children}
      </Panel>
    </Overlay>,
    document.body,
  );
}
