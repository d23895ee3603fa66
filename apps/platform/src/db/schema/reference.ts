/** Reference data: currencies and locales. */
import { boolean, integer, pgTable, text } from 'drizzle-orm/pg-core';

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  decimals: integer('decimals').notNull(),
  /** Units of this currency for one EUR, as a decimal string. */
  rate: text('rate').notNull(),
  symbolPosition: text('symbol_position').notNull().default('before'),
});

export const locales = pgTable('locales', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
});
