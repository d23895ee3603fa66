import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { AppContext } from '../context.ts';
import { applyMovement, openGameSession } from '../wallet/index.ts';
// Tests play as a game provider does, through the seamless wallet's service (as the wallet's and
// cashback's tests do); only tests import this file.
// eslint-disable-next-line boundaries/platform-domains
import { walletTransaction } from '../wallet/seamless/service.ts';
import { post, REGISTRATION_PROFILE } from './api.ts';
import type { TestServer } from './test-server.ts';

let seq = 0;

/** A registered player (a browser tab signed in), with `depositMinor` on the main balance. */
export async function registeredPlayer(
  server: TestServer,
  options: { depositMinor?: bigint; currency?: string; country?: string } = {},
) {
  const tab = server.browser();
  const email = `player-${process.pid}-${++seq}-${Date.now()}@example.com`;
  const currency = options.currency ?? 'EUR';
  const answer = await post(tab, 'auth/register', {
    ...REGISTRATION_PROFILE,
    email,
    password: 'Secret-123',
    currency,
    terms: '1',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [row] = await server.database.query<{ id: number }>(
    sql`select id from players where login = ${email}`,
  );
  const id = row!.id;
  if (options.country) {
    await server.database.query(
      sql`update players set country_code = ${options.country} where id = ${id}`,
    );
  }
  const deposit = options.depositMinor ?? 1000_00n;
  if (deposit > 0n) {
    await applyMovement(server.database.db, {
      playerId: id,
      kind: 'main',
      currency,
      amountMinor: deposit,
      reason: 'test_deposit',
      idempotencyKey: `test-deposit-${id}`,
    });
  }
  return { tab, id, email };
}

let tx = 0;

/** Seamless-wallet calls for one player's real-money session of `game` (as a provider sends). */
export async function bettor(
  app: AppContext,
  playerId: number,
  game: string,
  options: { currency?: string; provider?: string } = {},
) {
  const currency = options.currency ?? 'EUR';
  const provider = options.provider ?? 'northstar';
  const session = await openGameSession(app, {
    playerId,
    providerId: provider,
    gameCode: game,
    currency,
    mode: 'real',
  });
  const call = (type: 'bet' | 'win' | 'rollback', amount: number, extra = {}) => {
    const uuid = `play-tx-${process.pid}-${Date.now()}-${++tx}`;
    return walletTransaction(app, provider, type, {
      request_uuid: `req-${uuid}`,
      token: session.token,
      game_code: game,
      currency,
      transaction_uuid: uuid,
      round: `round-${uuid}`,
      round_closed: false,
      amount,
      ...extra,
    }).then((answer) => ({ ...answer, uuid }));
  };
  return {
    bet: (amount: number) => call('bet', amount),
    // A win and a rollback belong to their bet's round, as a provider sends them.
    win: (amount: number, bet: string) =>
      call('win', amount, { reference_transaction_uuid: bet, round: `round-${bet}` }),
    rollback: (bet: string) =>
      call('rollback', 0, { reference_transaction_uuid: bet, round: `round-${bet}` }),
    /** A round: a bet then its win (0 for a loss). */
    async round(stake: number, win: number) {
      const placed = await call('bet', stake);
      expect(placed.status).toBe('RS_OK');
      const won = await call('win', win, { reference_transaction_uuid: placed.uuid });
      expect(won.status).toBe('RS_OK');
    },
  };
}
