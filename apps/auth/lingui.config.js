/** Lingui for the auth remote: explicit message ids, one PO catalog per locale. */
import { formatter } from '@lingui/format-po';

export default {
  locales: ['en-US', 'es-ES', 'pt-BR', 'ru-RU'],
  sourceLocale: 'en-US',
  fallbackLocales: { default: 'en-US' },
  catalogs: [{ path: '<rootDir>/src/locales/{locale}', include: ['<rootDir>/src'] }],
  format: formatter({ origins: false }),
  compileNamespace: 'ts',
};
