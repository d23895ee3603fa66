import { applyOverrides, type Locale, type Messages } from '@northstar/i18n';

const requested = new Set<string>();

/**
 * Fetches the texts an operator changed in the content backend for a locale (compiled, only the
 * changed ones) and lays them over the built-in catalogs. Fails softly (§8): the built-in texts
 * stay.
 */
export async function loadMessageOverrides(locale: Locale): Promise<void> {
  if (requested.has(locale)) return;
  requested.add(locale);
  try {
    const response = await fetch(
      `/nfx/i18n/messages/${encodeURIComponent(locale)}?overrides=1&compiled=1`,
    );
    if (!response.ok) return;
    const messages = (await response.json()) as Messages;
    if (Object.keys(messages).length > 0) applyOverrides(locale, messages);
  } catch (error) {
    requested.delete(locale);
    console.warn('[i18n] could not load message overrides', error);
  }
}
