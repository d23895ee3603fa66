import { registerCatalog, type Messages } from '@northstar/i18n';

let registered: Promise<void> | null = null;

/**
 * The shell's second catalog (`src/locales/more/`, see lingui.config.js): the texts of the parts
 * that load on demand. Each lazy import of such a part goes through here, so the part renders
 * translated on its first paint while the first screen never downloads these texts. A catalog that
 * fails to load is a soft failure (§8): the part still loads, and the next one tries again.
 */
export function withMoreMessages<T>(load: () => Promise<T>): Promise<T> {
  registered ??= registerCatalog('shell-more', (locale) =>
    import(`../locales/more/${locale}.ts`).then((m: { messages: Messages }) => m.messages),
  ).catch((error: unknown) => {
    registered = null;
    console.error('[i18n] the on-demand texts did not load', error);
  });
  return Promise.all([load(), registered]).then(([module]) => module);
}
