import { useSyncExternalStore } from 'react';

/** §2 the authorization popup's five views. */
export type AuthView =
  'authorization' | 'registration' | 'restore' | 'twofa' | 'socialRegistration';

export const AUTH_VIEWS: readonly AuthView[] = [
  'authorization',
  'registration',
  'restore',
  'twofa',
  'socialRegistration',
];

export function isAuthView(value: unknown): value is AuthView {
  return AUTH_VIEWS.includes(value as AuthView);
}

/**
 * The view the player moved to inside the popup (null: the one the opener asked for), outside
 * React state: the dialog's title (drawn by the shell's frame) and its body (drawn inside it)
 * are two components that must agree.
 */
let current: AuthView | null = null;
const listeners = new Set<() => void>();

export function setAuthView(view: AuthView | null): void {
  if (view === current) return;
  current = view;
  listeners.forEach((listener) => listener());
}

function getAuthView(): AuthView | null {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The view on screen: where the player moved to, else `asked`. */
export function useAuthView(asked: AuthView = 'authorization'): AuthView {
  return useSyncExternalStore(subscribe, getAuthView, getAuthView) ?? asked;
}
