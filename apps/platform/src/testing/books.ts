import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';

/** The books balance: per wallet, the ledger rows add up to the balance; nothing below zero. */
export async function expectBooksBalance(database: DatabaseHandle): Promise<void> {
  const wrong = await database.query(sql`
    select w.player_id, w.kind, w.balance_minor, coalesce(sum(l.amount_minor), 0) as ledger
    from wallets w
    left join ledger_entries l
      on l.player_id = w.player_id and l.kind = w.kind and l.currency = w.currency
    group by w.player_id, w.kind, w.currency, w.balance_minor
    having w.balance_minor <> coalesce(sum(l.amount_minor), 0) or w.balance_minor < 0`);
  expect(wrong).toEqual([]);
}
