import { i18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

export { i18n };
export type { Messages };

/** Loads one app's compiled catalog for a locale. Each app (shell, remotes) ships its own. */
export type CatalogLoader = (locale: Locale) => Promise<Messages>;

const loaders = new Map<string, CatalogLoader>();
const loaded = new Set<string>();
/** Texts an operator changed in the content backend, per locale: they win over every catalog. */
const overrides = new Map<string, Messages>();

async function loadInto(owner: string, loader: CatalogLoader, locale: Locale): Promise<void> {
  const key = `${owner}:${locale}`;
  if (loaded.has(key)) return;
  const messages = await loader(locale);
  // i18n.load merges into the locale's existing messages, so every app's catalog lives in the
  // one shared instance, keyed by explicit message ids (`header.signIn`).
  i18n.load(locale, messages);
  const changed = overrides.get(locale);
  if (changed) i18n.load(locale, changed);
  loaded.add(key);
}

/**
 * Loads the content backend's edited texts for a locale (`/nfx/i18n/messages/{locale}`, compiled)
 * over the built-in catalogs, now and after any catalog a remote loads later.
 */
export function applyOverrides(locale: Locale, messages: Messages): void {
  overrides.set(locale, { ...overrides.get(locale), ...messages });
  i18n.load(locale, messages);
}

/**
 * Registers an app's catalog. The current locale's messages load at once, so a remote's page
 * renders translated on its first paint; later locale switches load them with everyone else's.
 */
export async function registerCatalog(owner: string, loader: CatalogLoader): Promise<void> {
  loaders.set(owner, loader);
  const current = (i18n.locale || DEFAULT_LOCALE) as Locale;
  await loadInto(owner, loader, current);
}

/** Loads every registered catalog for `locale`, then makes it the active one. */
export async function activateLocale(locale: Locale): Promise<void> {
  await Promise.all([...loaders].map(([owner, loader]) => loadInto(owner, loader, locale)));
  i18n.activate(locale);
}
