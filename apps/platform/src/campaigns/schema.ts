/** Campaigns (modules/campaigns): the promo codes a player may enter at sign-up (§4). */
import { boolean, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: serial('id').primaryKey(),
    /** Upper case: codes are matched without regard to case. */
    code: text('code').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    /** Null: no end. */
    validUntil: timestamp('valid_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_codes_code_key').on(t.code)],
);
