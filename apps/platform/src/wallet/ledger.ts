import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { rowsOf, type Executor } from '../db/client.ts';

/**
 * Balance kinds of §3, and `freespins`: free-spin winnings waiting for their pack to be settled
 * into a bonus (issue #26; never staked, never withdrawn, not in any §3 balance).
 */
export type WalletKind = 'main' | 'bonus' | 'betting_bonus' | 'fun' | 'freespins';

export interface LedgerEntry {
  id: number;
  playerId: number;
  kind: WalletKind;
  currency: string;
  amountMinor: bigint;
  balanceAfterMinor: bigint;
  reason: string;
  idempotencyKey: string;
  /** True when this call wrote the entry; false when the key had already been used. */
  created: boolean;
}

export interface Movement {
  playerId: number;
  kind: WalletKind;
  currency: string;
  /** Positive credits, negative debits, in minor units. */
  amountMinor: bigint;
  reason: string;
  idempotencyKey: string;
  meta?: Record<string, unknown>;
}

type Row = {
  id: number | string;
  player_id: number;
  kind: WalletKind;
  currency: string;
  amount_minor: string | bigint;
  balance_after_minor: string | bigint;
  reason: string;
  idempotency_key: string;
};

function toEntry(row: Row, created: boolean): LedgerEntry {
  return {
    id: Number(row.id),
    playerId: row.player_id,
    kind: row.kind,
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    balanceAfterMinor: BigInt(row.balance_after_minor),
    reason: row.reason,
    idempotencyKey: row.idempotency_key,
    created,
  };
}

const rows = rowsOf;

async function findByKey(db: Executor, key: string): Promise<LedgerEntry | null> {
  const [row] = await rows<Row>(
    db,
    sql`select * from ledger_entries where idempotency_key = ${key}`,
  );
  return row ? toEntry(row, false) : null;
}

/**
 * A replayed key must name the same movement (Stripe's rule): the same player, kind, currency and
 * amount. Anything else is a caller's bug or an attack, refused as a conflict rather than answered
 * with the first result, which would hide that the second movement never happened.
 */
function replayOf(entry: LedgerEntry, movement: Movement): LedgerEntry {
  if (
    entry.playerId !== movement.playerId ||
    entry.kind !== movement.kind ||
    entry.currency !== movement.currency ||
    entry.amountMinor !== movement.amountMinor
  ) {
    throw new ApiError('InvalidRequest', 'This idempotency key was used for another movement', {
      errorData: { reason: 'idempotency_key_reused' },
    });
  }
  return entry;
}

/**
 * The one place a balance changes. In one transaction: the wallet row moves (never below zero)
 * and a ledger row records it under its idempotency key. A replayed key returns the first result,
 * also after the balance has changed since, and never as "insufficient funds" (stack-notes.md);
 * a key reused for a different movement is refused (`replayOf`).
 */
export async function applyMovement(db: Executor, movement: Movement): Promise<LedgerEntry> {
  const existing = await findByKey(db, movement.idempotencyKey);
  if (existing) return replayOf(existing, movement);
  return db
    .transaction(async (tx) => {
      await tx.execute(sql`
      insert into wallets (player_id, kind, currency, balance_minor)
      values (${movement.playerId}, ${movement.kind}, ${movement.currency}, 0)
      on conflict do nothing`);
      const [wallet] = await rows<{ balance_minor: string }>(
        tx,
        sql`update wallets set balance_minor = balance_minor + ${movement.amountMinor.toString()}::bigint
          where player_id = ${movement.playerId} and kind = ${movement.kind} and currency = ${movement.currency}
            and balance_minor + ${movement.amountMinor.toString()}::bigint >= 0
          returning balance_minor`,
      );
      if (!wallet) {
        const replay = await findByKey(tx, movement.idempotencyKey);
        if (replay) return replayOf(replay, movement);
        throw new ApiError('BillingTransactionDeclined', 'Insufficient funds', {
          errorData: { reason: 'insufficient_funds' },
        });
      }
      const [entry] = await rows<Row>(
        tx,
        sql`insert into ledger_entries (player_id, kind, currency, amount_minor, balance_after_minor, reason, idempotency_key, meta)
          values (${movement.playerId}, ${movement.kind}, ${movement.currency}, ${movement.amountMinor.toString()}::bigint,
                  ${wallet.balance_minor}::bigint, ${movement.reason}, ${movement.idempotencyKey}, ${JSON.stringify(movement.meta ?? null)}::jsonb)
          on conflict (idempotency_key) do nothing
          returning *`,
      );
      if (!entry) {
        // A concurrent request with the same key won: undo this one, answer with the first.
        tx.rollback();
      }
      return toEntry(entry!, true);
    })
    .catch(async (error: unknown) => {
      if (error instanceof Error && error.message.includes('Rollback')) {
        const replay = await findByKey(db, movement.idempotencyKey);
        if (replay) return replayOf(replay, movement);
      }
      throw error;
    });
}

/**
 * A movement inside a transaction the caller holds, whose idempotency the caller has already
 * claimed (the seamless wallet's provider transaction row): the wallet row moves (never below
 * zero) and its ledger row is written, in the caller's transaction. The ledger's unique key
 * still refuses a second row under the same key.
 */
export async function applyClaimedMovement(tx: Executor, movement: Movement): Promise<void> {
  const [wallet] = await rows<{ balance_minor: string }>(
    tx,
    sql`insert into wallets (player_id, kind, currency, balance_minor)
        values (${movement.playerId}, ${movement.kind}, ${movement.currency}, ${movement.amountMinor.toString()}::bigint)
        on conflict (player_id, kind, currency)
        do update set balance_minor = wallets.balance_minor + excluded.balance_minor
        returning balance_minor`,
  );
  if (!wallet || BigInt(wallet.balance_minor) < 0n) {
    throw new ApiError('BillingTransactionDeclined', 'Insufficient funds', {
      errorData: { reason: 'insufficient_funds' },
    });
  }
  await tx.execute(sql`
    insert into ledger_entries (player_id, kind, currency, amount_minor, balance_after_minor, reason, idempotency_key, meta)
    values (${movement.playerId}, ${movement.kind}, ${movement.currency}, ${movement.amountMinor.toString()}::bigint,
            ${wallet.balance_minor}::bigint, ${movement.reason}, ${movement.idempotencyKey}, ${JSON.stringify(movement.meta ?? null)}::jsonb)`);
}

/** Every balance of a player in a currency, kind → minor units (missing kinds are 0). */
export async function balancesOf(
  db: Executor,
  playerId: number,
  currency: string,
): Promise<Record<WalletKind, bigint>> {
  const result: Record<WalletKind, bigint> = {
    main: 0n,
    bonus: 0n,
    betting_bonus: 0n,
    fun: 0n,
    freespins: 0n,
  };
  const list = await rows<{ kind: WalletKind; balance_minor: string }>(
    db,
    sql`select kind, balance_minor from wallets where player_id = ${playerId} and currency = ${currency}`,
  );
  for (const row of list) result[row.kind] = BigInt(row.balance_minor);
  return result;
}

/**
 * Opens a player's wallet of `kind` in `currency` at zero, if it is not there yet. No money moves,
 * so there is no ledger row; the first movement finds the wallet ready.
 */
export async function openWallet(
  db: Executor,
  playerId: number,
  currency: string,
  kind: WalletKind = 'main',
): Promise<void> {
  await db.execute(sql`
    insert into wallets (player_id, kind, currency, balance_minor)
    values (${playerId}, ${kind}, ${currency}, 0)
    on conflict do nothing`);
}
