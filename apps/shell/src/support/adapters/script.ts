/**
 * Loading a provider's script, once a page: the same `src` twice (a second start, a remount, the
 * operator's custom code that already has the tag) loads it once. A script that does not load
 * rejects, and the next start may try again (§8: chat scripts fail softly, logged only, by the
 * caller).
 */
const loads = new Map<string, Promise<void>>();

export function loadScript(src: string, attributes: Record<string, string> = {}): Promise<void> {
  const known = loads.get(src);
  if (known) return known;
  const present = [...document.scripts].some(
    (script) => script.src === new URL(src, location.href).href,
  );
  if (present) {
    const done = Promise.resolve();
    loads.set(src, done);
    return done;
  }
  const loading = new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener(
      'error',
      () => {
        loads.delete(src);
        script.remove();
        reject(new Error(`the chat script did not load: ${src}`));
      },
      { once: true },
    );
    document.head.appendChild(script);
  });
  loads.set(src, loading);
  return loading;
}

/** Forgets what was loaded (tests). */
export function forgetLoadedScripts(): void {
  loads.clear();
}

/** §9 chat-badge timers poll every 100 to 500 ms: ours every 250 ms. */
export const BADGE_POLL_MS = 250;
/** How long a timer looks for a provider's API or badge before giving up. */
export const BADGE_POLL_FOR_MS = 30_000;

/**
 * Asks `done` now and then every `everyMs` (kept within §9's 100–500 ms) until it answers true or
 * `forMs` has passed: for a provider whose API or badge appears some time after its script runs.
 * Returns the stop.
 */
export function pollUntil(
  done: () => boolean,
  everyMs: number = BADGE_POLL_MS,
  forMs: number = BADGE_POLL_FOR_MS,
): () => void {
  if (done()) return () => {};
  const every = Math.min(500, Math.max(100, everyMs));
  let waited = 0;
  const timer = setInterval(() => {
    waited += every;
    if (done() || waited >= forMs) clearInterval(timer);
  }, every);
  return () => clearInterval(timer);
}

/**
 * A call to a provider's API that waits for it: run now if `ready()`, else once a poll finds it
 * ready (a newer call for the same `key` replaces a waiting one: only the last visibility counts).
 */
export function whenReady(ready: () => boolean) {
  const waiting = new Map<string, () => void>();
  return (key: string, call: () => void) => {
    waiting.get(key)?.();
    waiting.delete(key);
    const stop = pollUntil(() => {
      if (!ready()) return false;
      waiting.delete(key);
      call();
      return true;
    });
    waiting.set(key, stop);
  };
}

/** The text of a message a provider hands its callback, whatever its shape; null when none. */
export function messageText(payload: unknown, depth = 0): string | null {
  if (typeof payload === 'string') return payload.trim() || null;
  if (typeof payload !== 'object' || payload === null || depth > 4) return null;
  const value = payload as Record<string, unknown>;
  for (const key of ['text', 'content', 'message', 'body', 'data']) {
    const found = messageText(value[key], depth + 1);
    if (found) return found;
  }
  const parts = value.message_parts;
  if (Array.isArray(parts)) {
    const texts = parts
      .map((part: unknown) => messageText((part as { text?: unknown } | null)?.text, depth + 1))
      .filter((text): text is string => text !== null);
    if (texts.length > 0) return texts.join('\n');
  }
  return null;
}
