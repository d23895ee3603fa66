import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../db/schema/index.ts';
import { get, post, REGISTRATION_PROFILE } from '../testing/api.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { applyMovement } from './ledger.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const BALANCE_KEYS = ['balance_main', 'balance_bonus', 'balance_betting_bonus', 'balance_fun'];

describe('one balance read', () => {
  it('getInfo and getBalance answer the same numbers, and the total is added in minor units', async () => {
    const tab = server.browser();
    await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: 'balances@example.com',
      password: 'Secret-123',
      terms: '1',
    });
    const [player] = await server.database.db
      .select()
      .from(players)
      .where(eq(players.login, 'balances@example.com'));
    const movements = [
      ['main', 1_234_567n],
      ['bonus', 10n],
      ['betting_bonus', 20n],
      ['fun', 99_999n],
    ] as const;
    for (const [kind, amountMinor] of movements) {
      await applyMovement(server.database.db, {
        playerId: player!.id,
        kind,
        currency: 'EUR',
        amountMinor,
        reason: 'test',
        idempotencyKey: `balances-${kind}`,
      });
    }
    const info = (await get(tab, 'account/getInfo')).body.data as Record<string, unknown>;
    const balance = (await get(tab, 'account/getBalance')).body.data as Record<string, unknown>;
    for (const key of BALANCE_KEYS) expect(info[key], key).toEqual(balance[key]);
    expect(balance).toMatchObject({
      balance_main: { amount: '12345.67', currency: 'EUR' },
      balance_bonus: { amount: '0.10', currency: 'EUR' },
      balance_betting_bonus: { amount: '0.20', currency: 'EUR' },
      balance_fun: { amount: '999.99', currency: 'EUR' },
      // main + bonus + betting bonus (§3); fun money is not in the total.
      balance_total: { amount: '12345.97', currency: 'EUR' },
    });
  });
});
