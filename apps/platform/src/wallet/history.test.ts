import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../db/schema/index.ts';
import { get, post, REGISTRATION_PROFILE } from '../testing/api.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { history } from './history.ts';
import { applyMovement } from './ledger.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

/**
 * The wallet's history door (issue #23 §1): cashier/gethistory's bonuses and cashbacks come from
 * `history(player, kind)`, so the cashier never matches the ledger's reason strings itself.
 */
describe('history(player, kind)', () => {
  it('lists bonus credits (not the seamless wallet’s bonus bets) and cashbacks, newest first, paged', async () => {
    const tab = server.browser();
    await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: 'wallet-history@example.com',
      password: 'Secret-123',
      terms: '1',
    });
    const [player] = await server.database.db
      .select()
      .from(players)
      .where(eq(players.login, 'wallet-history@example.com'));
    const id = player!.id;
    const move = (kind: 'main' | 'bonus', amountMinor: bigint, reason: string, key: string) =>
      applyMovement(server.database.db, {
        playerId: id,
        kind,
        currency: 'EUR',
        amountMinor,
        reason,
        idempotencyKey: `history-test:${id}:${key}`,
      });
    await move('bonus', 1_000n, 'campaign_bonus', 'b1');
    await move('bonus', 2_500n, 'campaign_bonus', 'b2');
    await move('bonus', -300n, 'seamless_bet', 'bet');
    // The seamless wallet's real reasons (issue #26): a bet and a win on the bonus balance.
    await move('bonus', -200n, 'game_bet', 'game-bet');
    await move('bonus', 100n, 'game_win', 'game-win');
    await move('main', 150n, 'cashback_weekly', 'c1');
    await move('main', 5_000n, 'deposit', 'd1');

    const bonuses = await history(server.database.db, id, 'bonuses', { offset: 0, count: 10 });
    expect(bonuses.total).toBe(2);
    expect(bonuses.items.map((item) => item.amountMinor)).toEqual([2_500n, 1_000n]);
    expect(bonuses.items[0]).toMatchObject({ currency: 'EUR', decimals: 2 });
    const paged = await history(server.database.db, id, 'bonuses', { offset: 1, count: 1 });
    expect(paged).toMatchObject({ total: 2, items: [{ amountMinor: 1_000n }] });
    const cashbacks = await history(server.database.db, id, 'cashbacks', { offset: 0, count: 10 });
    expect(cashbacks.items.map((item) => item.amountMinor)).toEqual([150n]);

    // cashier/gethistory answers the same entries through the door.
    const answer = await get(tab, 'cashier/gethistory', { type: 'bonuses', count: 10 });
    expect(answer.status).toBe(200);
    const body = answer.body.data as { total: number; items: { amount: { amount: string } }[] };
    expect(body.total).toBe(2);
    expect(body.items.map((item) => item.amount.amount)).toEqual(['25.00', '10.00']);
  });
});
