import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loyaltyAccounts, players, wallets } from '../db/schema/index.ts';
import { createPlayer, hashPassword, onPlayerCreated } from '../identity/index.ts';
import { post, REGISTRATION_PROFILE } from '../testing/api.ts';
import { cmsCall } from '../testing/cms.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * Issue #23: identity creates the player and knows nothing of the wallet or loyalty; the sign-up
 * orchestrator (sign-up/) adds them in the same transaction. Every door still gives a new player
 * a main wallet at zero in its currency and a loyalty account, and a failing step leaves nothing.
 * (Social sign-in's new player: content/social.test.ts.)
 */
describe('sign-up across identity, wallet and loyalty', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const accountsOf = async (id: number) => {
    const db = server.database.db;
    return {
      wallets: await db.select().from(wallets).where(eq(wallets.playerId, id)),
      loyalty: await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, id)),
    };
  };

  it('gives a player registered through the application API a wallet and a loyalty account', async () => {
    const fetcher = server.browser();
    const answer = await post(fetcher, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: 'orchestrated@example.com',
      password: 'Sign-up-1234',
      currency: 'USD',
      terms: '1',
    });
    expect(answer.status).toBe(200);
    const id = (answer.body.data as { uid: number }).uid;
    const { wallets: rows, loyalty } = await accountsOf(id);
    expect(rows).toEqual([{ playerId: id, kind: 'main', currency: 'USD', balanceMinor: 0n }]);
    expect(loyalty).toMatchObject([{ playerId: id, points: 0, level: 1, isActive: true }]);
  });

  it('gives a player registered through the content backend the same', async () => {
    const answer = await cmsCall(server.url, 'POST', '/cms/auth/local/register', {
      body: { email: 'cms-orchestrated@example.com', password: 'Sign-up-1234' },
    });
    expect(answer.status).toBe(200);
    const id = (answer.body.user as { id: number }).id;
    const { wallets: rows, loyalty } = await accountsOf(id);
    expect(rows).toEqual([{ playerId: id, kind: 'main', currency: 'EUR', balanceMinor: 0n }]);
    expect(loyalty).toHaveLength(1);
  });

  it('creates nothing when a sign-up step fails (one transaction)', async () => {
    let fail = true;
    onPlayerCreated('test-step', async () => {
      if (fail) throw new Error('step failed');
    });
    try {
      await expect(
        createPlayer(
          server.database.db,
          {
            login: 'half@example.com',
            passwordHash: await hashPassword('Sign-up-1234'),
            currency: 'EUR',
            locale: 'en-US',
            regTime: new Date(),
          },
          [{ type: 'email', contact: 'half@example.com' }],
        ),
      ).rejects.toThrow('step failed');
      const rows = await server.database.db
        .select()
        .from(players)
        .where(eq(players.login, 'half@example.com'));
      expect(rows).toEqual([]);
    } finally {
      fail = false;
    }
  });
});
