import { currencies, locales } from '../../db/schema/index.ts';
import type { ModuleHandlers } from '../../http/index.ts';
import { countries } from '../../lib/reference-data.ts';
import { generalSettings } from '../../lib/general-settings.ts';

export const metadataHandlers: ModuleHandlers<'metadata'> = {
  async get(ctx) {
    const db = ctx.app.database.db;
    const localeRows = await db.select().from(locales).orderBy(locales.code);
    const currencyRows = await db.select().from(currencies).orderBy(currencies.code);
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
    const db = ctx.app.database.db;
    const localeRows = await db.select().from(locales).orderBy(locales.code);
    const currencyRows = await db.select().from(currencies).orderBy(currencies.code);
    return {
      ...generalSettings(),
      available_currencies: Object.fromEntries(currencyRows.map((c) => [c.code, c.symbol])),
      available_locales: localeRows.map((l) => l.code),
    };
  },
};
