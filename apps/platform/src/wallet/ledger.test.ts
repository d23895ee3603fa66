import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../db/client.ts';
import { players } from '../db/schema/index.ts';
import { ledgerEntries, wallets } from './schema.ts';
import { testDatabase } from '../testing/test-database.ts';
import { applyMovement, balancesOf } from './ledger.ts';
import { fromMinor, toMinor } from './money.ts';

let database: DatabaseHandle;
let playerId: number;
beforeAll(async () => {
  database = await testDatabase();
  const [player] = await database.db
    .insert(players)
    .values({ login: 'ledger@example.com', passwordHash: 'x', currency: 'EUR', locale: 'en-US' })
    .returning();
  playerId = player!.id;
}, 60_000);
afterAll(() => database.close());

const move = (amount: bigint, key: string) =>
  applyMovement(database.db, {
    playerId,
    kind: 'main',
    currency: 'EUR',
    amountMinor: amount,
    reason: 'test',
    idempotencyKey: key,
  });

describe('money', () => {
  it('converts between decimal strings and minor units without floats', () => {
    expect(toMinor('12.50', 2)).toBe(1250n);
    expect(toMinor('0.1', 2)).toBe(10n);
    expect(toMinor('-3', 2)).toBe(-300n);
    expect(fromMinor(1250n, 2)).toBe('12.50');
    expect(fromMinor(5n, 2)).toBe('0.05');
    expect(fromMinor(-5n, 2)).toBe('-0.05');
    expect(fromMinor(90071992547409931n, 2)).toBe('900719925474099.31');
    expect(() => toMinor('1.234', 2)).toThrow();
  });
});

/**
 * PGlite is one connection and runs transactions one after another, so the concurrency cases
 * below only race for real on PostgreSQL: the CI pass with TEST_DATABASE_URL (mandatory there,
 * tools/test.ts) is the one that proves them. Their names say which run this is.
 */
const RACE = process.env.TEST_DATABASE_URL
  ? 'racing on PostgreSQL'
  : 'serialised on PGlite; races on the PostgreSQL pass';

describe('the ledger', () => {
  it('writes the balance and one ledger row per movement', async () => {
    const entry = await move(10_000n, 'deposit-1');
    expect(entry).toMatchObject({
      created: true,
      amountMinor: 10_000n,
      balanceAfterMinor: 10_000n,
    });
    const debit = await move(-2_500n, 'bet-1');
    expect(debit.balanceAfterMinor).toBe(7_500n);
    expect((await balancesOf(database.db, playerId, 'EUR')).main).toBe(7_500n);
    const rows = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.playerId, playerId));
    expect(rows.map((r) => r.amountMinor)).toEqual([10_000n, -2_500n]);
  });

  it('answers a replayed key with the first result, even after the balance dropped', async () => {
    await move(-7_000n, 'bet-2');
    const replay = await move(-2_500n, 'bet-1');
    expect(replay).toMatchObject({ created: false, balanceAfterMinor: 7_500n });
    expect((await balancesOf(database.db, playerId, 'EUR')).main).toBe(500n);
  });

  it('never lets a balance go below zero, and writes nothing when it refuses', async () => {
    await expect(move(-501n, 'bet-3')).rejects.toMatchObject({
      type: 'BillingTransactionDeclined',
    });
    const [wallet] = await database.db.select().from(wallets).where(eq(wallets.playerId, playerId));
    expect(wallet!.balanceMinor).toBe(500n);
    const rows = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.idempotencyKey, 'bet-3'));
    expect(rows).toHaveLength(0);
  });

  it('refuses a key reused for another amount, kind or player, and moves nothing', async () => {
    const before = (await balancesOf(database.db, playerId, 'EUR')).main;
    await expect(move(-2_000n, 'bet-1')).rejects.toMatchObject({
      type: 'InvalidRequest',
      errorData: { reason: 'idempotency_key_reused' },
    });
    await expect(
      applyMovement(database.db, {
        playerId,
        kind: 'bonus',
        currency: 'EUR',
        amountMinor: -2_500n,
        reason: 'test',
        idempotencyKey: 'bet-1',
      }),
    ).rejects.toMatchObject({ type: 'InvalidRequest' });
    const [other] = await database.db
      .insert(players)
      .values({ login: 'other@example.com', passwordHash: 'x', currency: 'EUR', locale: 'en-US' })
      .returning();
    await expect(
      applyMovement(database.db, {
        playerId: other!.id,
        kind: 'main',
        currency: 'EUR',
        amountMinor: 10_000n,
        reason: 'test',
        idempotencyKey: 'deposit-1',
      }),
    ).rejects.toMatchObject({ type: 'InvalidRequest' });
    expect((await balancesOf(database.db, playerId, 'EUR')).main).toBe(before);
    expect((await balancesOf(database.db, other!.id, 'EUR')).main).toBe(0n);
  });

  it(`applies concurrent requests with one key exactly once (${RACE})`, async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => move(1_000n, 'deposit-concurrent')),
    );
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.id)).size).toBe(1);
    expect((await balancesOf(database.db, playerId, 'EUR')).main).toBe(1_500n);
  });

  it(`keeps the sum of the ledger equal to the balance under concurrent debits (${RACE})`, async () => {
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => move(-400n, `race-${i}`)),
    );
    const succeeded = attempts.filter((a) => a.status === 'fulfilled').length;
    expect(succeeded).toBe(3);
    const balance = (await balancesOf(database.db, playerId, 'EUR')).main;
    expect(balance).toBe(300n);
    const rows = await database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.playerId, playerId));
    expect(rows.reduce((sum, r) => sum + r.amountMinor, 0n)).toBe(balance);
  });
});
