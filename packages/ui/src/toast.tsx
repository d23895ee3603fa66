import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { media, theme } from './theme.ts';

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface ToastOptions {
  /** Dedupes: showing a toast with the id of one on screen replaces it. */
  id?: string;
  title?: ReactNode;
  message: ReactNode;
  tone?: ToastTone;
  /** Milliseconds before it goes by itself; default 5000 (§9); 0 or Infinity keeps it. */
  duration?: number;
  /** An action under the message (a link or a button). */
  action?: ReactNode;
}

export interface ToastItem extends Required<Pick<ToastOptions, 'id' | 'tone' | 'duration'>> {
  title?: ReactNode;
  message: ReactNode;
  action?: ReactNode;
}

type Listener = () => void;

/**
 * The toasts on screen. A plain store (no React state), so any remote can show a toast from an
 * event handler; it is one store in the page because `@northstar/ui` is a shared singleton.
 */
export function createToastStore() {
  let items: readonly ToastItem[] = [];
  let counter = 0;
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());
  return {
    show(options: ToastOptions): string {
      const id = options.id ?? `toast-${++counter}`;
      const item: ToastItem = {
        id,
        tone: options.tone ?? 'info',
        duration: options.duration ?? theme.toastDuration,
        title: options.title,
        message: options.message,
        action: options.action,
      };
      items = [...items.filter((t) => t.id !== id), item];
      emit();
      return id;
    },
    dismiss(id: string): void {
      if (!items.some((t) => t.id === id)) return;
      items = items.filter((t) => t.id !== id);
      emit();
    },
    clear(): void {
      items = [];
      emit();
    },
    getSnapshot: (): readonly ToastItem[] => items,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type ToastStore = ReturnType<typeof createToastStore>;

/** The page's toasts. `toasts.show({ message, tone })` from anywhere. */
export const toasts: ToastStore = createToastStore();

export function useToasts(store: ToastStore = toasts): readonly ToastItem[] {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

const slideIn = keyframes`from { opacity: 0; transform: translateY(-8px); }`;

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
  onDismiss,
}: {
  item: ToastItem;
  closeLabel: string;
  onDismiss: (id: string) => void;
}) {
  const paused = useRef(false);
  const remaining = useRef(item.duration);

  // Counts down in small steps so hovering or focusing the toast pauses it (WCAG 2.2.1).
  useEffect(() => {
    if (!Number.isFinite(item.duration) || item.duration <= 0) return;
    remaining.current = item.duration;
    const step = 100;
    const timer = setInterval(() => {
      if (paused.current) return;
      remaining.current -= step;
      if (remaining.current <= 0) {
        clearInterval(timer);
        onDismiss(item.id);
      }
    }, step);
    return () => clearInterval(timer);
  }, [item, onDismiss]);

  return (
    <Card
      $tone={item.tone}
      data-toast-tone={item.tone}
      onMouseEnter={() => (paused.current = true)}
      onMouseLeave={() => (paused.current = false)}
      onFocus={() => (paused.current = true)}
      onBlur={() => (paused.current = false)}
    >
      <Text>
        {item.title ? <strong>{item.title}</strong> : null}
        {item.title ? <p>{item.message}</p> : item.message}
        {item.action ? <div style={{ marginTop: 8 }}>{item.action}</div> : null}
      </Text>
      <Dismiss type="button" aria-label={closeLabel} onClick={() => onDismiss(item.id)}>
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

export interface ToastRegionProps {
  /** Accessible name of each toast's close button (translated by the caller). */
  closeLabel: string;
  /** Accessible name of the region. */
  label?: string;
  store?: ToastStore;
}

/**
 * Where toasts appear: a polite live region (role=status) under the header. Each toast goes by
 * itself after its duration (5000 ms by default, §9), or by its close button.
 */
export function ToastRegion({ closeLabel, label, store = toasts }: ToastRegionProps) {
  const items = useToasts(store);
  return (
    <Region role="status" aria-live="polite" aria-label={label} data-testid="toast-region">
      {items.map((item) => (
        <Toast key={item.id} item={item} closeLabel={closeLabel} onDismiss={store.dismiss} />
      ))}
    </Region>
  );
}
