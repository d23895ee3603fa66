/** Gets the pathname of the location the router moves to. */
type Listener = (pathname: string) => void;

const listeners = new Set<Listener>();

/**
 * Runs `listener` whenever the router moves to another location (a link, `navigate`, the back
 * button), before React renders it. Outside React on purpose: a part that must prepare for a
 * navigation (home-lobby.tsx) has to hear of it even while the render of that navigation waits.
 */
export function onNavigation(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called by the router (create-router.ts) when its location changes. */
export function notifyNavigation(pathname: string): void {
  for (const listener of [...listeners]) listener(pathname);
}
