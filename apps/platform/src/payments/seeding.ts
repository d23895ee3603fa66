import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/**
 * The payments domain's door for seeds (demo/seed.ts): a past deposit that moved no money (a
 * declined one), so its result pages are real pages to open. Made once under its fixed id.
 */
export async function ensureDeclinedDeposit(
  db: Executor,
  deposit: {
    id: number;
    playerId: number;
    method: string;
    provider: string;
    currency: string;
    amountMinor: number;
    reasonCode: string;
    stages: readonly { stage: string; at: string }[];
  },
): Promise<void> {
  await db.execute(sql`
    insert into payments (id, player_id, kind, method, provider, currency, amount_minor, status,
      reason_code, stages)
    values (${deposit.id}, ${deposit.playerId}, 'deposit', ${deposit.method}, ${deposit.provider},
      ${deposit.currency}, ${deposit.amountMinor}, 'failed', ${deposit.reasonCode},
      ${JSON.stringify(deposit.stages)}::jsonb)
    on conflict (id) do nothing`);
}
