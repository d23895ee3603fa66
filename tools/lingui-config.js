/**
 * The Lingui configuration every app shares: explicit message ids (`header.signIn`), one PO
 * catalog per locale in `src/locales/`, compiled to TypeScript (`lingui compile --strict`).
 * Each app's `lingui.config.js` is `export default linguiConfig()`.
 */
import { formatter } from '@lingui/format-po';

export const LINGUI_LOCALES = ['en-US', 'es-ES', 'pt-BR', 'ru-RU'];

/**
 * `include`: more source folders whose messages belong in this app's catalogs (a shared package
 * of runtime `i18n._` messages, such as `packages/bet-labels/src`), relative to the app.
 */
export function linguiConfig({ include = [] } = {}) {
  return {
    locales: LINGUI_LOCALES,
    sourceLocale: 'en-US',
    fallbackLocales: { default: 'en-US' },
    catalogs: [
      {
        path: '<rootDir>/src/locales/{locale}',
        include: ['<rootDir>/src', ...include.map((folder) => `<rootDir>/${folder}`)],
      },
    ],
    format: formatter({ origins: false }),
    compileNamespace: 'ts',
  };
}
