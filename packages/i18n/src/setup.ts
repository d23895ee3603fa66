import { i18n, setupI18n, type I18n, type Messages } from '@lingui/core';
import { DEFAULT_LOCALE, type Locale } from './locales.ts';

export { i18n };
export type { I18n, Messages };

/**
 * The server render's instance of the render in progress (apps/shell/src/server/request-context.ts
 * sets this once): on the server every page render has its own `I18n` (`createI18n`), so renders
 * in different locales run side by side; in the browser nothing is set and the page's one `i18n`
 * is current.
 */
let scoped: (() => I18n | undefined) | undefined;

export function scopeI18n(current: () => I18n | undefined): void {
  scoped = current;
}

/** The `I18n` of the code running now: the render's on the server, the page's in the browser. */
export function currentI18n(): I18n {
  return scoped?.() ?? i18n;
}

/** Loads one app's compiled catalog for a locale. Each app (shell, remotes) ships its own. */
export type CatalogLoader = (locale: Locale) => Promise<Messages>;

const loaders = new Map<string, CatalogLoader>();
const loaded = new Set<string>();
/** Texts an operator changed in the content backend, per locale: they win over every catalog. */
const overrides = new Map<string, Messages>();
/** Every message loaded per locale (catalogs, then overrides), for `hasMessage` on any locale. */
const loadedMessages = new Map<string, Messages>();

/**
 * The server renders in progress (`createI18n`), held weakly: a render that ends is forgotten.
 * Always empty in the browser.
 */
const renders = new Set<WeakRef<I18n>>();

/** Each live render's instance, forgetting those whose render has ended. */
function liveRenders(): I18n[] {
  const live: I18n[] = [];
  for (const ref of renders) {
    const instance = ref.deref();
    if (instance) live.push(instance);
    else renders.delete(ref);
  }
  return live;
}

function loadMessages(locale: Locale, messages: Messages): void {
  loadedMessages.set(locale, { ...loadedMessages.get(locale), ...messages });
  i18n.load(locale, messages);
  // A remote's catalog registers once per process, in the render that first reached the remote;
  // a render running beside it (which awaited the same module) gets the messages too.
  for (const instance of liveRenders()) {
    if (instance.locale === locale) instance.load(locale, messages);
  }
}

async function loadInto(owner: string, loader: CatalogLoader, locale: Locale): Promise<void> {
  const key = `${owner}:${locale}`;
  if (loaded.has(key)) return;
  const messages = await loader(locale);
  // i18n.load merges into the locale's existing messages, so every app's catalog lives in the
  // one shared instance, keyed by explicit message ids (`header.signIn`).
  loadMessages(locale, messages);
  const changed = overrides.get(locale);
  if (changed) loadMessages(locale, changed);
  loaded.add(key);
}

/**
 * Loads the content backend's edited texts for a locale (`/nfx/i18n/messages/{locale}`, compiled)
 * over the built-in catalogs, now and after any catalog a remote loads later.
 */
export function applyOverrides(locale: Locale, messages: Messages): void {
  overrides.set(locale, { ...overrides.get(locale), ...messages });
  overridesApplied += 1;
  loadMessages(locale, messages);
}

let overridesApplied = 0;

/**
 * What the texts already on a page depend on: the locale, and the edited texts applied so far. A
 * catalog loaded later (a remote's, a chunk's) does not change it: its texts are read when the
 * parts that use them first render, after it has loaded.
 */
export function textsKey(instance: I18n = i18n): string {
  return `${instance.locale}:${overridesApplied}`;
}

/** A compiled message says something: some text that is not blank, or a placeholder. */
function hasText(message: unknown): boolean {
  if (typeof message === 'string') return message.trim() !== '';
  if (Array.isArray(message))
    return message.some((part) => typeof part !== 'string' || hasText(part));
  return false;
}

/**
 * Whether `id` has a text in a locale (the active one by default): a catalog or an override
 * names it and the text is not blank. An operator removes an optional text (a system page's
 * button, §2) by overriding it with an empty translation in the content backend.
 */
export function hasMessage(id: string, locale?: string): boolean {
  const current = currentI18n();
  const messages =
    locale === undefined || locale === current.locale
      ? current.messages
      : loadedMessages.get(locale);
  if (!messages || !Object.hasOwn(messages, id)) return false;
  return hasText(messages[id]);
}

/**
 * Registers an app's catalog. The current locale's messages load at once, so a remote's page
 * renders translated on its first paint; later locale switches load them with everyone else's.
 */
export async function registerCatalog(owner: string, loader: CatalogLoader): Promise<void> {
  loaders.set(owner, loader);
  const current = (currentI18n().locale || DEFAULT_LOCALE) as Locale;
  // On the server, every locale a render is drawing now: the renders beside the one that reached
  // the remote first (in other locales too) draw its page as well.
  const locales = new Set([current, ...liveRenders().map((instance) => instance.locale as Locale)]);
  await Promise.all([...locales].map((locale) => loadInto(owner, loader, locale)));
}

/** The locale the newest `activateLocale` call asked for (its catalogs may still be loading). */
let requested: Locale | null = null;

/**
 * Loads every registered catalog for `locale`, then makes it the active one, unless a later call
 * asked for another locale meanwhile: the newest request wins. (A page switched to Spanish and
 * straight back, e.g. by Back, must not turn Spanish when the Spanish catalogs arrive last.)
 */
export async function activateLocale(locale: Locale): Promise<void> {
  requested = locale;
  await Promise.all([...loaders].map(([owner, loader]) => loadInto(owner, loader, locale)));
  if (requested !== locale) return;
  if (i18n.locale !== locale) i18n.activate(locale);
}

/**
 * A new `I18n` for one server render, active in `locale` with every registered catalog's messages
 * (loaded once per locale for the process, then copied): no other render can switch its locale,
 * so renders need not take turns (apps/shell/src/server/render.tsx).
 */
export async function createI18n(locale: Locale): Promise<I18n> {
  await Promise.all([...loaders].map(([owner, loader]) => loadInto(owner, loader, locale)));
  const instance = setupI18n({ locale, messages: { [locale]: { ...loadedMessages.get(locale) } } });
  renders.add(new WeakRef(instance));
  return instance;
}
