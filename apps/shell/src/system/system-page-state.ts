import { atom, type createStore } from 'jotai';
import {
  mayCover,
  systemPageForError,
  type ErrorSource,
  type SystemPageKind,
} from './error-pages.ts';

type Store = ReturnType<typeof createStore>;

/** A system page shown over the route of `path` until the player goes to another path. */
export interface SystemPageState {
  kind: SystemPageKind;
  path: string;
}

/** The system page of the moment, if any (read by `SystemPageGate`). */
export const systemPageAtom = atom<SystemPageState | null>(null);

/**
 * Maps an error that happened on `path` (§8) and shows its system page, or logs it when it shows
 * none. Answers the page shown.
 */
export function reportError(
  store: Store,
  error: unknown,
  { source, path, userAgent }: { source: ErrorSource; path: string; userAgent: string },
): SystemPageKind | null {
  const kind = systemPageForError(error, { source, userAgent });
  if (kind && !mayCover(kind, path)) return null;
  if (kind) store.set(systemPageAtom, { kind, path });
  // §8: a soft failure is only logged; a fatal one a crawler met is logged instead of shown.
  else if (source === 'soft') console.warn('[shell] soft failure', error);
  else if (source !== 'query') console.error(`[shell] ${source} error`, error);
  return kind;
}
