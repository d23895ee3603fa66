import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { ApiError } from '@northstar/errors';
import { noChangeHook } from '../../lib/change-hook.ts';
import type { AppContext } from '../../context.ts';
import { createPlayer } from '../../identity/index.ts';
import {
  configurePaymentProviders,
  SandboxPaymentProvider,
  type PaymentEvent,
} from '../../providers/payments/index.ts';
import { expectBooksBalance } from '../../testing/books.ts';
import { startTestServer, testConfig, type TestServer } from '../../testing/test-server.ts';
import {
  applyPaymentEvent,
  approveWithdrawal,
  cancelWithdrawal,
  makeDeposit,
  makeWithdrawal,
  rejectWithdrawal,
} from '../../payments/index.ts';

/**
 * The cashier's books under random traffic: deposits, provider events with replays and in any
 * order (contradictory ones included), withdrawals, approvals, rejections, cancels and payout
 * events. The service is driven directly (no HTTP), so the run is about the money rules. After
 * 10,000 operations: the ledger adds up to every balance, nothing is below zero, each payment
 * moved money at most once, and each player's balance is exactly their successful deposits less
 * the withdrawals that were not returned: no money created or lost.
 */
let server: TestServer;
let app: AppContext;
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-cashier-books-'));

beforeAll(async () => {
  server = await startTestServer();
  app = {
    database: server.database,
    config: testConfig(folder),
    secret: Buffer.alloc(32),
    now: () => new Date(),
  };
  const sandbox = new SandboxPaymentProvider(app, 'whsec_books');
  configurePaymentProviders(app, new Map([[sandbox.id, sandbox]]));
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Business refusals are part of the traffic; anything else is a bug. */
async function tolerate<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) return null;
    if (error instanceof Error && error.name === 'WebhookRejected') return null;
    throw error;
  }
}

describe('the cashier books balance', () => {
  it('after 10,000 random deposits, events (replayed, reordered), withdrawals and decisions', async () => {
    const players: number[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await createPlayer(
        server.database.db,
        {
          login: `books-${i}-${Date.now()}@example.com`,
          passwordHash: 'x',
          currency: 'EUR',
          locale: 'en-US',
          regTime: new Date(),
        },
        [],
      );
      // Verified, so the identity-check thresholds do not stop the traffic.
      await server.database.query(
        sql`update players set is_verified = true where id = ${created.id}`,
      );
      players.push(created.id);
    }
    const deposits: { id: number; amount: string }[] = [];
    const withdrawals: { id: number; amount: string }[] = [];
    const events: PaymentEvent[] = [];
    let operations = 0;
    let eventSeq = 0;

    const op = fc.record({
      kind: fc.constantFrom(
        'deposit',
        'deposit',
        'paymentEvent',
        'paymentEvent',
        'replay',
        'withdraw',
        'cancel',
        'approve',
        'reject',
        'payoutEvent',
      ),
      player: fc.nat({ max: 2 }),
      amount: fc.integer({ min: 10, max: 150 }),
      pick: fc.nat(),
      good: fc.boolean(),
    });

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 100, maxLength: 100 }), async (ops) => {
        for (const o of ops) {
          operations += 1;
          const playerId = players[o.player]!;
          const pickFrom = <T>(list: T[]) => (list.length ? list[o.pick % list.length]! : null);
          switch (o.kind) {
            case 'deposit': {
              const made = await tolerate(() =>
                makeDeposit(app, {
                  playerId,
                  method: 'card',
                  amount: String(o.amount),
                  offerId: null,
                  locale: 'en-US',
                  origin: 'http://127.0.0.1:9',
                }),
              );
              if (made) deposits.push({ id: made.transaction, amount: `${o.amount}.00` });
              break;
            }
            case 'paymentEvent':
            case 'payoutEvent': {
              const payout = o.kind === 'payoutEvent';
              const target = pickFrom(payout ? withdrawals : deposits);
              if (!target) break;
              const event: PaymentEvent = {
                id: `evt_${++eventSeq}`,
                type: payout
                  ? o.good
                    ? 'payout.paid'
                    : 'payout.failed'
                  : o.good
                    ? 'payment.succeeded'
                    : 'payment.failed',
                transaction: target.id,
                amount: target.amount,
                currency: 'EUR',
                reason: o.good ? null : 'card_declined',
              };
              events.push(event);
              await tolerate(() => applyPaymentEvent(app, 'sandbox', event));
              break;
            }
            case 'replay': {
              const event = pickFrom(events);
              if (event) await tolerate(() => applyPaymentEvent(app, 'sandbox', event));
              break;
            }
            case 'withdraw': {
              const made = await tolerate(() =>
                makeWithdrawal(
                  app,
                  {
                    playerId,
                    method: 'card',
                    amount: String(o.amount + 10),
                    requisites: '4242424242424242',
                    bank: null,
                  },
                  'http://127.0.0.1:9',
                ),
              );
              if (made) withdrawals.push({ id: made.id, amount: `${o.amount + 10}.00` });
              break;
            }
            case 'cancel': {
              const target = pickFrom(withdrawals);
              if (!target) break;
              // The owner's cancel; another player's id is refused like a missing one.
              await tolerate(() => cancelWithdrawal(app, playerId, target.id));
              break;
            }
            case 'approve': {
              const target = pickFrom(withdrawals);
              if (target)
                await tolerate(() =>
                  approveWithdrawal(app, target.id, 'http://127.0.0.1:9', noChangeHook),
                );
              break;
            }
            case 'reject': {
              const target = pickFrom(withdrawals);
              if (target)
                await tolerate(() =>
                  rejectWithdrawal(app, target.id, { code: 'other', text: null }, noChangeHook),
                );
              break;
            }
          }
        }
      }),
      { numRuns: 100 },
    );

    expect(operations).toBeGreaterThanOrEqual(10_000);
    await expectBooksBalance(server.database);
    // Each payment moved money at most once per kind of movement.
    const doubled = await server.database.query(sql`
      select idempotency_key from ledger_entries group by idempotency_key having count(*) > 1`);
    expect(doubled).toEqual([]);
    // A returned withdrawal has its one return; any other has none.
    const wrongReturns = await server.database.query(sql`
      select p.id from payments p
      left join ledger_entries l on l.idempotency_key = 'withdrawal:' || p.id || ':return'
      where p.kind = 'withdrawal'
        and ((p.status in ('rejected', 'cancelled')) <> (l.id is not null))`);
    expect(wrongReturns).toEqual([]);
    // No money created or lost, player by player.
    for (const playerId of players) {
      const [row] = await server.database.query<{ balance: string; expected: string }>(sql`
        select
          (select coalesce(sum(balance_minor), 0) from wallets where player_id = ${playerId})::text as balance,
          ((select coalesce(sum(amount_minor), 0) from payments
             where player_id = ${playerId} and kind = 'deposit' and status = 'success')
           - (select coalesce(sum(amount_minor), 0) from payments
             where player_id = ${playerId} and kind = 'withdrawal'
               and status not in ('rejected', 'cancelled')))::text as expected`);
      expect(row!.balance).toBe(row!.expected);
    }
    // The traffic did reach every state.
    const states = await server.database.query<{ kind: string; status: string }>(
      sql`select distinct kind, status from payments order by kind, status`,
    );
    expect(states.map((s) => `${s.kind}:${s.status}`)).toEqual(
      expect.arrayContaining([
        'deposit:success',
        'deposit:failed',
        'deposit:pending',
        'withdrawal:cancelled',
        'withdrawal:rejected',
        'withdrawal:paid',
      ]),
    );
  }, 300_000);
});
