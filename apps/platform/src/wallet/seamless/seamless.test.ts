import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { setPlayLimit, setSelfExclusion } from '../../responsible/index.ts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { createPlayer } from '../../identity/registration.ts';
import { post } from '../../testing/api.ts';
import { startTestServer, testConfig, type TestServer } from '../../testing/test-server.ts';
import { expectBooksBalance as booksBalance } from '../../testing/books.ts';
import { applyMovement } from '../ledger.ts';
import { signBody } from './providers.ts';
import { walletTransaction, type TransactionRequest, type WalletAnswer } from './service.ts';

/**
 * The seamless wallet as a game provider sees it: the test suite is provider `acme`, with its own
 * key pair in a WALLET_PROVIDERS_FILE, signing every body. Every status of README.md, the replay
 * and rollback rules, a model-based run of random operations and concurrent bets; after each, the
 * books balance (ledger rows add up to the balances, no balance below zero).
 */
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-wallet-'));
const providersFile = path.join(folder, 'providers.json');
writeFileSync(
  providersFile,
  JSON.stringify([
    {
      id: 'acme',
      name: 'Acme Games',
      publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }),
      launchUrl: 'https://games.acme.example/launch',
      games: [{ code: 'acme_slot', name: 'Acme Slot', category: 'slots', rtp: 96.1 }],
    },
  ]),
);

let server: TestServer;
let app: AppContext;
beforeAll(async () => {
  server = await startTestServer({ config: { walletProvidersFile: providersFile } });
  app = {
    database: server.database,
    config: testConfig(folder),
    secret: Buffer.alloc(32),
    now: () => new Date(),
  };
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

let uuid = 0;
const next = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(uuid += 1)}`;

/** A player with `main` and `bonus` euro cents, and an open real-money game session. */
async function player(main: bigint, bonus = 0n, options: { expired?: boolean } = {}) {
  const login = `${next('p')}@example.com`;
  const created = await createPlayer(
    server.database.db,
    { login, passwordHash: 'x', currency: 'EUR', locale: 'en-US', regTime: new Date() },
    [],
  );
  for (const [kind, amount] of [
    ['main', main],
    ['bonus', bonus],
  ] as const) {
    if (amount > 0n) {
      await applyMovement(server.database.db, {
        playerId: created.id,
        kind,
        currency: 'EUR',
        amountMinor: amount,
        reason: 'test_deposit',
        idempotencyKey: next('deposit'),
      });
    }
  }
  const token = next('token');
  const expires = new Date(Date.now() + (options.expired ? -1000 : 3_600_000));
  await server.database.query(sql`
    insert into game_sessions (token, player_id, provider_id, game_code, currency, mode, expires_at)
    values (${token}, ${created.id}, 'acme', 'acme_slot', 'EUR', 'real', ${expires.toISOString()})`);
  return { id: created.id, token };
}

async function call(
  route: string,
  body: object,
  signer: { provider?: string; key?: typeof keys.privateKey | null } = {},
): Promise<WalletAnswer> {
  const raw = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  headers['x-wallet-provider'] = signer.provider ?? 'acme';
  if (signer.key !== null)
    headers['x-wallet-signature'] = signBody(raw, signer.key ?? keys.privateKey);
  const send = () =>
    fetch(`${server.url}/wallet/v1/${route}`, { method: 'POST', headers, body: raw });
  // A provider resends the same request after a network failure (a kept-alive socket the server
  // closed, under load): the wallet's replay rule makes that safe.
  const response = await send().catch(send);
  expect(response.status).toBe(200);
  return (await response.json()) as WalletAnswer;
}

const tx = (
  token: string,
  amount: number,
  extra: Partial<TransactionRequest> = {},
): TransactionRequest => ({
  request_uuid: next('req'),
  token,
  game_code: 'acme_slot',
  currency: 'EUR',
  transaction_uuid: next('tx'),
  round: next('round'),
  round_closed: false,
  amount,
  ...extra,
});

async function balances(playerId: number) {
  const rows = await server.database.query<{ kind: string; balance: string }>(
    sql`select kind, balance_minor::text as balance from wallets where player_id = ${playerId}`,
  );
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return { main: of('main'), bonus: of('bonus') };
}

const expectBooksBalance = () => booksBalance(server.database);

describe('user/balance', () => {
  it('answers main + bonus for a live token; refuses unknown tokens and another currency', async () => {
    const p = await player(1000n, 250n);
    const base = { request_uuid: next('req'), token: p.token, game_code: 'acme_slot' };
    expect(await call('user/balance', { ...base, currency: 'EUR' })).toEqual({
      status: 'RS_OK',
      request_uuid: base.request_uuid,
      user: String(p.id),
      currency: 'EUR',
      balance: 1250,
      freespins: [],
    });
    expect((await call('user/balance', { ...base, token: 'nope', currency: 'EUR' })).status).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect((await call('user/balance', { ...base, currency: 'USD' })).status).toBe(
      'RS_ERROR_WRONG_CURRENCY',
    );
    const old = await player(10n, 0n, { expired: true });
    expect(
      (await call('user/balance', { ...base, token: old.token, currency: 'EUR' })).status,
    ).toBe('RS_ERROR_TOKEN_EXPIRED');
  });

  it('refuses a missing, forged or foreign signature and a malformed body, changing nothing', async () => {
    const p = await player(500n);
    const bet = tx(p.token, 100);
    expect((await call('transaction/bet', bet, { key: null })).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await call('transaction/bet', bet, { key: stranger.privateKey })).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await call('transaction/bet', bet, { provider: 'nobody' })).status).toBe(
      'RS_ERROR_INVALID_SIGNATURE',
    );
    expect((await call('transaction/bet', { ...bet, amount: -5 })).status).toBe(
      'RS_ERROR_WRONG_SYNTAX',
    );
    expect(await balances(p.id)).toEqual({ main: 500, bonus: 0 });
  });
});

describe('transaction/bet, win, rollback', () => {
  it('a bet draws main first, then bonus; its win goes back in the same proportion', async () => {
    const p = await player(300n, 700n);
    const bet = tx(p.token, 500);
    const placed = await call('transaction/bet', bet);
    expect(placed).toMatchObject({ status: 'RS_OK', balance: 500 });
    expect(await balances(p.id)).toEqual({ main: 0, bonus: 500 });
    const win = await call(
      'transaction/win',
      tx(p.token, 1000, { round: bet.round, reference_transaction_uuid: bet.transaction_uuid }),
    );
    expect(win).toMatchObject({ status: 'RS_OK', balance: 1500 });
    // 300/500 of the bet was main money, 200/500 bonus: 600 and 400 of the win.
    expect(await balances(p.id)).toEqual({ main: 600, bonus: 900 });
    await expectBooksBalance();
  });

  it('refuses a bet above the balance and records nothing', async () => {
    const p = await player(100n, 50n);
    const bet = tx(p.token, 151);
    expect((await call('transaction/bet', bet)).status).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(await balances(p.id)).toEqual({ main: 100, bonus: 50 });
    // The same id may then be used once money is there (nothing was recorded under it).
    expect((await call('transaction/bet', { ...bet, amount: 150 })).status).toBe('RS_OK');
  });

  it('a replay gets the first answer and changes nothing; another request under the id is a duplicate', async () => {
    const p = await player(1000n);
    const bet = tx(p.token, 200);
    const first = await call('transaction/bet', bet);
    const again = await call('transaction/bet', { ...bet, request_uuid: 'replay-1' });
    expect(again).toEqual({ ...first, request_uuid: 'replay-1' });
    expect(await balances(p.id)).toEqual({ main: 800, bonus: 0 });
    for (const change of [{ amount: 300 }, { round: 'another' }]) {
      expect((await call('transaction/bet', { ...bet, ...change })).status).toBe(
        'RS_ERROR_DUPLICATE_TRANSACTION',
      );
    }
    const other = await player(1000n);
    expect(
      (await call('transaction/bet', { ...bet, token: other.token, request_uuid: 'x' })).status,
    ).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await balances(p.id)).toEqual({ main: 800, bonus: 0 });
  });

  it('a win must reference a bet of its player; wins and rollbacks are taken after the token expired, bets are not', async () => {
    const p = await player(1000n);
    expect(
      (
        await call(
          'transaction/win',
          tx(p.token, 10, { reference_transaction_uuid: 'never-placed' }),
        )
      ).status,
    ).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    const bet = tx(p.token, 100);
    await call('transaction/bet', bet);
    await server.database.query(
      sql`update game_sessions set expires_at = now() - interval '1 minute' where token = ${p.token}`,
    );
    expect((await call('transaction/bet', tx(p.token, 100))).status).toBe('RS_ERROR_TOKEN_EXPIRED');
    expect(
      (
        await call(
          'transaction/win',
          tx(p.token, 250, { reference_transaction_uuid: bet.transaction_uuid }),
        )
      ).status,
    ).toBe('RS_OK');
    expect(await balances(p.id)).toEqual({ main: 1150, bonus: 0 });
  });

  it('a rollback refunds its open bet once; a settled bet is not rolled back', async () => {
    const p = await player(1000n);
    const bet = tx(p.token, 400);
    await call('transaction/bet', bet);
    const rollback = tx(p.token, 400, { reference_transaction_uuid: bet.transaction_uuid });
    expect((await call('transaction/rollback', rollback)).status).toBe('RS_OK');
    expect((await call('transaction/rollback', rollback)).status).toBe('RS_OK');
    expect(await balances(p.id)).toEqual({ main: 1000, bonus: 0 });

    const won = tx(p.token, 100);
    await call('transaction/bet', won);
    await call(
      'transaction/win',
      tx(p.token, 0, { reference_transaction_uuid: won.transaction_uuid, round_closed: true }),
    );
    expect(
      (
        await call(
          'transaction/rollback',
          tx(p.token, 100, { reference_transaction_uuid: won.transaction_uuid }),
        )
      ).status,
    ).toBe('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    expect(await balances(p.id)).toEqual({ main: 900, bonus: 0 });
    await expectBooksBalance();
  });

  it('a rollback of a bet never seen is recorded, and the late bet is refused', async () => {
    const p = await player(1000n);
    const late = tx(p.token, 300);
    expect(
      (
        await call(
          'transaction/rollback',
          tx(p.token, 300, { reference_transaction_uuid: late.transaction_uuid }),
        )
      ).status,
    ).toBe('RS_OK');
    expect((await call('transaction/bet', late)).status).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    expect(await balances(p.id)).toEqual({ main: 1000, bonus: 0 });
  });

  it('a blocked player cannot bet, even with a live token; the open round still settles', async () => {
    const p = await player(1000n);
    const bet = tx(p.token, 100);
    await call('transaction/bet', bet);
    await server.database.query(sql`update players set status = 'blocked' where id = ${p.id}`);
    expect((await call('transaction/bet', tx(p.token, 100))).status).toBe('RS_ERROR_USER_DISABLED');
    expect(
      (
        await call(
          'transaction/win',
          tx(p.token, 200, { reference_transaction_uuid: bet.transaction_uuid }),
        )
      ).status,
    ).toBe('RS_OK');
    expect(await balances(p.id)).toEqual({ main: 1100, bonus: 0 });
  });

  it('a self-excluded player cannot bet from the moment it is set; the open round settles; after it ends, bets again', async () => {
    const p = await player(1000n);
    const bet = tx(p.token, 100);
    await call('transaction/bet', bet);
    await setSelfExclusion(server.database.db, p.id, '7d', new Date());
    expect((await call('transaction/bet', tx(p.token, 100))).status).toBe('RS_ERROR_USER_DISABLED');
    expect(
      (
        await call(
          'transaction/win',
          tx(p.token, 300, { reference_transaction_uuid: bet.transaction_uuid }),
        )
      ).status,
    ).toBe('RS_OK');
    expect(await balances(p.id)).toEqual({ main: 1200, bonus: 0 });
    await server.database.query(
      sql`update self_exclusions set ends_at = now() - interval '1 second' where player_id = ${p.id}`,
    );
    expect((await call('transaction/bet', tx(p.token, 100))).status).toBe('RS_OK');
  });

  it('a bet above what the loss limit leaves is refused at the debit, whatever the game says (issue #25)', async () => {
    const p = await player(5000n);
    await setPlayLimit(
      server.database.db,
      { playerId: p.id, kind: 'loss', periodDays: 1, currency: 'EUR', amount: 500n },
      new Date(),
    );
    const first = tx(p.token, 300);
    expect((await call('transaction/bet', first)).status).toBe('RS_OK');
    // Net loss 300: 200 is left, so 300 is refused and nothing moves (the same uuid may come again).
    const over = tx(p.token, 300);
    const refused = await call('transaction/bet', over);
    expect(refused).toMatchObject({ status: 'RS_ERROR_LIMIT_REACHED', balance: 4700 });
    expect(await balances(p.id)).toEqual({ main: 4700, bonus: 0 });
    expect((await call('transaction/bet', tx(p.token, 200))).status).toBe('RS_OK');
    expect((await call('transaction/bet', tx(p.token, 1))).status).toBe('RS_ERROR_LIMIT_REACHED');
    // A win lowers the net loss: 250 back leaves 250 to stake.
    await call(
      'transaction/win',
      tx(p.token, 250, { reference_transaction_uuid: first.transaction_uuid }),
    );
    expect((await call('transaction/bet', over)).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await call('transaction/bet', tx(p.token, 250))).status).toBe('RS_OK');
    expect(await balances(p.id)).toEqual({ main: 4500, bonus: 0 });
    await expectBooksBalance();
  });

  it('a loss limit counts the sportsbook’s stakes and returns with the games’ (issues #25, #29)', async () => {
    const p = await player(5000n);
    await setPlayLimit(
      server.database.db,
      { playerId: p.id, kind: 'loss', periodDays: 1, currency: 'EUR', amount: 500n },
      new Date(),
    );
    // A sports stake of 400 (sportsbook/bets.ts moves the main balance as `sports_stake`).
    await applyMovement(server.database.db, {
      playerId: p.id,
      kind: 'main',
      currency: 'EUR',
      amountMinor: -400n,
      reason: 'sports_stake',
      idempotencyKey: `test:sports:${p.id}:stake`,
    });
    expect((await call('transaction/bet', tx(p.token, 101))).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await call('transaction/bet', tx(p.token, 100))).status).toBe('RS_OK');
    // A cash-out of 150 lowers the net loss as a win does: 150 is left.
    await applyMovement(server.database.db, {
      playerId: p.id,
      kind: 'main',
      currency: 'EUR',
      amountMinor: 150n,
      reason: 'sports_cash_out',
      idempotencyKey: `test:sports:${p.id}:cash-out`,
    });
    expect((await call('transaction/bet', tx(p.token, 151))).status).toBe('RS_ERROR_LIMIT_REACHED');
    expect((await call('transaction/bet', tx(p.token, 150))).status).toBe('RS_OK');
    await expectBooksBalance();
  });

  it('two bets at once cannot pass a loss limit together', async () => {
    const p = await player(5000n);
    await setPlayLimit(
      server.database.db,
      { playerId: p.id, kind: 'loss', periodDays: 7, currency: 'EUR', amount: 500n },
      new Date(),
    );
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => call('transaction/bet', tx(p.token, 300))),
    );
    expect(answers.filter((a) => a.status === 'RS_OK')).toHaveLength(1);
    expect(answers.filter((a) => a.status === 'RS_ERROR_LIMIT_REACHED')).toHaveLength(3);
    expect(await balances(p.id)).toEqual({ main: 4700, bonus: 0 });
  });
});

describe('the books balance', () => {
  it('after 10,000 random bets, wins, rollbacks and replays from two providers on three players', async () => {
    // The built-in provider is the second one; the service is driven directly (no HTTP), so the
    // run is about the rules, not the transport.
    const players = await Promise.all([player(5000n, 2000n), player(100n), player(0n, 900n)]);
    for (const p of players) {
      await server.database.query(sql`
        insert into game_sessions (token, player_id, provider_id, game_code, currency, mode, expires_at)
        values (${`${p.token}-n`}, ${p.id}, 'northstar', 'dice', 'EUR', 'real', now() + interval '1 hour')`);
    }
    const before = await Promise.all(players.map((p) => balances(p.id)));
    const op = fc.record({
      kind: fc.constantFrom('bet', 'win', 'rollback', 'replay'),
      player: fc.nat({ max: 2 }),
      provider: fc.constantFrom('acme', 'northstar'),
      amount: fc.nat({ max: 900 }),
      pick: fc.nat(),
    });
    const applied = new Map<
      string,
      { type: string; request: TransactionRequest; provider: string }
    >();
    const bets: { uuid: string; player: number; provider: string }[] = [];
    let operations = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 100, maxLength: 100 }), async (ops) => {
        for (const o of ops) {
          operations += 1;
          const p = players[o.player]!;
          const token = o.provider === 'acme' ? p.token : `${p.token}-n`;
          if (o.kind === 'replay' && applied.size > 0) {
            const [, first] = [...applied][o.pick % applied.size]!;
            await walletTransaction(app, first.provider, first.type as 'bet', first.request);
            continue;
          }
          const mine = bets.filter((b) => b.player === o.player && b.provider === o.provider);
          const reference = mine.length > 0 ? mine[o.pick % mine.length]!.uuid : `ghost-${o.pick}`;
          const type = o.kind === 'replay' ? 'bet' : (o.kind as 'bet' | 'win' | 'rollback');
          const request = tx(token, o.amount, {
            ...(type === 'bet' ? {} : { reference_transaction_uuid: reference }),
          });
          const result = await walletTransaction(app, o.provider, type, request);
          if (result.status === 'RS_OK') {
            applied.set(request.transaction_uuid, { type, request, provider: o.provider });
            if (type === 'bet')
              bets.push({ uuid: request.transaction_uuid, player: o.player, provider: o.provider });
          }
        }
      }),
      { numRuns: 100 },
    );
    expect(operations).toBeGreaterThanOrEqual(10_000);
    await expectBooksBalance();
    // No provider transaction moved money twice: at most one ledger row per part.
    const doubled = await server.database.query(sql`
      select idempotency_key from ledger_entries group by idempotency_key having count(*) > 1`);
    expect(doubled).toEqual([]);
    // Every player's balance moved by exactly what their game ledger rows say.
    for (const [index, p] of players.entries()) {
      const after = await balances(p.id);
      const [moved] = await server.database.query<{ total: string }>(sql`
        select coalesce(sum(amount_minor), 0)::text as total from ledger_entries
        where player_id = ${p.id} and reason like 'game_%'`);
      expect(after.main + after.bonus - before[index]!.main - before[index]!.bonus).toBe(
        Number(moved!.total),
      );
    }
  }, 240_000);

  it('2,000 concurrent bets (250 in flight) on a few accounts never take a balance below zero', async () => {
    const accounts = await Promise.all([player(10_000n), player(5_000n, 5_000n), player(2_500n)]);
    // 2,000 bets through HTTP, 250 in flight at any moment (more would exceed the test
    // server's connection backlog, not the wallet).
    const results: WalletAnswer[] = [];
    let sent = 0;
    const lane = async () => {
      while (sent < 2000) {
        const p = accounts[sent % accounts.length]!;
        sent += 1;
        results.push(await call('transaction/bet', tx(p.token, 37)));
      }
    };
    await Promise.all(Array.from({ length: 250 }, lane));
    expect(results).toHaveLength(2000);
    const accepted = new Map<string, number>();
    for (const result of results) {
      expect(['RS_OK', 'RS_ERROR_NOT_ENOUGH_MONEY']).toContain(result.status);
      if (result.status === 'RS_OK') {
        accepted.set(result.user!, (accepted.get(result.user!) ?? 0) + 1);
      }
    }
    for (const [index, p] of accounts.entries()) {
      const start = [10_000, 10_000, 2_500][index]!;
      const now = await balances(p.id);
      expect(now.main).toBeGreaterThanOrEqual(0);
      expect(now.bonus).toBeGreaterThanOrEqual(0);
      expect(now.main + now.bonus).toBe(start - 37 * (accepted.get(String(p.id)) ?? 0));
      // Only what the balance could not cover was refused.
      expect(now.main + now.bonus).toBeLessThan(37);
    }
    await expectBooksBalance();
  }, 240_000);
});

describe('an external provider, configured by file', () => {
  it('lists its games, launches one for a signed-in player, and plays rounds against the wallet', async () => {
    const [listed] = await server.database.query<{ provider_sysname: string }>(
      sql`select provider_sysname from games where sysname = 'acme_slot'`,
    );
    expect(listed?.provider_sysname).toBe('acme');

    const visitor = await fetch(`${server.url}/platform/game/acme_slot/play`, {
      redirect: 'manual',
    });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/?show_popup_auth=1&backUrl=%2Fgame%2Facme_slot');
    const fun = await fetch(`${server.url}/platform/game/acme_slot/play?mode=fun`, {
      redirect: 'manual',
    });
    const funTarget = new URL(fun.headers.get('location')!);
    expect(funTarget.origin + funTarget.pathname).toBe('https://games.acme.example/launch');
    expect(funTarget.searchParams.get('mode')).toBe('fun');
    expect(funTarget.searchParams.has('token')).toBe(false);

    const p = await player(2_000n);
    await server.database.query(
      sql`update players set password_hash = ${await hashPassword('Secret-123')} where id = ${p.id}`,
    );
    const [row] = await server.database.query<{ login: string }>(
      sql`select login from players where id = ${p.id}`,
    );
    const tab = server.browser();
    expect(
      (await post(tab, 'auth/login', { login: row!.login, password: 'Secret-123' })).status,
    ).toBe(200);
    const launched = await tab('/platform/game/acme_slot/play?mode=real');
    expect(launched.status).toBe(302);
    const target = new URL(launched.headers.get('location')!);
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      game_code: 'acme_slot',
      currency: 'EUR',
      lang: 'en-US',
      mode: 'real',
    });
    expect(target.searchParams.get('lobby_url')).toMatch(/\/gamehall$/);
    const token = target.searchParams.get('token')!;
    // The game page of another locale asks for its language; an unknown one is not passed on.
    for (const [lang, expected] of [
      ['es-ES', 'es-ES'],
      ['xx-YY', 'en-US'],
    ]) {
      const localized = await tab(`/platform/game/acme_slot/play?mode=fun&lang=${lang}`);
      expect(new URL(localized.headers.get('location')!).searchParams.get('lang')).toBe(expected);
    }

    // The provider's game plays two rounds with that token.
    const first = tx(token, 500);
    expect(await call('transaction/bet', first)).toMatchObject({ status: 'RS_OK', balance: 1500 });
    expect(
      await call(
        'transaction/win',
        tx(token, 1200, { round: first.round, reference_transaction_uuid: first.transaction_uuid }),
      ),
    ).toMatchObject({ status: 'RS_OK', balance: 2700 });
    const second = tx(token, 700);
    await call('transaction/bet', second);
    await call(
      'transaction/win',
      tx(token, 0, { round: second.round, reference_transaction_uuid: second.transaction_uuid }),
    );
    expect(await balances(p.id)).toEqual({ main: 2000, bonus: 0 });
    await expectBooksBalance();
  });
});
