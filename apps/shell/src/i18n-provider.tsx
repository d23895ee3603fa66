import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { LinguiContext } from '@lingui/react';
import type { I18n } from '@lingui/core';

/**
 * Lingui's context for the page, with every change of the catalogs or the locale applied as a
 * React transition.
 *
 * Lingui's own `I18nProvider` reads `i18n` through `useSyncExternalStore`, whose updates are
 * synchronous. The page's catalogs change after hydration (a remote's catalog, the content
 * backend's edited texts, a chunk's messages), and a synchronous context change that reaches a
 * part of the page still waiting for its code to hydrate (a remote page's `lazy` chunk under
 * Suspense: the hall, the game, the loyalty pages) makes React drop that part's server HTML and
 * draw it again in the browser: the game's frame loaded twice (two launches, the first session
 * lost), images were fetched again and the first screen was painted twice. A transition instead
 * waits until that part has hydrated, then re-renders it with the new texts.
 *
 * The context is Lingui's shape (`i18n` behind a new proxy per change, so consumers that depend
 * on it re-render; `_` bound to it).
 */
function contextOf(i18n: I18n) {
  return { i18n: new Proxy(i18n, {}), _: i18n.t.bind(i18n) };
}

/** How many changes each Lingui instance has made (counted from the first provider's render). */
const changes = new WeakMap<I18n, { count: number }>();
function changeCounter(i18n: I18n): { count: number } {
  let counter = changes.get(i18n);
  if (!counter) {
    const created = { count: 0 };
    i18n.on('change', () => {
      created.count += 1;
    });
    changes.set(i18n, created);
    counter = created;
  }
  return counter;
}

export function TransitionI18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [value, setValue] = useState(() => contextOf(i18n));
  /** The count of changes `value` was made after. */
  const seen = useRef(changeCounter(i18n).count);
  useEffect(() => {
    const counter = changeCounter(i18n);
    const update = () =>
      startTransition(() => {
        seen.current = counter.count;
        setValue(contextOf(i18n));
      });
    const unsubscribe = i18n.on('change', update);
    // A change between the first render and this subscription (a catalog that loaded meanwhile).
    if (counter.count !== seen.current) update();
    return unsubscribe;
  }, [i18n]);
  if (!value.i18n.locale) return null;
  return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>;
}
