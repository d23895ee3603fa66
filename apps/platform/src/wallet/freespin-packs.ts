import { and, eq, sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { applyClaimedMovement } from './ledger.ts';
import { freespinPacks } from './schema.ts';

/**
 * Free-spin packs are the wallet's (issue #23): the seamless wallet spends them as bets of zero
 * naming the pack (seamless/service.ts); grants, reads and the settlement of their winnings come
 * through these doors (issue #26: the bonus engine grants a pack with a `free_spins` bonus and
 * settles it once its spins are over).
 */
export type FreespinPack = typeof freespinPacks.$inferSelect;

/** A pack of free spins for a player who has none yet (a seed's grant, made once). */
export async function ensureFreespinPack(
  db: Executor,
  pack: {
    playerId: number;
    gameSysname: string;
    count: number;
    stakeMinor: number;
    currency: string;
  },
): Promise<void> {
  const [existing] = await db
    .select({ id: freespinPacks.id })
    .from(freespinPacks)
    .where(eq(freespinPacks.playerId, pack.playerId));
  if (existing) return;
  await db.insert(freespinPacks).values({
    playerId: pack.playerId,
    gameSysname: pack.gameSysname,
    remainingCount: pack.count,
    totalCount: pack.count,
    stakeMinor: pack.stakeMinor,
    currency: pack.currency,
  });
}

/**
 * The pack a `free_spins` bonus grants, in the grant's transaction; once per bonus (the unique
 * `bonus_id`: a replayed grant answers the pack made the first time).
 */
export async function grantFreespinPack(
  tx: Executor,
  pack: {
    playerId: number;
    bonusId: number;
    gameSysname: string;
    count: number;
    stakeMinor: bigint;
    currency: string;
    expiresAt: Date | null;
  },
): Promise<FreespinPack> {
  await tx
    .insert(freespinPacks)
    .values({
      playerId: pack.playerId,
      bonusId: pack.bonusId,
      gameSysname: pack.gameSysname,
      remainingCount: pack.count,
      totalCount: pack.count,
      stakeMinor: Number(pack.stakeMinor),
      currency: pack.currency,
      expiresAt: pack.expiresAt,
    })
    .onConflictDoNothing();
  return (await freespinPackOfBonus(tx, pack.bonusId))!;
}

export async function freespinPackOfBonus(
  db: Executor,
  bonusId: number,
): Promise<FreespinPack | null> {
  const [row] = await db.select().from(freespinPacks).where(eq(freespinPacks.bonusId, bonusId));
  return row ?? null;
}

/** The packs of these bonuses, by bonus id (bonuses/get shows each free-spins bonus's pack). */
export async function freespinPacksOfBonuses(
  db: Executor,
  bonusIds: number[],
): Promise<Map<number, FreespinPack>> {
  if (bonusIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(freespinPacks)
    .where(
      sql`${freespinPacks.bonusId} in (${sql.join(
        bonusIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  return new Map(rows.map((row) => [row.bonusId!, row]));
}

/**
 * The player removed the pack's bonus (in the engine's transaction, the bonus row locked first):
 * no spin may start any more; its winnings so far are forfeited when the job settles the pack.
 */
export async function cancelFreespinPack(tx: Executor, bonusId: number): Promise<void> {
  await tx.execute(sql`
    update freespin_packs set status = 'cancelled'
    where bonus_id = ${bonusId} and status in ('received', 'active')`);
}

/**
 * A player's packs, oldest first, optionally of one status (§7 freespins/get: received, active,
 * used, expired, cancelled), at most `count` (99, §9), and how many there are in all.
 */
export async function freespinPacksOf(
  db: Executor,
  playerId: number,
  options: { status?: string; count?: number } = {},
): Promise<FreespinPack[] & { total?: number }> {
  const filters = [eq(freespinPacks.playerId, playerId)];
  if (options.status) filters.push(eq(freespinPacks.status, options.status));
  const rows: FreespinPack[] & { total?: number } = await db
    .select()
    .from(freespinPacks)
    .where(and(...filters))
    .orderBy(freespinPacks.id)
    .limit(options.count ?? 99);
  const [counted] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(freespinPacks)
    .where(and(...filters));
  rows.total = Number(counted?.total ?? rows.length);
  return rows;
}

/**
 * How long after its expiry a pack whose last spin is still open (its win never came: a closed
 * tab, a provider's fault) waits before it is settled anyway; a win after that is forfeited.
 */
export const PACK_SETTLE_GRACE_MS = 60 * 60 * 1000;

/** Packs of a bonus that may be due for settlement now (the bonus job's scan). */
export async function unsettledPackIds(
  db: Executor,
  now: Date,
): Promise<{ id: number; bonusId: number }[]> {
  const rows = await rowsOf<{ id: number; bonus_id: number }>(
    db,
    sql`select id, bonus_id from freespin_packs
        where settled_at is null and bonus_id is not null
          and (status in ('used', 'expired', 'cancelled')
               or expires_at <= ${now.toISOString()}::timestamptz)
        order by id limit 200`,
  );
  return rows.map((r) => ({ id: r.id, bonusId: r.bonus_id }));
}

export interface SettledPack {
  id: number;
  bonusId: number;
  playerId: number;
  currency: string;
  status: string;
  wonMinor: bigint;
}

/**
 * Settles one pack in the caller's transaction (the bonus job; the pack's bonus row already
 * locked by the caller): an expired pack's spins end; once no spin of the pack is still open,
 * its winnings leave the pending `freespins` wallet (one ledger row, `freespins:<id>:settle`) to
 * become the bonus's money, and the pack is marked settled, once. The row is taken `FOR UPDATE
 * SKIP LOCKED`: a pack another instance (or a spin's win) holds now is left for the next pass.
 * Answers null when the pack is not due, or not settled yet.
 */
export async function settleFreespinPack(
  tx: Executor,
  now: Date,
  packId: number,
  outcome: 'settled' | 'forfeited' = 'settled',
): Promise<SettledPack | null> {
  const [pack] = await rowsOf<{
    id: number;
    bonus_id: number | null;
    player_id: number;
    currency: string;
    status: string;
    won_minor: string;
    expires_at: Date | string | null;
  }>(
    tx,
    sql`select id, bonus_id, player_id, currency, status, won_minor::text, expires_at
        from freespin_packs where id = ${packId} and settled_at is null
        for update skip locked`,
  );
  if (!pack || pack.bonus_id === null) return null;
  const expiresAt = pack.expires_at === null ? null : new Date(pack.expires_at).getTime();
  const expired = expiresAt !== null && expiresAt <= now.getTime();
  let status = pack.status;
  if (expired && (status === 'received' || status === 'active')) {
    status = 'expired';
    await tx.execute(sql`update freespin_packs set status = 'expired' where id = ${pack.id}`);
  }
  if (status === 'received' || status === 'active') return null;
  const [open] = await rowsOf(
    tx,
    sql`select 1 from wallet_transactions
        where freespin_pack_id = ${pack.id} and type = 'bet' and state = 'open' limit 1`,
  );
  const graceOver = expiresAt !== null && expiresAt + PACK_SETTLE_GRACE_MS <= now.getTime();
  if (open && !graceOver) return null;
  const wonMinor = BigInt(pack.won_minor);
  if (wonMinor > 0n) {
    await applyClaimedMovement(tx, {
      playerId: pack.player_id,
      kind: 'freespins',
      currency: pack.currency,
      amountMinor: -wonMinor,
      // settled: the winnings become the bonus's money (credited by its activation, as every
      // bonus's); forfeited: the bonus was removed.
      reason: outcome === 'settled' ? 'freespin_settled' : 'freespin_forfeited',
      idempotencyKey: `freespins:${pack.id}:settle`,
      meta: { pack: pack.id, bonus: pack.bonus_id },
    });
  }
  await tx.execute(sql`
    update freespin_packs set settled_at = ${now.toISOString()}::timestamptz where id = ${pack.id}`);
  return {
    id: pack.id,
    bonusId: pack.bonus_id,
    playerId: pack.player_id,
    currency: pack.currency,
    status,
    wonMinor,
  };
}
