import { siteLocales } from '../../content/index.ts';
import { currencyList } from '../../reference/index.ts';
import type { ModuleHandlers } from '../handlers.ts';
import { countries } from '../../lib/reference-data.ts';
import { generalSettings } from '../../lib/general-settings.ts';

export const metadataHandlers: ModuleHandlers<'metadata'> = {
  async get(ctx) {
    const { rows: localeRows } = await siteLocales(ctx.app);
    const currencyRows = await currencyList(ctx.app.database.db);
    const fallback = localeRows.find((l) => l.isDefault)?.code ?? 'en-US';
    return {
      locales: localeRows.map((l) => ({ code: l.code, name: l.name, isDefault: l.isDefault })),
      defaultLocale: fallback,
      currencies: currencyRows.map((c) => ({
        code: c.code,
        symbol: c.symbol,
        decimals: c.decimals,
        rate: c.rate,
      })),
      countries: countries(ctx.locale).map((c) => ({ code: c.code, name: c.name })),
    };
  },

  async getgeneralinfo(ctx) {
    const { rows: localeRows } = await siteLocales(ctx.app);
    const currencyRows = await currencyList(ctx.app.database.db);
    return {
      ...generalSettings(),
      available_currencies: Object.fromEntries(currencyRows.map((c) => [c.code, c.symbol])),
      available_locales: localeRows.map((l) => l.code),
    };
  },
};
