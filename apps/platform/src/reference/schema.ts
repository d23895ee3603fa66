/** Reference data (reference/): the currencies the site knows, their decimals and rates. */
import { integer, pgTable, text } from 'drizzle-orm/pg-core';

export const currencies = pgTable('currencies', {
  code: text('code').primaryKey(),
  symbol: text('symbol').notNull(),
  decimals: integer('decimals').notNull(),
  /** Units of this currency for one EUR, as a decimal string. */
  rate: text('rate').notNull(),
  symbolPosition: text('symbol_position').notNull().default('before'),
});
