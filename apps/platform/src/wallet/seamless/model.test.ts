import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer } from '../../identity/registration.ts';
import { setPlayLimit, setSelfExclusion } from '../../responsible/index.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { applyMovement } from '../ledger.ts';
import { signBody } from './providers.ts';
import type { WalletAnswer } from './service.ts';

/**
 * The seamless wallet against a reference model (issue #23). Random sequences of provider calls
 * (bets with money, which the wallet_bet SQL function answers; free-spin bets, wins and
 * rollbacks, which the TypeScript answers; balance calls; replays and reused transaction ids;
 * references to bets never seen, another player's or another provider's; missing money; wrong
 * tokens and currencies; blocked, self-excluded and expired players; loss limits, issue #25) from two providers go through
 * the real `/wallet/v1` over HTTP with signed bodies, on PGlite or on TEST_DATABASE_URL. Every answer's status (and its balance and free
 * spins where a provider reads them) must be the model's, and after every call each player's
 * balances, their ledger rows and their free-spin packs must be the model's too. The model is
 * README.md's rules written as plain TypeScript, with no database.
 */

// ---------------------------------------------------------------------------------------------
// The reference model

type Kind = 'bet' | 'win' | 'rollback';
type Status =
  | 'RS_OK'
  | 'RS_ERROR_NOT_ENOUGH_MONEY'
  | 'RS_ERROR_DUPLICATE_TRANSACTION'
  | 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST'
  | 'RS_ERROR_INVALID_TOKEN'
  | 'RS_ERROR_TOKEN_EXPIRED'
  | 'RS_ERROR_USER_DISABLED'
  | 'RS_ERROR_LIMIT_REACHED'
  | 'RS_ERROR_WRONG_CURRENCY'
  | 'RS_ERROR_WRONG_SYNTAX';

/** What a provider reads from an answer. */
interface Expected {
  status: Status;
  balance?: number;
  freespins_left?: number;
  freespins?: { id: string; remaining: number; total: number; stake: number }[];
}

type Provider = 'acme' | 'beta';

/** A transaction request as the model sees it (`player` is an index into the model's players). */
interface Request {
  kind: Kind;
  provider: Provider;
  player: number;
  /** The player's live session with this provider, a fun one, the other provider's, or none. */
  session: 'real' | 'fun' | 'foreign' | 'unknown';
  currency: string;
  uuid: string;
  round: string;
  amount: number;
  reference?: string;
  freespin?: string;
}

interface PlayerState {
  main: number;
  bonus: number;
  blocked: boolean;
  excluded: boolean;
  expired: boolean;
  /**
   * A loss limit (issue #25; one 30-day window, so every transaction since it was set counts):
   * its amount, and the sequence number of the first transaction after it was set.
   */
  lossLimit: number | null;
  lossFrom: number;
}

interface Pack {
  id: string;
  player: number;
  game: string;
  stake: number;
  remaining: number;
  /** The spins it was granted (user/balance says "n of total", issue #26). */
  total: number;
  status: 'received' | 'active' | 'used';
  won: number;
}

/** A provider transaction the wallet recorded under its id. */
interface Recorded {
  /** The request's identity: the same request again is a replay, anything else a duplicate. */
  same: string | null;
  kind: Kind;
  player: number;
  state: 'open' | 'settled' | 'rolled_back' | 'applied';
  /** What a bet took from each balance (positive). */
  main: number;
  bonus: number;
  pack: Pack | null;
  answer: Expected | null;
  /** The order it was recorded in, and the request's amount (the loss limit counts them). */
  seq: number;
  amount: number;
}

/** Each provider's game; the free-spin packs are for acme's (or another acme game). */
const GAMES = { acme: 'acme_slot', beta: 'beta_slot' } as const;
const GAME = GAMES.acme;

class WalletModel {
  readonly transactions = new Map<string, Recorded>();
  /** How many transactions were recorded so far. */
  seq = 0;
  readonly players: PlayerState[];
  readonly packs: Pack[];
  constructor(players: PlayerState[], packs: Pack[]) {
    this.players = players;
    this.packs = packs;
  }

  /**
   * A player's net loss since `from`, as the bet function counts it: stakes of bets that stood
   * (not rolled back; a rollback's tombstone is no bet) less every win.
   */
  netLoss(player: number, from: number): number {
    let loss = 0;
    for (const r of this.transactions.values()) {
      if (r.player !== player || r.seq < from) continue;
      if (r.kind === 'bet' && r.state !== 'rolled_back' && r.same !== null) loss += r.amount;
      if (r.kind === 'win') loss -= r.amount;
    }
    return loss;
  }

  /** A loss limit as responsible/ sets it: a first one or a lower one at once, a higher waits. */
  setLossLimit(player: number, amount: number): void {
    const state = this.players[player]!;
    if (state.lossLimit === null) {
      state.lossLimit = amount;
      state.lossFrom = this.seq + 1;
    } else if (amount <= state.lossLimit) {
      state.lossLimit = amount;
    }
  }

  private total(player: number): number {
    return this.players[player]!.main + this.players[player]!.bonus;
  }

  balance(
    player: number,
    provider: Provider,
    session: Request['session'],
    currency: string,
  ): Expected {
    if (session !== 'real') return { status: 'RS_ERROR_INVALID_TOKEN' };
    if (this.players[player]!.expired) return { status: 'RS_ERROR_TOKEN_EXPIRED' };
    if (currency !== 'EUR') return { status: 'RS_ERROR_WRONG_CURRENCY' };
    return {
      status: 'RS_OK',
      balance: this.total(player),
      freespins: this.packs
        .filter((p) => p.player === player && p.game === GAMES[provider] && p.remaining > 0)
        .filter((p) => p.status !== 'used')
        .map((p) => ({ id: p.id, remaining: p.remaining, total: p.total, stake: p.stake })),
    };
  }

  apply(request: Request): Expected {
    const { player: index } = request;
    const player = this.players[index]!;
    // A fun-mode session plays no money, a token is its provider's (README:
    // RS_ERROR_INVALID_TOKEN).
    if (request.session !== 'real') return { status: 'RS_ERROR_INVALID_TOKEN' };
    if (request.currency !== 'EUR') return { status: 'RS_ERROR_WRONG_CURRENCY' };
    const same = [
      request.kind,
      index,
      request.amount,
      request.round,
      request.currency,
      request.reference ?? '',
      request.freespin ?? '',
    ].join('|');
    // A transaction id is its provider's: the same id from another provider is another one.
    const key = (uuid: string) => `${request.provider} ${uuid}`;
    const first = this.transactions.get(key(request.uuid));
    if (first) {
      return first.same === same && first.answer
        ? first.answer
        : { status: 'RS_ERROR_DUPLICATE_TRANSACTION' };
    }
    if (request.kind === 'bet') {
      if (player.expired) return { status: 'RS_ERROR_TOKEN_EXPIRED' };
      if (player.blocked || player.excluded) return { status: 'RS_ERROR_USER_DISABLED' };
    } else if (request.reference === undefined) {
      return { status: 'RS_ERROR_WRONG_SYNTAX' };
    }
    const record = (entry: Omit<Recorded, 'same' | 'kind' | 'player' | 'seq' | 'amount'>) => {
      this.seq += 1;
      this.transactions.set(key(request.uuid), {
        same,
        kind: request.kind,
        player: index,
        seq: this.seq,
        amount: request.amount,
        ...entry,
      });
      return entry.answer!;
    };
    const ok = (extra: Partial<Expected> = {}): Expected => ({
      status: 'RS_OK',
      balance: this.total(index),
      ...extra,
    });

    if (request.kind === 'bet' && request.freespin !== undefined) {
      if (request.amount !== 0) return { status: 'RS_ERROR_WRONG_SYNTAX' };
      // A pack is named by its id as the wallet gave it (a decimal number).
      if (!/^\d+$/.test(request.freespin)) return { status: 'RS_ERROR_WRONG_SYNTAX' };
      const pack = this.packs.find(
        (p) =>
          p.id === String(Number(request.freespin)) &&
          p.player === index &&
          p.game === GAMES[request.provider] &&
          p.remaining > 0 &&
          p.status !== 'used',
      );
      if (!pack) return { status: 'RS_ERROR_LIMIT_REACHED' };
      pack.remaining -= 1;
      pack.status = pack.remaining === 0 ? 'used' : 'active';
      return record({
        state: 'open',
        main: 0,
        bonus: 0,
        pack,
        answer: ok({ freespins_left: pack.remaining }),
      });
    }
    if (request.kind === 'bet') {
      if (this.total(index) < request.amount) {
        return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: this.total(index) };
      }
      // A stake above what the loss limit leaves is refused and nothing is recorded (issue #25).
      if (player.lossLimit !== null) {
        const left = player.lossLimit - Math.max(0, this.netLoss(index, player.lossFrom));
        if (request.amount > left) return { status: 'RS_ERROR_LIMIT_REACHED' };
      }
      // Main money first, then bonus.
      const main = Math.min(request.amount, player.main);
      const bonus = request.amount - main;
      player.main -= main;
      player.bonus -= bonus;
      return record({ state: 'open', main, bonus, pack: null, answer: ok() });
    }

    const reference = request.reference!;
    const bet = this.transactions.get(key(reference));
    const ownBet = bet && bet.kind === 'bet' && bet.player === index ? bet : null;
    if (request.kind === 'win') {
      if (!ownBet || ownBet.state === 'rolled_back') {
        return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
      }
      if (ownBet.pack) {
        // A free spin's win goes to the bonus balance (wagering holds it).
        player.bonus += request.amount;
        ownBet.pack.won += request.amount;
      } else {
        // Back in the proportion the bet was drawn (rounded down for the bonus part).
        const taken = ownBet.main + ownBet.bonus;
        const toBonus = taken === 0 ? 0 : Math.floor((request.amount * ownBet.bonus) / taken);
        player.bonus += toBonus;
        player.main += request.amount - toBonus;
      }
      ownBet.state = 'settled';
      return record({ state: 'applied', main: 0, bonus: 0, pack: null, answer: ok() });
    }

    // A rollback.
    if (!ownBet) {
      // Its id names something else (another player's bet, a win, a rollback, itself): no bet.
      if (bet || reference === request.uuid) {
        return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
      }
      // A bet never seen: a tombstone under its id refuses the late bet.
      this.seq += 1;
      this.transactions.set(key(reference), {
        same: null,
        kind: 'bet',
        player: index,
        state: 'rolled_back',
        main: 0,
        bonus: 0,
        pack: null,
        answer: null,
        seq: this.seq,
        amount: 0,
      });
      return record({ state: 'applied', main: 0, bonus: 0, pack: null, answer: ok() });
    }
    if (ownBet.state === 'settled') return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
    if (ownBet.state === 'open') {
      player.main += ownBet.main;
      player.bonus += ownBet.bonus;
      ownBet.state = 'rolled_back';
      if (ownBet.pack) {
        ownBet.pack.remaining += 1;
        ownBet.pack.status = 'active';
      }
    }
    return record({ state: 'applied', main: 0, bonus: 0, pack: null, answer: ok() });
  }
}

// ---------------------------------------------------------------------------------------------
// Random operations

type Session = Request['session'];
type IdChoice = 'new' | { reuse: number };
type ReferenceChoice = { bet: number } | { any: number } | 'unknown' | 'none';
interface Common {
  provider: Provider;
  player: number;
  session: Session;
  currency: string;
  id: IdChoice;
  round: number;
}
type Operation =
  | ({ op: 'bet'; amount: number } & Common)
  | ({ op: 'freespin'; pack: number | string; amount: number } & Common)
  | ({ op: 'win' | 'rollback'; amount: number; reference: ReferenceChoice } & Common)
  | { op: 'replay'; pick: number }
  | { op: 'balance'; provider: Provider; player: number; session: Session; currency: string }
  | PlayerChange;
/** What happens to a player between provider calls (the back office, time). */
interface PlayerChange {
  op: 'block' | 'unblock' | 'exclude' | 'lift' | 'expire' | 'limit';
  player: number;
  /** A loss limit's amount (`limit`). */
  amount?: number;
}

/** A transaction id: a new one, or one this run has already used (as an id or a reference). */
const id: fc.Arbitrary<IdChoice> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<'new'>('new') },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ reuse: pick })) },
);
const sessionOf: fc.Arbitrary<Session> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<'real'>('real') },
  {
    weight: 1,
    arbitrary: fc.constantFrom<'fun' | 'foreign' | 'unknown'>('fun', 'foreign', 'unknown'),
  },
);
const currencyOf = fc.oneof(
  { weight: 15, arbitrary: fc.constant('EUR') },
  { weight: 1, arbitrary: fc.constant('USD') },
);
const amountOf = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 1, max: 400 }),
  fc.integer({ min: 400, max: 3000 }),
);
const providerOf = fc.oneof(
  { weight: 3, arbitrary: fc.constant<Provider>('acme') },
  { weight: 1, arbitrary: fc.constant<Provider>('beta') },
);
const common: { [K in keyof Common]: fc.Arbitrary<Common[K]> } = {
  provider: providerOf,
  player: fc.nat({ max: 1 }),
  session: sessionOf,
  currency: currencyOf,
  id,
  round: fc.nat({ max: 2 }),
};
/** A reference: one of this run's ids (a bet, most often), one never seen, or none. */
const referenceOf: fc.Arbitrary<ReferenceChoice> = fc.oneof(
  { weight: 6, arbitrary: fc.nat().map((pick) => ({ bet: pick })) },
  { weight: 1, arbitrary: fc.nat().map((pick) => ({ any: pick })) },
  { weight: 1, arbitrary: fc.constant<'unknown'>('unknown') },
  { weight: 1, arbitrary: fc.constant<'none'>('none') },
);

const operation: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({ op: fc.constant('bet' as const), amount: amountOf, ...common }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('freespin' as const),
      // A pack of the run (its own, another player's, another game's) or an id that names none.
      pack: fc.oneof(
        fc.nat({ max: 2 }),
        fc.constantFrom('abc', '99999999999', '-1', '0x1', '1.5', '000'),
      ),
      amount: fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, fc.integer({ min: 1, max: 50 })),
      ...common,
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('win' as const),
      amount: amountOf,
      reference: referenceOf,
      ...common,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('rollback' as const),
      amount: amountOf,
      reference: referenceOf,
      ...common,
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('balance' as const),
      provider: providerOf,
      player: fc.nat({ max: 1 }),
      session: sessionOf,
      currency: currencyOf,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constantFrom('block', 'unblock', 'exclude', 'lift', 'expire'),
      player: fc.nat({ max: 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('limit' as const),
      player: fc.nat({ max: 1 }),
      amount: fc.integer({ min: 1, max: 600 }),
    }),
  },
);

const startOf = fc.record({
  balances: fc.tuple(
    fc.record({
      main: fc.nat({ max: 1500 }),
      bonus: fc.oneof(fc.constant(0), fc.nat({ max: 800 })),
    }),
    fc.record({ main: fc.nat({ max: 300 }), bonus: fc.nat({ max: 300 }) }),
  ),
  spins: fc.integer({ min: 1, max: 3 }),
});

// ---------------------------------------------------------------------------------------------
// The wallet under test

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-wallet-model-'));
const providersFile = path.join(folder, 'providers.json');
writeFileSync(
  providersFile,
  JSON.stringify([
    {
      id: 'beta',
      name: 'Beta Games',
      publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }),
      launchUrl: 'https://games.beta.example/launch',
      games: [{ code: GAMES.beta, name: 'Beta Slot', category: 'slots', rtp: 96 }],
    },
    {
      id: 'acme',
      name: 'Acme Games',
      publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }),
      launchUrl: 'https://games.acme.example/launch',
      games: [
        { code: GAME, name: 'Acme Slot', category: 'slots', rtp: 96.1 },
        { code: 'acme_other', name: 'Acme Other', category: 'slots', rtp: 95 },
      ],
    },
  ]),
);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ config: { walletProvidersFile: providersFile } });
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

async function call(route: string, body: object, provider: Provider): Promise<WalletAnswer> {
  const raw = JSON.stringify(body);
  const response = await fetch(`${server.url}/wallet/v1/${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-wallet-provider': provider,
      'x-wallet-signature': signBody(raw, keys.privateKey),
    },
    body: raw,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as WalletAnswer;
}

interface World {
  model: WalletModel;
  ids: number[];
  tokens: Record<Provider, { real: string; fun: string }>[];
}

/** Two fresh players with the run's balances, their sessions, and three free-spin packs. */
async function world(start: typeof startOf extends fc.Arbitrary<infer T> ? T : never) {
  const ids: number[] = [];
  const tokens: World['tokens'] = [];
  for (const balances of start.balances) {
    const created = await createPlayer(
      server.database.db,
      {
        login: `${unique('model')}@example.com`,
        passwordHash: 'x',
        currency: 'EUR',
        locale: 'en-US',
        regTime: new Date(),
      },
      [],
    );
    for (const kind of ['main', 'bonus'] as const) {
      if (balances[kind] === 0) continue;
      await applyMovement(server.database.db, {
        playerId: created.id,
        kind,
        currency: 'EUR',
        amountMinor: BigInt(balances[kind]),
        reason: 'test_deposit',
        idempotencyKey: unique('deposit'),
      });
    }
    const sessions = {
      acme: { real: unique('real'), fun: unique('fun') },
      beta: { real: unique('real'), fun: unique('fun') },
    };
    for (const provider of ['acme', 'beta'] as const) {
      for (const [mode, token] of Object.entries(sessions[provider])) {
        await server.database.query(sql`
          insert into game_sessions (token, player_id, provider_id, game_code, currency, mode, expires_at)
          values (${token}, ${created.id}, ${provider}, ${GAMES[provider]}, 'EUR', ${mode},
                  ${new Date(Date.now() + 3_600_000).toISOString()})`);
      }
    }
    ids.push(created.id);
    tokens.push(sessions);
  }
  const packs: Pack[] = [];
  for (const [player, game] of [
    [0, GAME],
    [1, GAME],
    [0, 'acme_other'],
  ] as const) {
    const [row] = await server.database.query<{ id: number }>(sql`
      insert into freespin_packs (player_id, game_sysname, remaining_count, total_count, stake_minor, currency)
      values (${ids[player]!}, ${game}, ${start.spins}, ${start.spins}, 20, 'EUR') returning id`);
    packs.push({
      id: String(row!.id),
      player,
      game,
      stake: 20,
      remaining: start.spins,
      total: start.spins,
      status: 'received',
      won: 0,
    });
  }
  const model = new WalletModel(
    start.balances.map((b) => ({
      ...b,
      blocked: false,
      excluded: false,
      expired: false,
      lossLimit: null,
      lossFrom: 0,
    })),
    packs,
  );
  return { model, ids, tokens };
}

/** Each player's balances, ledger sums and packs as the database has them, and as the model. */
async function expectState(w: World) {
  for (const [index, playerId] of w.ids.entries()) {
    const rows = await server.database.query<{ kind: string; balance: string; ledger: string }>(sql`
      select w.kind, w.balance_minor::text as balance,
             (select coalesce(sum(l.amount_minor), 0)::text from ledger_entries l
              where l.player_id = w.player_id and l.kind = w.kind and l.currency = w.currency)
               as ledger
      from wallets w where w.player_id = ${playerId} and w.currency = 'EUR'`);
    const of = (kind: string, column: 'balance' | 'ledger') =>
      Number(rows.find((r) => r.kind === kind)?.[column] ?? 0);
    const expected = w.model.players[index]!;
    expect({ main: of('main', 'balance'), bonus: of('bonus', 'balance') }).toEqual({
      main: expected.main,
      bonus: expected.bonus,
    });
    // The books: every balance is the sum of its ledger rows.
    expect({ main: of('main', 'ledger'), bonus: of('bonus', 'ledger') }).toEqual({
      main: expected.main,
      bonus: expected.bonus,
    });
  }
  const packs = await server.database.query<{
    id: number;
    remaining_count: number;
    status: string;
    won: string;
  }>(sql`
    select id, remaining_count, status, won_minor::text as won from freespin_packs
    where id in (${sql.join(
      w.model.packs.map((p) => sql`${Number(p.id)}`),
      sql`, `,
    )}) order by id`);
  expect(
    packs.map((p) => ({
      id: String(p.id),
      remaining: p.remaining_count,
      status: p.status,
      won: Number(p.won),
    })),
  ).toEqual(
    w.model.packs.map((p) => ({ id: p.id, remaining: p.remaining, status: p.status, won: p.won })),
  );
}

/** The parts of an answer a provider reads, for this status. */
function readable(answer: WalletAnswer, expected: Expected): Expected {
  const seen: Expected = { status: answer.status as Status };
  // The balance matters on success and on missing money (the game shows it); elsewhere the
  // wallet may add it or not.
  if (expected.status === 'RS_OK' || expected.status === 'RS_ERROR_NOT_ENOUGH_MONEY') {
    if (answer.balance !== undefined) seen.balance = answer.balance;
  }
  if (answer.freespins_left !== undefined) seen.freespins_left = answer.freespins_left;
  if (answer.freespins !== undefined) seen.freespins = answer.freespins;
  return seen;
}

const isPlayerChange = (o: Operation): o is PlayerChange =>
  ['block', 'unblock', 'exclude', 'lift', 'expire', 'limit'].includes(o.op);

function tokenOf(w: World, player: number, provider: Provider, session: Session): string {
  if (session === 'unknown') return 'no-such-token';
  if (session === 'foreign') return w.tokens[player]![provider === 'acme' ? 'beta' : 'acme'].real;
  return w.tokens[player]![provider][session];
}

/** Every status the runs answered, so a generator that stops reaching one is noticed. */
const answered = new Set<string>();

async function run(w: World, operations: Operation[]): Promise<void> {
  const used: string[] = [];
  const bets: string[] = [];
  const sent: Request[] = [];
  const pickId = (choice: IdChoice) =>
    choice === 'new' || used.length === 0 ? unique('tx') : used[choice.reuse % used.length]!;
  const ago = () => new Date(Date.now() - 60_000).toISOString();

  for (const [step, o] of operations.entries()) {
    const context = `step ${step}: ${JSON.stringify(o)}`;
    if (o.op === 'balance') {
      const token = tokenOf(w, o.player, o.provider, o.session);
      const expected = w.model.balance(o.player, o.provider, o.session, o.currency);
      // A fun session's balance call is the provider's own business (fun money): not modelled.
      if (o.session === 'fun') continue;
      const answer = await call(
        'user/balance',
        { request_uuid: unique('req'), token, game_code: GAMES[o.provider], currency: o.currency },
        o.provider,
      );
      expect(readable(answer, expected), context).toEqual(expected);
      answered.add(`balance ${answer.status}`);
      continue;
    }
    if (isPlayerChange(o)) {
      const playerId = w.ids[o.player]!;
      const state = w.model.players[o.player]!;
      if (o.op === 'block' || o.op === 'unblock') {
        const status = o.op === 'block' ? 'blocked' : 'active';
        await server.database.query(
          sql`update players set status = ${status} where id = ${playerId}`,
        );
        state.blocked = o.op === 'block';
      } else if (o.op === 'exclude') {
        await setSelfExclusion(server.database.db, playerId, '7d', new Date(Date.now() - 1000));
        state.excluded = true;
      } else if (o.op === 'limit') {
        // Apart from the transactions before and after it in time (their stamps are the
        // database's, to the microsecond; the limit's start is this clock's, to the millisecond).
        await new Promise((resolve) => setTimeout(resolve, 3));
        await setPlayLimit(
          server.database.db,
          {
            playerId,
            kind: 'loss',
            periodDays: 30,
            currency: 'EUR',
            amount: BigInt(o.amount ?? 1),
          },
          new Date(),
        );
        await new Promise((resolve) => setTimeout(resolve, 3));
        w.model.setLossLimit(o.player, o.amount ?? 1);
      } else if (o.op === 'lift') {
        // An exclusion that has run its course (it cannot be lifted early).
        await server.database.query(
          sql`update self_exclusions set ends_at = ${ago()}::timestamptz where player_id = ${playerId}`,
        );
        state.excluded = false;
      } else {
        await server.database.query(
          sql`update game_sessions set expires_at = ${ago()}::timestamptz
              where player_id = ${playerId}`,
        );
        state.expired = true;
      }
      continue;
    }

    let request: Request;
    if (o.op === 'replay') {
      if (sent.length === 0) continue;
      request = sent[o.pick % sent.length]!;
    } else {
      const uuid = pickId(o.id);
      let reference: string | undefined;
      let freespin: string | undefined;
      if (o.op === 'win' || o.op === 'rollback') {
        const r = o.reference;
        if (r === 'unknown') reference = unique('ghost');
        else if (r !== 'none') {
          const pool = 'bet' in r && bets.length > 0 ? bets : used;
          const pick = 'bet' in r ? r.bet : r.any;
          reference = pool.length > 0 ? pool[pick % pool.length] : unique('ghost');
        }
        if (reference !== undefined) used.push(reference);
      }
      if (o.op === 'freespin') {
        freespin = typeof o.pack === 'number' ? w.model.packs[o.pack]!.id : o.pack;
      }
      request = {
        kind: o.op === 'freespin' ? 'bet' : o.op,
        provider: o.provider,
        player: o.player,
        session: o.session,
        currency: o.currency,
        uuid,
        round: `round-${o.round}`,
        amount: o.amount,
        ...(reference !== undefined ? { reference } : {}),
        ...(freespin !== undefined ? { freespin } : {}),
      };
      used.push(uuid);
      if (request.kind === 'bet') bets.push(uuid);
      sent.push(request);
    }

    const token = tokenOf(w, request.player, request.provider, request.session);
    const expected = w.model.apply(request);
    const answer = await call(
      `transaction/${request.kind}`,
      {
        request_uuid: unique('req'),
        token,
        game_code: GAMES[request.provider],
        currency: request.currency,
        transaction_uuid: request.uuid,
        round: request.round,
        round_closed: false,
        amount: request.amount,
        ...(request.reference !== undefined
          ? { reference_transaction_uuid: request.reference }
          : {}),
        ...(request.freespin !== undefined ? { freespin_id: request.freespin } : {}),
      },
      request.provider,
    );
    expect(readable(answer, expected), context).toEqual(expected);
    answered.add(
      `${request.freespin === undefined ? '' : 'freespin '}${request.kind} ${answer.status}`,
    );
    await expectState(w);
  }
}

const zero = { main: 0, bonus: 0 };
/** A provider call of player 0 on a live session (with `extra` changing any of that). */
function play(op: 'bet', extra: Partial<Common> & { amount: number }): Operation;
function play(
  op: 'freespin',
  extra: Partial<Common> & { amount: number; pack: number | string },
): Operation;
function play(
  op: 'win' | 'rollback',
  extra: Partial<Common> & { amount: number; reference: ReferenceChoice },
): Operation;
function play(op: 'bet' | 'freespin' | 'win' | 'rollback', extra: object): Operation {
  const common: Common = {
    provider: 'acme',
    player: 0,
    session: 'real',
    currency: 'EUR',
    id: 'new',
    round: 0,
  };
  return { op, ...common, ...extra } as Operation;
}
const TOUR: Operation[] = [
  { op: 'balance', provider: 'acme', player: 0, session: 'real', currency: 'EUR' },
  play('bet', { amount: 500 }), // not enough money
  play('bet', { amount: 120 }), // 100 main + 20 bonus: the transaction ids are [u1, A]
  play('bet', { amount: 10, id: { reuse: 1 } }), // A again, another request: a duplicate
  play('bet', { amount: 10, session: 'unknown' }),
  play('bet', { amount: 10, currency: 'USD' }),
  play('freespin', { amount: 0, pack: 0 }), // the pack's one spin
  play('freespin', { amount: 0, pack: 0 }), // none left
  play('freespin', { amount: 0, pack: 'abc' }),
  play('win', { amount: 60, reference: { bet: 1 } }), // A won: 50 main, 10 bonus
  play('win', { amount: 60, reference: 'unknown' }),
  play('win', { amount: 60, reference: 'none' }),
  play('rollback', { amount: 120, reference: { bet: 1 } }), // A is settled
  play('rollback', { amount: 5, reference: 'unknown' }), // a tombstone
  play('rollback', { amount: 120, reference: { bet: 1 }, id: { reuse: 1 } }), // under A's id
  play('bet', { amount: 5, provider: 'beta', id: { reuse: 1 } }), // A's id is acme's, not beta's
  play('bet', { amount: 5, session: 'foreign' }), // beta's token sent by acme
  { op: 'limit', player: 0, amount: 20 }, // a loss limit of 20 (issue #25)
  play('bet', { amount: 30 }), // over what it leaves
  play('bet', { amount: 20 }),
  play('win', { amount: 5, reference: { bet: 3 } }), // a win on one of the bets lowers the loss
  play('bet', { amount: 5 }),
  play('bet', { amount: 1 }), // nothing left
  { op: 'block', player: 0 },
  play('bet', { amount: 1 }),
  { op: 'unblock', player: 0 },
  { op: 'exclude', player: 0 },
  play('bet', { amount: 1 }),
  { op: 'lift', player: 0 },
  play('bet', { amount: 1 }),
  { op: 'expire', player: 0 },
  play('bet', { amount: 1 }),
];

describe('the seamless wallet against its reference model', () => {
  it('answers every random sequence of bets, free spins, wins, rollbacks and replays as the model does', async () => {
    await fc.assert(
      fc.asyncProperty(
        startOf,
        fc.array(operation, { minLength: 1, maxLength: 24 }),
        async (start, operations) => {
          const w = await world(start);
          await run(w, operations);
        },
      ),
      {
        numRuns: 40,
        examples: [
          // The sequences that found bugs, run first every time (the random runs may miss
          // them): a free spin of a pack id beyond the id column's range failed the query
          // (RS_ERROR_UNKNOWN), and "-1" or "0x1" were taken for pack ids.
          [
            { balances: [zero, zero], spins: 1 },
            ['99999999999', '-1', '0x1'].map((pack) => play('freespin', { pack, amount: 0 })),
          ],
          // A tour of every answer of every path, so each is checked on every run.
          [{ balances: [{ main: 100, bonus: 50 }, zero], spins: 1 }, TOUR],
        ],
      },
    );
    // The runs reached every answer of both paths (the SQL bet, the TypeScript rest): the
    // tour above guarantees it, the random runs add the orders nobody thought of.
    expect([...answered].sort()).toEqual(
      expect.arrayContaining([
        'balance RS_OK',
        'bet RS_OK',
        'bet RS_ERROR_NOT_ENOUGH_MONEY',
        'bet RS_ERROR_DUPLICATE_TRANSACTION',
        'bet RS_ERROR_TOKEN_EXPIRED',
        'bet RS_ERROR_USER_DISABLED',
        'bet RS_ERROR_INVALID_TOKEN',
        'bet RS_ERROR_WRONG_CURRENCY',
        'bet RS_ERROR_LIMIT_REACHED',
        'freespin bet RS_OK',
        'freespin bet RS_ERROR_LIMIT_REACHED',
        'freespin bet RS_ERROR_WRONG_SYNTAX',
        'win RS_OK',
        'win RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        'win RS_ERROR_WRONG_SYNTAX',
        'rollback RS_OK',
        'rollback RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
        'rollback RS_ERROR_DUPLICATE_TRANSACTION',
      ]),
    );
  }, 300_000);
});
