/**
 * A chunk-load error (a deploy replaced the files this page knew about, or the network dropped)
 * reloads the target path once; the guard stops a second reload within 10 s (§4, §9), after which
 * the fallback stays on screen.
 */
export const RELOAD_GUARD_MS = 10_000;
const KEY = 'northstar:chunk-reload';

export function isChunkLoadError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error) {
      if (current.name === 'ChunkLoadError') return true;
      if (
        /Loading (CSS )?chunk|Failed to fetch dynamically imported module|RUNTIME-00[38]|Failed to get manifest|remoteEntry/i.test(
          current.message,
        )
      )
        return true;
      current = current.cause;
    } else break;
  }
  return false;
}

export interface GuardStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** True when a reload may happen now (and records it); false inside the guard window. */
export function claimReload(storage: GuardStorage, now = Date.now()): boolean {
  const stored = storage.getItem(KEY);
  const last = stored === null ? Number.NaN : Number(stored);
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  storage.setItem(KEY, String(now));
  return true;
}
