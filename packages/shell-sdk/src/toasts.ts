import { useSyncExternalStore, type ReactNode } from 'react';

/** §9: a toast goes by itself after 5000 ms unless it says otherwise. */
export const TOAST_DURATION = 5000;

export type ToastTone = 'info' | 'success' | 'warning' | 'error';

export interface ToastOptions {
  /** Dedupes: showing a toast with the id of one on screen replaces it. */
  id?: string;
  text: ReactNode;
  title?: ReactNode;
  /** Default 'info'. */
  tone?: ToastTone;
  /** Milliseconds before it goes by itself; default 5000 (§9); 0 or Infinity keeps it. */
  duration?: number;
  /** An action under the text (a link or a button). */
  action?: ReactNode;
}

export interface Toast {
  id: string;
  text: ReactNode;
  title?: ReactNode;
  tone: ToastTone;
  duration: number;
  action?: ReactNode;
}

type Listener = () => void;

interface Timer {
  handle: ReturnType<typeof setTimeout> | null;
  /** When it goes, while it runs; what is left, while it is paused. */
  deadline: number;
  remaining: number;
}

/**
 * The toasts on screen and their timers. A plain store (no React state) so a remote can show a
 * toast from an event handler; one store in the page because shell-sdk is a shared singleton.
 * Timers start when a toast is shown (never at import time) and pause while the player hovers or
 * focuses a toast (WCAG 2.2.1).
 */
export function createToastQueue() {
  let items: readonly Toast[] = [];
  let counter = 0;
  const timers = new Map<string, Timer>();
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  const stop = (id: string) => {
    const timer = timers.get(id);
    if (timer?.handle != null) clearTimeout(timer.handle);
    timers.delete(id);
  };
  const run = (id: string, ms: number) => {
    const timer: Timer = { handle: null, deadline: Date.now() + ms, remaining: ms };
    timer.handle = setTimeout(() => queue.dismiss(id), ms);
    timers.set(id, timer);
  };

  const queue = {
    show(options: ToastOptions): string {
      const id = options.id ?? `toast-${++counter}`;
      const toast: Toast = {
        id,
        text: options.text,
        title: options.title,
        tone: options.tone ?? 'info',
        duration: options.duration ?? TOAST_DURATION,
        action: options.action,
      };
      stop(id);
      items = [...items.filter((t) => t.id !== id), toast];
      if (Number.isFinite(toast.duration) && toast.duration > 0) run(id, toast.duration);
      emit();
      return id;
    },
    dismiss(id: string): void {
      stop(id);
      if (!items.some((t) => t.id === id)) return;
      items = items.filter((t) => t.id !== id);
      emit();
    },
    /** Holds the toast's timer (the pointer or focus is on it). */
    pause(id: string): void {
      const timer = timers.get(id);
      if (!timer || timer.handle == null) return;
      clearTimeout(timer.handle);
      timer.handle = null;
      timer.remaining = Math.max(0, timer.deadline - Date.now());
    },
    /** Lets the toast's timer run again for what was left of it. */
    resume(id: string): void {
      const timer = timers.get(id);
      if (!timer || timer.handle != null) return;
      run(id, timer.remaining);
    },
    clear(): void {
      for (const id of [...timers.keys()]) stop(id);
      items = [];
      emit();
    },
    getSnapshot: (): readonly Toast[] => items,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return queue;
}

export type ToastQueue = ReturnType<typeof createToastQueue>;

/** The page's toasts, drawn by the shell under the header. */
export const toastQueue: ToastQueue = createToastQueue();

/** Shows a toast under the header (§2); returns its id. Call it from a handler or an effect. */
export function showToast(options: ToastOptions): string {
  return toastQueue.show(options);
}

export function dismissToast(id: string): void {
  toastQueue.dismiss(id);
}

const NO_TOASTS: readonly Toast[] = [];
const noToasts = () => NO_TOASTS;

/**
 * The toasts on screen; re-renders when one comes or goes. None on the server and while
 * hydrating (what the server drew), so a toast shown before hydration ends cannot make the page
 * differ from its HTML.
 */
export function useToasts(queue: ToastQueue = toastQueue): readonly Toast[] {
  return useSyncExternalStore(queue.subscribe, queue.getSnapshot, noToasts);
}
