import { useSyncExternalStore, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { media, theme } from './theme.ts';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

/** One toast as the region draws it. */
export interface ToastView {
  id: string;
  text: ReactNode;
  title?: ReactNode;
  tone: ToastTone;
  action?: ReactNode;
}

/**
 * Where the region reads its toasts from: the page's toast queue (`@northstar/shell-sdk`'s
 * `toastQueue`), which owns the timers; the region only pauses them while a toast is hovered or
 * focused (WCAG 2.2.1) and dismisses from the close button.
 */
export interface ToastSource {
  getSnapshot: () => readonly ToastView[];
  subscribe: (listener: () => void) => () => void;
  dismiss: (id: string) => void;
  pause: (id: string) => void;
  resume: (id: string) => void;
}

/*
 * A toast slides in without fading: text at part opacity is text below its contrast (WCAG 1.4.3),
 * and a reader (or axe) meeting it mid-entry would find it so.
 */
const slideIn = keyframes`from { transform: translateY(-8px); }`;

const Region = styled.div`
  position: fixed;
  z-index: ${({ theme }) => theme.zIndex.toast};
  /* §2: the offset follows the header's height (a CSS variable set per breakpoint). */
  top: calc(var(--ns-header-height, ${({ theme }) => theme.headerHeight.mobile}px) + 12px);
  left: 12px;
  right: 12px;
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: 8px;
  pointer-events: none;
  ${media.from('tablet')} {
    left: auto;
    right: 24px;
    width: 380px;
  }
`;

const toneColor = (tone: ToastTone) =>
  ({
    info: theme.colors.info,
    success: theme.colors.success,
    warning: theme.colors.warning,
    error: theme.colors.danger,
  })[tone];

const Card = styled.div<{ $tone: ToastTone }>`
  pointer-events: auto;
  display: flex;
  align-items: flex-start;
  gap: 12px;
  padding: 14px 10px 14px 16px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  animation: ${slideIn} 180ms ease-out;
  ${({ $tone }) => css`
    border-left: 4px solid ${toneColor($tone)};
  `}
`;

const Text = styled.div`
  flex: 1;
  min-width: 0;
  font-size: 14px;
  line-height: 1.45;
  color: ${({ theme }) => theme.colors.text};
  strong {
    display: block;
    font-size: 15px;
  }
  p {
    margin: 2px 0 0;
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

const Dismiss = styled.button`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  margin: -6px 0 -6px;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover {
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceHover};
  }
`;

function Toast({
  item,
  closeLabel,
  source,
}: {
  item: ToastView;
  closeLabel: string;
  source: ToastSource;
}) {
  return (
    <Card
      $tone={item.tone}
      data-toast-tone={item.tone}
      onMouseEnter={() => source.pause(item.id)}
      onMouseLeave={() => source.resume(item.id)}
      onFocus={() => source.pause(item.id)}
      onBlur={(event) => {
        // Focus moving between the toast's own controls keeps it paused.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null))
          source.resume(item.id);
      }}
    >
      <Text>
        {item.title ? <strong>{item.title}</strong> : null}
        {item.title ? <p>{item.text}</p> : item.text}
        {item.action ? <div style={{ marginTop: 8 }}>{item.action}</div> : null}
      </Text>
      <Dismiss type="button" aria-label={closeLabel} onClick={() => source.dismiss(item.id)}>
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      </Dismiss>
    </Card>
  );
}

/**
 * What the server drew: no toast (a toast is shown from a handler or an effect, never while
 * rendering). Hydration reads this too, so a toast shown before the region hydrated (a new
 * player's confirm-contacts hint, from an effect of a part that hydrated first) does not make
 * the page differ from the server's HTML (React #418); it appears right after.
 */
const NO_TOASTS: readonly ToastView[] = [];
const noToasts = () => NO_TOASTS;

export interface ToastRegionProps {
  /** Accessible name of each toast's close button (translated by the caller). */
  closeLabel: string;
  /** Accessible name of the region. */
  label?: string;
  source: ToastSource;
}

/**
 * Where toasts appear: a polite live region (role=status) under the header, so a screen reader
 * announces each toast as it comes. Its offset follows the header's height (`--ns-header-height`,
 * which the shell measures).
 */
export function ToastRegion({ closeLabel, label, source }: ToastRegionProps) {
  const items = useSyncExternalStore(source.subscribe, source.getSnapshot, noToasts);
  return (
    <Region role="status" aria-live="polite" aria-label={label} data-testid="toast-region">
      {items.map((item) => (
        <Toast key={item.id} item={item} closeLabel={closeLabel} source={source} />
      ))}
    </Region>
  );
}
