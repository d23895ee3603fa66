import { formatter } from '@lingui/format-po';

/** Lingui for the shell: explicit message ids (`header.signIn`), one PO catalog per locale. */
export default {
  locales: ['en-US', 'es-ES', 'pt-BR', 'ru-RU'],
  sourceLocale: 'en-US',
  fallbackLocales: { default: 'en-US' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'] }],
  format: formatter({ origins: false }),
  compileNamespace: 'ts',
};
