import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modelBench, modelPlayer, refusal } from '../testing/model-harness.ts';
import { missingPaths } from '../testing/reach.ts';
import { applyClaimedMovement, openGameSession } from '../wallet/index.ts';
import { walletTransaction, type WalletAnswer } from '../wallet/seamless/service.ts';
import {
  activateBonus,
  createTemplate,
  deactivateBonus,
  forfeitForWithdrawal,
  grantForDeposit,
  grantTemplate,
  removeBonus,
  runBonusJob,
  type TemplateInput,
} from './index.ts';

/**
 * The bonus wallet against a reference model (issue #26). Random sequences of deposits (with and
 * without the deposit offer), no-deposit grants, activations, deactivations, removals, bets of
 * mixed games and sizes (the wallet_bet SQL function), wins, rollbacks, replays, withdrawals
 * (accepting the forfeit or not), and clock ticks that run the bonus job go through the real
 * domain doors on PGlite (or TEST_DATABASE_URL). Each answer must be the model's; after each
 * operation the player's balances must be the model's, and at checkpoints every bonus's status,
 * its wagering progress and the books. Invariants checked in the database at the end of every
 * run: the books balance, no bonus converts twice, no conversion before wagering was done, bonus
 * money never leaves in a withdrawal, and no bet above the max bet was ever taken while a bonus
 * wagered.
 *
 * Size: BONUS_MODEL_RUNS runs (default 50) of 100 to 140 operations: at least 5,000 operations.
 * Measured on the shared 2-core machine: PostgreSQL (TEST_DATABASE_URL) 33 s; PGlite 200 s
 * under a load average of 13 (it is CPU-bound WASM: several times faster on an idle machine).
 * `BONUS_MODEL_RUNS=10` (about 1,200 operations) for a quick local run.
 */

// ---------------------------------------------------------------------------------------------
// The reference model

const SLOT = 'model_slot';
const ROULETTE = 'model_roulette';
const EXCLUDED = 'model_excluded';
const GAMES = [SLOT, ROULETTE, EXCLUDED] as const;
type Game = (typeof GAMES)[number];
const WEIGHT: Record<Game, number> = { [SLOT]: 100, [ROULETTE]: 10, [EXCLUDED]: 0 };

const HOUR = 3_600_000;
const MATCH: TemplateInput = {
  name: 'Model match',
  description: '',
  kind: 'deposit_match',
  trigger: 'deposit',
  code: 'MODELMATCH',
  currency: 'EUR',
  minDepositMinor: 1_000n,
  amountMinor: null,
  percent: 100,
  capMinor: 3_000n,
  wageringMultiplier: 2,
  wageringBase: 'bonus',
  weights: { slots: 100, table: 10 },
  defaultWeight: 0,
  excludedGames: [EXCLUDED],
  maxBetMinor: 500n,
  activateHours: 24,
  wagerHours: 48,
};
const FREE: TemplateInput = {
  ...MATCH,
  name: 'Model no-deposit',
  kind: 'no_deposit',
  trigger: 'promo_code',
  code: 'MODELFREE',
  minDepositMinor: null,
  amountMinor: 500n,
  percent: null,
  capMinor: null,
  wageringMultiplier: 1,
  maxBetMinor: 200n,
  activateHours: 12,
  wagerHours: 24,
};

type Status = 'available' | 'active' | 'wagered' | 'expired' | 'forfeited' | 'removed';
interface MBonus {
  id: number;
  player: number;
  terms: TemplateInput;
  status: Status;
  amount: number;
  required: number;
  activateUntil: number;
  wagerUntil: number | null;
  hold: { status: 'open' | 'complete' | 'closed'; outcome: string | null; progress: number } | null;
}
interface MBet {
  player: number;
  main: number;
  bonus: number;
  hold: MBonus | null;
  wagered: number;
  state: 'open' | 'settled' | 'rolled_back';
  answer: Expected;
  game: Game;
  amount: number;
}
interface Expected {
  status: string;
  balance?: number;
  limit?: string;
}
interface MPlayer {
  main: number;
  bonus: number;
}

class Model {
  players: MPlayer[] = [
    { main: 0, bonus: 0 },
    { main: 0, bonus: 0 },
  ];
  bonuses: MBonus[] = [];
  bets = new Map<string, MBet>();
  now: number;
  constructor(now: number) {
    this.now = now;
  }

  grant(player: number, terms: TemplateInput, deposit: number): MBonus | null {
    if (terms.minDepositMinor !== null && deposit < Number(terms.minDepositMinor)) return null;
    let amount = Number(terms.amountMinor ?? 0n);
    if (terms.percent !== null) amount += Math.floor((deposit * terms.percent) / 100);
    if (terms.capMinor !== null) amount = Math.min(amount, Number(terms.capMinor));
    if (amount <= 0) return null;
    const bonus: MBonus = {
      id: 0,
      player,
      terms,
      status: 'available',
      amount,
      required: amount * terms.wageringMultiplier,
      activateUntil: this.now + terms.activateHours * HOUR,
      wagerUntil: null,
      hold: null,
    };
    this.bonuses.push(bonus);
    return bonus;
  }

  live(player: number): MBonus | undefined {
    return this.bonuses.find((b) => b.player === player && b.status === 'active');
  }

  /** Answers the refusal's reason, or null when done. */
  activate(b: MBonus): string | null {
    if (b.status !== 'available') return 'bonus_status';
    if (b.activateUntil <= this.now) return 'bonus_expired';
    if (this.live(b.player)) return 'bonus_already_active';
    b.status = 'active';
    b.wagerUntil = this.now + b.terms.wagerHours * HOUR;
    b.hold = { status: 'open', outcome: null, progress: 0 };
    this.players[b.player]!.bonus += b.amount;
    return null;
  }

  deactivate(b: MBonus): string | null {
    if (b.status !== 'active') return 'bonus_status';
    const p = this.players[b.player]!;
    if (b.hold!.progress !== 0 || p.bonus < b.amount) return 'bonus_in_play';
    p.bonus = 0;
    b.hold = { ...b.hold!, status: 'closed', outcome: 'returned' };
    b.status = 'available';
    b.wagerUntil = null;
    return null;
  }

  private end(b: MBonus, status: Status) {
    if (b.status === 'active') {
      this.players[b.player]!.bonus = 0;
      b.hold = { ...b.hold!, status: 'closed', outcome: 'forfeited' };
    }
    b.status = status;
  }

  remove(b: MBonus): string | null {
    if (b.status !== 'available' && b.status !== 'active') return 'bonus_status';
    this.end(b, 'removed');
    return null;
  }

  withdraw(player: number, amount: number, accept: boolean): string | null {
    const live = this.live(player);
    if (live && !accept) return 'active_bonus';
    if (this.players[player]!.main < amount) return 'insufficient_funds';
    if (live) this.end(live, 'forfeited');
    this.players[player]!.main -= amount;
    return null;
  }

  bet(uuid: string, player: number, game: Game, amount: number): Expected {
    const replay = this.bets.get(uuid);
    if (replay) {
      return replay.player === player && replay.game === game && replay.amount === amount
        ? replay.answer
        : { status: 'RS_ERROR_DUPLICATE_TRANSACTION' };
    }
    const p = this.players[player]!;
    const live = this.live(player);
    const hold = live && live.hold!.status === 'open' ? live : null;
    const total = p.main + p.bonus;
    if (hold && amount > Number(hold.terms.maxBetMinor)) {
      return { status: 'RS_ERROR_LIMIT_REACHED', limit: 'bonus_max_bet', balance: total };
    }
    if (total < amount) return { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: total };
    const main = Math.min(amount, p.main);
    const bonus = amount - main;
    let wagered = 0;
    if (hold) {
      if (game === EXCLUDED && bonus > 0) {
        return { status: 'RS_ERROR_LIMIT_REACHED', limit: 'bonus_excluded_game', balance: total };
      }
      wagered = Math.floor((amount * WEIGHT[game]) / 100);
      hold.hold!.progress += wagered;
      if (hold.hold!.progress >= hold.required) hold.hold!.status = 'complete';
    }
    p.main -= main;
    p.bonus -= bonus;
    const answer = { status: 'RS_OK', balance: p.main + p.bonus };
    this.bets.set(uuid, {
      player,
      main,
      bonus,
      hold,
      wagered,
      state: 'open',
      answer,
      game,
      amount,
    });
    return answer;
  }

  win(bet: MBet, amount: number): Expected {
    // A round may pay several wins; a cancelled bet pays none.
    if (bet.state === 'rolled_back') return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
    const p = this.players[bet.player]!;
    const taken = bet.main + bet.bonus;
    const toBonus = taken === 0 ? 0 : Math.floor((amount * bet.bonus) / taken);
    const outcome =
      toBonus > 0 && bet.hold?.hold?.status === 'closed' ? bet.hold.hold.outcome : null;
    if (outcome === 'converted') p.main += amount;
    else {
      p.main += amount - toBonus;
      if (outcome !== 'forfeited') p.bonus += toBonus;
    }
    bet.state = 'settled';
    return { status: 'RS_OK', balance: p.main + p.bonus };
  }

  rollback(bet: MBet): Expected {
    if (bet.state === 'settled') return { status: 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST' };
    const p = this.players[bet.player]!;
    if (bet.state === 'open') {
      p.main += bet.main;
      p.bonus += bet.bonus;
      bet.state = 'rolled_back';
      const hold = bet.hold?.hold;
      if (hold && bet.wagered > 0 && hold.status !== 'closed') {
        hold.progress -= bet.wagered;
        hold.status = hold.progress >= bet.hold!.required ? 'complete' : 'open';
      }
    }
    return { status: 'RS_OK', balance: p.main + p.bonus };
  }

  /** The job at `now`: in bonus id order, convert what is wagered, expire what is late. */
  tick() {
    for (const b of [...this.bonuses].sort((x, y) => x.id - y.id)) {
      if (b.status === 'active') {
        if (b.hold!.status === 'complete') {
          const p = this.players[b.player]!;
          p.main += p.bonus;
          p.bonus = 0;
          b.hold = { ...b.hold!, status: 'closed', outcome: 'converted' };
          b.status = 'wagered';
        } else if (b.wagerUntil! <= this.now) this.end(b, 'expired');
      } else if (b.status === 'available' && b.activateUntil <= this.now) {
        this.end(b, 'expired');
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Random operations

type Op =
  | { op: 'deposit'; player: number; amount: number; offer: boolean }
  | { op: 'grant'; player: number }
  | { op: 'activate' | 'deactivate' | 'remove'; player: number; pick: number }
  | { op: 'bet'; player: number; game: Game; amount: number }
  | { op: 'win'; pick: number; amount: number }
  | { op: 'rollback'; pick: number }
  | { op: 'replay'; pick: number }
  | { op: 'withdraw'; player: number; amount: number; accept: boolean }
  | { op: 'tick'; minutes: number };

const player = fc.nat({ max: 1 });
const operation: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('deposit' as const),
      player,
      amount: fc.oneof(fc.integer({ min: 100, max: 999 }), fc.integer({ min: 1_000, max: 5_000 })),
      offer: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('grant' as const), player }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constantFrom(
        'activate' as const,
        'activate' as const,
        'deactivate' as const,
        'remove' as const,
      ),
      player,
      pick: fc.nat(),
    }),
  },
  {
    weight: 12,
    arbitrary: fc.record({
      op: fc.constant('bet' as const),
      player,
      game: fc.constantFrom<Game>(SLOT, SLOT, SLOT, ROULETTE, EXCLUDED),
      amount: fc.oneof(
        { weight: 6, arbitrary: fc.integer({ min: 1, max: 200 }) },
        { weight: 3, arbitrary: fc.integer({ min: 200, max: 600 }) },
        { weight: 1, arbitrary: fc.integer({ min: 600, max: 3_000 }) },
      ),
    }),
  },
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant('win' as const),
      pick: fc.nat(),
      amount: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 1_500 })),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('rollback' as const), pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('replay' as const), pick: fc.nat() }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('withdraw' as const),
      player,
      amount: fc.integer({ min: 1, max: 3_000 }),
      accept: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('tick' as const),
      minutes: fc.oneof(
        fc.constant(0),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 60, max: 30 * 60 }),
      ),
    }),
  },
);

// ---------------------------------------------------------------------------------------------
// The system under test

let nowMs = Date.UTC(2026, 0, 1);
const templates: { match: number; free: number } = { match: 0, free: 0 };
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;
let operationsRun = 0;
const reached = new Set<string>();

const bench = modelBench(
  'bonus-model',
  () => nowMs,
  async ({ database }) => {
    await database.query(sql`
    insert into games (sysname, name, provider_sysname, categories) values
      (${SLOT}, 'Model Slot', 'acme', '["slots"]'::jsonb),
      (${ROULETTE}, 'Model Roulette', 'acme', '["table","roulette"]'::jsonb),
      (${EXCLUDED}, 'Model Excluded', 'acme', '["slots"]'::jsonb)
    on conflict (sysname) do nothing`);
    templates.match = (await createTemplate(database.db, MATCH)).id;
    templates.free = (await createTemplate(database.db, FREE)).id;
  },
);

interface World {
  model: Model;
  ids: number[];
  tokens: Record<Game, string>[];
  bonusIds: number[];
  betIds: string[];
}

async function world(): Promise<World> {
  const ids: number[] = [];
  const tokens: World['tokens'] = [];
  for (let i = 0; i < 2; i += 1) {
    const id = await modelPlayer(
      bench.database,
      `${unique('bonus-model')}@example.com`,
      new Date(nowMs),
    );
    ids.push(id);
    const sessions = {} as Record<Game, string>;
    for (const game of GAMES) {
      const session = await openGameSession(
        bench.app,
        { playerId: id, providerId: 'acme', gameCode: game, currency: 'EUR', mode: 'real' },
        10 * 365 * 24 * HOUR,
      );
      sessions[game] = session.token;
    }
    tokens.push(sessions);
  }
  return { model: new Model(nowMs), ids, tokens, bonusIds: [], betIds: [] };
}

const readable = (answer: WalletAnswer): Expected => ({
  status: answer.status,
  // The balance where a game reads it: success, missing money, a limit.
  ...(answer.balance !== undefined &&
  ['RS_OK', 'RS_ERROR_NOT_ENOUGH_MONEY', 'RS_ERROR_LIMIT_REACHED'].includes(answer.status)
    ? { balance: answer.balance }
    : {}),
  ...(answer.limit !== undefined ? { limit: answer.limit } : {}),
});

async function balancesOf(playerId: number) {
  const rows = await bench.database.query<{ kind: string; balance: string }>(sql`
    select kind, balance_minor::text as balance from wallets
    where player_id = ${playerId} and currency = 'EUR' and kind in ('main', 'bonus')`);
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return { main: of('main'), bonus: of('bonus') };
}

async function expectWorld(w: World, context: string) {
  for (const [index, id] of w.ids.entries()) {
    const { main, bonus } = w.model.players[index]!;
    expect(await balancesOf(id), context).toEqual({ main, bonus });
  }
  if (w.model.bonuses.length === 0) return;
  const rows = await bench.database.query<{
    id: number;
    status: string;
    progress: string | null;
  }>(sql`
    select b.id, b.status, h.progress_minor::text as progress from player_bonuses b
    left join wagering_holds h on h.owner = 'bonus:' || b.id
    where b.player_id in (${sql.join(
      w.ids.map((id) => sql`${id}`),
      sql`, `,
    )}) order by b.id`);
  expect(
    rows.map((r) => ({ id: r.id, status: r.status, progress: Number(r.progress ?? 0) })),
    context,
  ).toEqual(
    w.model.bonuses.map((b) => ({ id: b.id, status: b.status, progress: b.hold?.progress ?? 0 })),
  );
}

/** The invariants, read from the database for the run's players. */
async function expectInvariants(w: World) {
  const players = sql.join(
    w.ids.map((id) => sql`${id}`),
    sql`, `,
  );
  // The books balance: every balance is the sum of its ledger rows, none below zero.
  const books = await bench.database.query(sql`
    select w.player_id, w.kind from wallets w
    left join ledger_entries l on l.player_id = w.player_id and l.kind = w.kind and l.currency = w.currency
    where w.player_id in (${players})
    group by w.player_id, w.kind, w.currency, w.balance_minor
    having w.balance_minor <> coalesce(sum(l.amount_minor), 0) or w.balance_minor < 0`);
  expect(books).toEqual([]);
  // No bonus converts twice; each conversion came from a hold whose wagering was done.
  const conversions = await bench.database.query<{ owner: string; n: number; done: boolean }>(sql`
    select h.owner, count(l.id)::int as n, bool_and(h.progress_minor >= h.required_minor) as done
    from ledger_entries l join wagering_holds h on h.id = (l.meta->>'hold')::int
    where l.player_id in (${players}) and l.reason = 'bonus_conversion' and l.kind = 'main'
    group by h.owner`);
  for (const c of conversions)
    expect(c, 'one conversion, after wagering').toMatchObject({ n: 1, done: true });
  const converted = w.model.bonuses.filter((b) => b.hold?.outcome === 'converted').length;
  expect(
    await bench.database.query(sql`
      select 1 from wagering_holds where player_id in (${players}) and outcome = 'converted'`),
  ).toHaveLength(converted);
  // Bonus money never leaves as a withdrawal: a withdrawal moves main money only, and main money
  // gets bonus money only through a conversion (checked above).
  expect(
    await bench.database.query(sql`
      select 1 from ledger_entries where player_id in (${players})
        and reason = 'withdrawal' and kind <> 'main'`),
  ).toEqual([]);
  expect(
    await bench.database.query(sql`
      select 1 from ledger_entries where player_id in (${players}) and kind = 'main'
        and reason like 'bonus%' and reason <> 'bonus_conversion'`),
  ).toEqual([]);
  // The max bet was never exceeded: no bet taken under a hold above that hold's max.
  expect(
    await bench.database.query(sql`
      select t.id from wallet_transactions t join wagering_holds h on h.id = t.hold_id
      where t.player_id in (${players}) and t.type = 'bet'
        and h.max_bet_minor is not null and t.amount_minor > h.max_bet_minor`),
  ).toEqual([]);
}

async function run(w: World, operations: Op[]) {
  for (const [step, o] of operations.entries()) {
    operationsRun += 1;
    const context = `step ${step}: ${JSON.stringify(o)}`;
    const m = w.model;
    m.now = nowMs;
    const bonusOf = (playerIndex: number, pick: number) => {
      const own = m.bonuses.filter((b) => b.player === playerIndex);
      return own.length === 0 ? null : own[pick % own.length]!;
    };
    switch (o.op) {
      case 'deposit': {
        const playerId = w.ids[o.player]!;
        const paymentId = (counter += 1);
        const granted = await bench.database.db.transaction(async (tx) => {
          await applyClaimedMovement(tx, {
            playerId,
            kind: 'main',
            currency: 'EUR',
            amountMinor: BigInt(o.amount),
            reason: 'deposit',
            idempotencyKey: unique('model-deposit'),
          });
          return grantForDeposit(tx, new Date(nowMs), {
            playerId,
            paymentId,
            currency: 'EUR',
            amountMinor: BigInt(o.amount),
            offerId: o.offer ? templates.match : null,
          });
        });
        m.players[o.player]!.main += o.amount;
        const expected = o.offer ? m.grant(o.player, MATCH, o.amount) : null;
        expect(granted !== null, context).toBe(expected !== null);
        if (granted && expected) {
          expected.id = granted.id;
          expect(Number(granted.amount_minor), context).toBe(expected.amount);
          reached.add('deposit granted');
        }
        break;
      }
      case 'grant': {
        const row = await bench.database.db.transaction((tx) =>
          grantTemplate(tx, new Date(nowMs), {
            playerId: w.ids[o.player]!,
            currency: 'EUR',
            templateId: templates.free,
            grantKey: unique('model-grant'),
          }),
        );
        m.grant(o.player, FREE, 0)!.id = row.id;
        break;
      }
      case 'activate':
      case 'deactivate':
      case 'remove': {
        const bonus = bonusOf(o.player, o.pick);
        if (!bonus) continue;
        const playerId = w.ids[o.player]!;
        const actual = await refusal(() =>
          bench.database.db.transaction(async (tx) => {
            if (o.op === 'activate') await activateBonus(tx, new Date(nowMs), playerId, bonus.id);
            else if (o.op === 'deactivate') await deactivateBonus(tx, playerId, bonus.id);
            else await removeBonus(tx, new Date(nowMs), playerId, bonus.id);
          }),
        );
        const expected = m[o.op](bonus);
        expect(actual, context).toBe(expected);
        reached.add(`${o.op} ${expected ?? 'ok'}`);
        break;
      }
      case 'bet':
      case 'replay': {
        let uuid: string;
        let request: { player: number; game: Game; amount: number };
        if (o.op === 'replay') {
          if (w.betIds.length === 0) continue;
          uuid = w.betIds[o.pick % w.betIds.length]!;
          request = m.bets.get(uuid)!;
        } else {
          uuid = unique('model-bet');
          request = o;
        }
        const expected = m.bet(uuid, request.player, request.game, request.amount);
        const answer = await walletTransaction(bench.app, 'acme', 'bet', {
          request_uuid: unique('req'),
          token: w.tokens[request.player]![request.game],
          game_code: request.game,
          currency: 'EUR',
          transaction_uuid: uuid,
          round: `round-${uuid}`,
          round_closed: false,
          amount: request.amount,
        });
        expect(readable(answer), context).toEqual(expected);
        if (o.op === 'bet' && m.bets.has(uuid)) w.betIds.push(uuid);
        reached.add(`${o.op} ${expected.status} ${expected.limit ?? ''}`.trim());
        break;
      }
      case 'win':
      case 'rollback': {
        if (w.betIds.length === 0) continue;
        const reference = w.betIds[o.pick % w.betIds.length]!;
        const bet = m.bets.get(reference)!;
        const amount = o.op === 'win' ? o.amount : 0;
        const expected = o.op === 'win' ? m.win(bet, amount) : m.rollback(bet);
        const answer = await walletTransaction(bench.app, 'acme', o.op, {
          request_uuid: unique('req'),
          token: w.tokens[bet.player]![bet.game],
          game_code: bet.game,
          currency: 'EUR',
          transaction_uuid: unique(`model-${o.op}`),
          round: `round-${reference}`,
          round_closed: true,
          amount,
          reference_transaction_uuid: reference,
        });
        expect(readable(answer), context).toEqual(expected);
        reached.add(`${o.op} ${expected.status}`);
        break;
      }
      case 'withdraw': {
        const playerId = w.ids[o.player]!;
        // payments/ makeWithdrawal's money steps, in its order and in one transaction.
        const actual = await refusal(() =>
          bench.database.db.transaction(async (tx) => {
            await forfeitForWithdrawal(tx, new Date(nowMs), playerId, o.accept);
            await applyClaimedMovement(tx, {
              playerId,
              kind: 'main',
              currency: 'EUR',
              amountMinor: -BigInt(o.amount),
              reason: 'withdrawal',
              idempotencyKey: unique('model-withdrawal'),
            });
          }),
        );
        const expected = m.withdraw(o.player, o.amount, o.accept);
        expect(actual, context).toBe(expected);
        reached.add(`withdraw ${expected ?? 'ok'}`);
        break;
      }
      case 'tick': {
        nowMs += o.minutes * 60_000;
        m.now = nowMs;
        const before = m.bonuses.filter((b) => b.status === 'wagered').length;
        await runBonusJob(bench.app);
        m.tick();
        if (m.bonuses.filter((b) => b.status === 'wagered').length > before)
          reached.add('converted');
        break;
      }
    }
    // Every 10th step and each tick: everything. Otherwise the player's balances after a step
    // whose answer does not carry them (a bet's, a win's and a rollback's answer does).
    if (step % 10 === 9 || o.op === 'tick') await expectWorld(w, context);
    else if (o.op !== 'bet' && o.op !== 'replay') {
      const index = 'player' in o ? o.player : null;
      if (index !== null) {
        const { main, bonus } = m.players[index]!;
        expect(await balancesOf(w.ids[index]!), context).toEqual({ main, bonus });
      }
    }
  }
  // A last tick far ahead settles everything the run left open.
  nowMs += 100 * HOUR;
  w.model.now = nowMs;
  const before = w.model.bonuses.filter((b) => b.status === 'wagered').length;
  await runBonusJob(bench.app);
  w.model.tick();
  if (w.model.bonuses.filter((b) => b.status === 'wagered').length > before)
    reached.add('converted');
  await expectWorld(w, 'final tick');
  await expectInvariants(w);
}

const RUNS = Number(process.env.BONUS_MODEL_RUNS ?? 50);

/** The paths the runs must reach (a generator that stops reaching one is noticed). */
const MUST_REACH = [
  'deposit granted',
  'activate ok',
  'activate bonus_already_active',
  'deactivate ok',
  'deactivate bonus_in_play',
  'remove ok',
  'bet RS_OK',
  'bet RS_ERROR_LIMIT_REACHED bonus_max_bet',
  'bet RS_ERROR_LIMIT_REACHED bonus_excluded_game',
  'bet RS_ERROR_NOT_ENOUGH_MONEY',
  'win RS_OK',
  'rollback RS_OK',
  'withdraw active_bonus',
  'withdraw ok',
  'converted',
];

describe('the bonus wallet against its reference model', () => {
  it('answers every random sequence of deposits, bonuses, bets, wins, rollbacks, withdrawals and job ticks as the model does', async () => {
    const property = fc.asyncProperty(
      fc.array(operation, { minLength: 100, maxLength: 140 }),
      async (ops) => {
        await run(await world(), ops);
      },
    );
    await fc.assert(property, { numRuns: RUNS });
    if (RUNS >= 50) expect(operationsRun).toBeGreaterThanOrEqual(5_000);
    // The runs reached the paths that matter (a generator that stops reaching one is noticed).
    expect(
      await missingPaths(reached, MUST_REACH, () => fc.assert(property, { numRuns: 10 })),
    ).toEqual([]);
  }, 600_000);
});
