import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

/** What a publisher says about one money movement of play (issue #27). */
export interface PlayEventInput {
  /** Unique per movement: a replay of the same movement publishes nothing. */
  ref: string;
  kind: PlayEventKind;
  product?: PlayEventProduct;
  playerId: number;
  currency: string;
  providerId: string;
  gameCode: string;
  round: string;
  amountMinor: bigint;
  realMinor: bigint;
  bonusMinor: bigint;
  stakeMinor: bigint;
  freespin: boolean;
  occurredAt: Date;
}

/**
 * `bet`, `win`, `rollback`: play (product `casino`, later `sports`). `cashout`: a withdrawal the
 * player asked for (product `cashier`, no game, no stake), published by payments/ in the
 * withdrawal's transaction so that consumers that care (a tournament with `reset_on_cashout`)
 * see it in the stream's order with the rounds around it. Consumers ignore kinds they do not use.
 */
export type PlayEventKind = 'bet' | 'win' | 'rollback' | 'cashout';
export type PlayEventProduct = 'casino' | 'sports' | 'cashier';

/**
 * Publishes a play event in the caller's transaction (`tx`: the one that moves the money), through
 * the same database function the wallet's SQL bet calls (sql/publish.sql). Once that transaction
 * has committed, the caller announces it (`announcePlayEvents`, announce.ts).
 */
export async function publishPlayEvent(tx: Executor, event: PlayEventInput): Promise<void> {
  await tx.execute(sql`
    select play_event_publish(${event.ref}, ${event.kind}, ${event.product ?? 'casino'},
      ${event.playerId}::integer, ${event.currency}, ${event.providerId}, ${event.gameCode},
      ${event.round}, ${event.amountMinor.toString()}::bigint, ${event.realMinor.toString()}::bigint,
      ${event.bonusMinor.toString()}::bigint, ${event.stakeMinor.toString()}::bigint,
      ${event.freespin}::boolean, ${event.occurredAt.toISOString()}::timestamptz)`);
}
