/**
 * Reference data's door (issue #23): the currencies the site knows. The `currencies` table is
 * declared in ./schema.ts and read only here; other domains call these operations.
 */
export { currencyList, ensureCurrency, findCurrency, type Currency } from './currencies.ts';
