import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { LinguiContext } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { textsKey } from '@northstar/i18n';

/**
 * Lingui's context for the page, with every change of its texts (the locale, an operator's edited
 * texts) applied as a React transition.
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

export function TransitionI18nProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [value, setValue] = useState(() => contextOf(i18n));
  /** The texts `value` was made for (`textsKey`: the locale and the edited texts applied). */
  const seen = useRef<string | null>(null);
  seen.current ??= textsKey(i18n);
  useEffect(() => {
    const update = () => {
      const key = textsKey(i18n);
      // A catalog loaded for parts not drawn yet changes nothing already on the page.
      if (key === seen.current) return;
      seen.current = key;
      startTransition(() => setValue(contextOf(i18n)));
    };
    const unsubscribe = i18n.on('change', update);
    // A change between the first render and this subscription.
    update();
    return unsubscribe;
  }, [i18n]);
  if (!value.i18n.locale) return null;
  return <LinguiContext.Provider value={value}>{children}</LinguiContext.Provider>;
}

/**
 * Calls `listener` when the texts on the page change (the locale, an edited text applied), not
 * when a catalog loads for parts still to be drawn. Answers the unsubscription.
 */
export function onTextsChange(i18n: I18n, listener: () => void): () => void {
  let key = textsKey(i18n);
  return i18n.on('change', () => {
    const next = textsKey(i18n);
    if (next === key) return;
    key = next;
    listener();
  });
}
