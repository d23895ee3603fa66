import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modelBench, modelPlayer, refusal } from '../testing/model-harness.ts';
import { missingPaths } from '../testing/reach.ts';
import { applyMovement, openGameSession } from '../wallet/index.ts';
import {
  walletTransaction,
  type TransactionRequest,
  type WalletAnswer,
} from '../wallet/seamless/service.ts';
import {
  activateBonus,
  createTemplate,
  grantTemplate,
  removeBonus,
  runBonusJob,
  type TemplateInput,
} from './index.ts';

/**
 * Free spins against a reference model (issue #26). Random sequences of grants of two
 * `free_spins` templates, free spins with random wins (of the player's own packs and of others'),
 * two spins of one pack at once, wagering bets and their wins on a slot, activations, removals
 * and clock ticks that run the bonus job go through the real doors (the seamless wallet's
 * service, the bonus engine) on PGlite (or TEST_DATABASE_URL). Every answer must be the model's
 * (status, balance, spins left); after every operation the players' main, bonus and pending
 * free-spin balances must be the model's; at checkpoints every pack (spins left, status, winnings,
 * settled) and every bonus (status, amount, required, progress). At the end of each run: the
 * books balance, no pack below zero, every pack's spent spins are its recorded bets, and the
 * pending winnings are exactly those of the unsettled packs.
 *
 * Size: FREESPINS_MODEL_RUNS runs (default 20) of 100 to 130 operations: at least 2,000.
 * Measured on the shared 2-core machine under load: PostgreSQL (TEST_DATABASE_URL) 64 s, PGlite
 * 210 s. `FREESPINS_MODEL_RUNS=3` for a quick local run.
 */

const SLOT = 'fsmodel_slot';
const HOUR = 3_600_000;
const BASE: TemplateInput = {
  name: 'Model spins',
  description: '',
  kind: 'free_spins',
  trigger: 'promo_code',
  code: 'FSMODELA',
  currency: 'EUR',
  minDepositMinor: null,
  amountMinor: null,
  percent: null,
  capMinor: null,
  wageringMultiplier: 3,
  wageringBase: 'bonus',
  weights: { slots: 100 },
  defaultWeight: 0,
  excludedGames: [],
  maxBetMinor: 400n,
  activateHours: 10,
  wagerHours: 20,
  freespinGame: SLOT,
  freespinCount: 3,
  freespinStakeMinor: 20n,
};
const TERMS: TemplateInput[] = [
  BASE,
  {
    ...BASE,
    name: 'Model spins B',
    code: 'FSMODELB',
    wageringMultiplier: 2,
    maxBetMinor: 250n,
    activateHours: 5,
    wagerHours: 8,
    freespinCount: 2,
    freespinStakeMinor: 50n,
  },
];

// ---------------------------------------------------------------------------------------------
// The reference model

type BonusStatus = 'available' | 'active' | 'wagered' | 'expired' | 'forfeited' | 'removed';
interface MPack {
  id: number;
  player: number;
  remaining: number;
  status: 'received' | 'active' | 'used' | 'expired' | 'cancelled';
  won: number;
  settled: boolean;
  expiresAt: number;
  bonus: MBonus;
}
interface MBonus {
  id: number;
  player: number;
  terms: TemplateInput;
  status: BonusStatus;
  amount: number;
  required: number;
  activateUntil: number;
  wagerUntil: number | null;
  hold: { status: 'open' | 'complete' | 'closed'; progress: number } | null;
  pack: MPack | null;
}
interface MPlayer {
  main: number;
  bonus: number;
  freespins: number;
}
interface Expected {
  status: string;
  balance?: number;
  limit?: string;
  freespins_left?: number;
}

class Model {
  players: MPlayer[] = [0, 1].map(() => ({ main: 1_000, bonus: 0, freespins: 0 }));
  bonuses: MBonus[] = [];
  packs: MPack[] = [];
  now = 0;

  total(player: number) {
    return this.players[player]!.main + this.players[player]!.bonus;
  }

  grant(player: number, terms: TemplateInput): MBonus {
    const bonus: MBonus = {
      id: 0,
      player,
      terms,
      status: 'available',
      amount: 0,
      required: 0,
      activateUntil: this.now + terms.activateHours * HOUR,
      wagerUntil: null,
      hold: null,
      pack: null,
    };
    bonus.pack = {
      id: 0,
      player,
      remaining: terms.freespinCount!,
      status: 'received',
      won: 0,
      settled: false,
      expiresAt: bonus.activateUntil,
      bonus,
    };
    this.bonuses.push(bonus);
    this.packs.push(bonus.pack);
    return bonus;
  }

  spendable(player: number, pack: MPack | null): pack is MPack {
    return (
      pack !== null &&
      pack.player === player &&
      (pack.status === 'received' || pack.status === 'active') &&
      pack.remaining > 0 &&
      pack.expiresAt > this.now
    );
  }

  /** A free spin's bet: one spin of the pack, or RS_ERROR_LIMIT_REACHED. */
  spin(player: number, pack: MPack | null): Expected {
    if (!this.spendable(player, pack)) {
      return { status: 'RS_ERROR_LIMIT_REACHED', balance: this.total(player) };
    }
    pack.remaining -= 1;
    pack.status = pack.remaining === 0 ? 'used' : 'active';
    return { status: 'RS_OK', balance: this.total(player), freespins_left: pack.remaining };
  }

  /** A free spin's win: pending winnings of the pack (the pack is never settled with it open). */
  spinWin(player: number, pack: MPack, amount: number): Expected {
    this.players[player]!.freespins += amount;
    pack.won += amount;
    return { status: 'RS_OK', balance: this.total(player) };
  }

  liveHold(player: number): MBonus | undefined {
    return this.bonuses.find(
      (b) => b.player === player && b.hold !== null && b.hold.status !== 'closed',
    );
  }

  /** A slot bet (wallet_bet): main first, then bonus; the open hold's max bet and progress. */
  bet(player: number, amount: number): { answer: Expected; fromBonus: number } {
    const p = this.players[player]!;
    const holder = this.liveHold(player);
    const open = holder?.hold?.status === 'open' ? holder : undefined;
    if (open && amount > Number(open.terms.maxBetMinor)) {
      return {
        answer: {
          status: 'RS_ERROR_LIMIT_REACHED',
          limit: 'bonus_max_bet',
          balance: this.total(player),
        },
        fromBonus: 0,
      };
    }
    if (this.total(player) < amount) {
      return {
        answer: { status: 'RS_ERROR_NOT_ENOUGH_MONEY', balance: this.total(player) },
        fromBonus: 0,
      };
    }
    const fromMain = Math.min(amount, p.main);
    const fromBonus = amount - fromMain;
    p.main -= fromMain;
    p.bonus -= fromBonus;
    if (open) {
      open.hold!.progress += amount;
      if (open.hold!.progress >= open.required) open.hold!.status = 'complete';
    }
    return { answer: { status: 'RS_OK', balance: this.total(player) }, fromBonus };
  }

  betWin(player: number, stake: number, fromBonus: number, amount: number): Expected {
    const toBonus = stake === 0 ? 0 : Math.floor((amount * fromBonus) / stake);
    this.players[player]!.main += amount - toBonus;
    this.players[player]!.bonus += toBonus;
    return { status: 'RS_OK', balance: this.total(player) };
  }

  activate(bonus: MBonus): string | null {
    if (bonus.status !== 'available') return 'bonus_status';
    if (bonus.activateUntil <= this.now) return 'bonus_expired';
    if (bonus.pack && !bonus.pack.settled) return 'freespins_in_play';
    if (this.liveHold(bonus.player)) return 'bonus_already_active';
    this.players[bonus.player]!.bonus += bonus.amount;
    bonus.hold = { status: bonus.required === 0 ? 'complete' : 'open', progress: 0 };
    bonus.status = 'active';
    bonus.wagerUntil = this.now + bonus.terms.wagerHours * HOUR;
    return null;
  }

  private end(bonus: MBonus, status: 'expired' | 'removed') {
    if (bonus.status === 'active') {
      this.players[bonus.player]!.bonus = 0;
      bonus.hold!.status = 'closed';
    }
    bonus.status = status;
    const pack = bonus.pack;
    if (pack && (pack.status === 'received' || pack.status === 'active')) {
      pack.status = 'cancelled';
    }
  }

  remove(bonus: MBonus): string | null {
    if (bonus.status !== 'available' && bonus.status !== 'active') return 'bonus_status';
    this.end(bonus, 'removed');
    return null;
  }

  /** The bonus job: packs over first (in id order), then the bonuses due (in id order). */
  tick() {
    for (const pack of [...this.packs].sort((a, b) => a.id - b.id)) {
      if (pack.settled) continue;
      const over =
        pack.status === 'used' || pack.status === 'expired' || pack.status === 'cancelled';
      const expired = pack.expiresAt <= this.now;
      if (!over && !expired) continue;
      if (expired && (pack.status === 'received' || pack.status === 'active')) {
        pack.status = 'expired';
      }
      const bonus = pack.bonus;
      const keep = bonus.status === 'available';
      this.players[pack.player]!.freespins -= pack.won;
      pack.settled = true;
      if (!keep) continue;
      if (pack.won === 0) {
        bonus.status = 'wagered';
        continue;
      }
      bonus.amount = pack.won;
      bonus.required = bonus.terms.wageringMultiplier * pack.won;
      bonus.activateUntil = this.now + bonus.terms.activateHours * HOUR;
      if (this.bonuses.some((b) => b.player === bonus.player && b.status === 'active')) continue;
      this.activate(bonus);
    }
    const due = this.bonuses
      .filter(
        (b) =>
          (b.status === 'available' && b.activateUntil <= this.now) ||
          (b.status === 'active' && b.wagerUntil! <= this.now) ||
          (b.status === 'active' && b.hold?.status === 'complete'),
      )
      .sort((a, b) => a.id - b.id);
    for (const bonus of due) {
      if (bonus.status === 'active') {
        if (bonus.hold!.status === 'complete') {
          const p = this.players[bonus.player]!;
          p.main += p.bonus;
          p.bonus = 0;
          bonus.hold!.status = 'closed';
          bonus.status = 'wagered';
        } else if (bonus.wagerUntil! <= this.now) {
          this.end(bonus, 'expired');
        }
      } else if (bonus.status === 'available') {
        if (bonus.pack && !bonus.pack.settled) continue;
        this.end(bonus, 'expired');
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Operations

type Op =
  | { op: 'grant'; player: number; terms: number }
  | { op: 'spin'; player: number; pack: number; win: number; foreign: boolean }
  | { op: 'double'; player: number; pack: number; wins: [number, number] }
  | { op: 'bet'; player: number; amount: number; win: number }
  | { op: 'activate' | 'remove'; player: number; pick: number }
  | { op: 'tick'; minutes: number };

const player = fc.nat({ max: 1 });
const win = fc.oneof(fc.constant(0), fc.constant(0), fc.nat({ max: 300 }));
const operation: fc.Arbitrary<Op> = fc.oneof(
  {
    arbitrary: fc.record({ op: fc.constant('grant' as const), player, terms: fc.nat({ max: 1 }) }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('spin' as const),
      player,
      pack: fc.nat({ max: 50 }),
      win,
      foreign: fc.boolean(),
    }),
    weight: 8,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('double' as const),
      player,
      pack: fc.nat({ max: 50 }),
      wins: fc.tuple(win, win),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('bet' as const),
      player,
      amount: fc.integer({ min: 1, max: 600 }),
      win: fc.oneof(fc.constant(0), fc.nat({ max: 900 })),
    }),
    weight: 6,
  },
  {
    arbitrary: fc.record({
      op: fc.constantFrom('activate' as const, 'remove' as const),
      player,
      pick: fc.nat({ max: 20 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      op: fc.constant('tick' as const),
      minutes: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 12 * 60 })),
    }),
    weight: 3,
  },
);

// ---------------------------------------------------------------------------------------------
// The real thing

let nowMs = Date.UTC(2026, 3, 1);
const templateIds: number[] = [];
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;
let operationsRun = 0;
const reached = new Set<string>();

const bench = modelBench(
  'free-spins-model',
  () => nowMs,
  async ({ database }) => {
    await database.query(sql`
    insert into games (sysname, name, provider_sysname, categories)
    values (${SLOT}, 'Model Spins Slot', 'acme', '["slots"]'::jsonb)
    on conflict (sysname) do nothing`);
    for (const terms of TERMS) templateIds.push((await createTemplate(database.db, terms)).id);
  },
);

interface World {
  model: Model;
  ids: number[];
  tokens: string[];
}

async function world(): Promise<World> {
  const ids: number[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const id = await modelPlayer(
      bench.database,
      `${unique('fs-model')}@example.com`,
      new Date(nowMs),
    );
    ids.push(id);
    await applyMovement(bench.database.db, {
      playerId: id,
      kind: 'main',
      currency: 'EUR',
      amountMinor: 1_000n,
      reason: 'deposit',
      idempotencyKey: unique('fs-model-deposit'),
    });
    const session = await openGameSession(
      bench.app,
      { playerId: id, providerId: 'acme', gameCode: SLOT, currency: 'EUR', mode: 'real' },
      10 * 365 * 24 * HOUR,
    );
    tokens.push(session.token);
  }
  const model = new Model();
  model.now = nowMs;
  return { model, ids, tokens };
}

const readable = (answer: WalletAnswer): Expected => ({
  status: answer.status,
  ...(answer.balance !== undefined &&
  ['RS_OK', 'RS_ERROR_NOT_ENOUGH_MONEY', 'RS_ERROR_LIMIT_REACHED'].includes(answer.status)
    ? { balance: answer.balance }
    : {}),
  ...(answer.limit !== undefined ? { limit: answer.limit } : {}),
  ...(answer.freespins_left !== undefined ? { freespins_left: answer.freespins_left } : {}),
});

function request(
  w: World,
  playerIndex: number,
  fields: Partial<TransactionRequest> & { amount: number },
): TransactionRequest {
  return {
    request_uuid: randomUUID(),
    token: w.tokens[playerIndex]!,
    game_code: SLOT,
    currency: 'EUR',
    transaction_uuid: randomUUID(),
    round: randomUUID(),
    round_closed: false,
    ...fields,
  };
}

async function balancesOf(playerId: number): Promise<MPlayer> {
  const rows = await bench.database.query<{ kind: string; balance: string }>(sql`
    select kind, balance_minor::text as balance from wallets
    where player_id = ${playerId} and currency = 'EUR'`);
  const of = (kind: string) => Number(rows.find((r) => r.kind === kind)?.balance ?? 0);
  return { main: of('main'), bonus: of('bonus'), freespins: of('freespins') };
}

async function expectBalances(w: World, context: string) {
  for (const [index, id] of w.ids.entries()) {
    expect(await balancesOf(id), context).toEqual(w.model.players[index]);
  }
}

const inIds = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

async function expectRecords(w: World, context: string) {
  const m = w.model;
  if (m.bonuses.length === 0) return;
  const bonuses = await bench.database.query<{
    id: number;
    status: string;
    amount: string;
    required: string;
    progress: string | null;
  }>(sql`
    select b.id, b.status, b.amount_minor::text as amount, b.required_minor::text as required,
      h.progress_minor::text as progress
    from player_bonuses b left join wagering_holds h on h.owner = 'bonus:' || b.id
    where b.player_id in (${inIds(w.ids)}) order by b.id`);
  expect(
    bonuses.map((b) => ({
      id: b.id,
      status: b.status,
      amount: Number(b.amount),
      required: Number(b.required),
      progress: Number(b.progress ?? 0),
    })),
    context,
  ).toEqual(
    m.bonuses.map((b) => ({
      id: b.id,
      status: b.status,
      amount: b.amount,
      required: b.required,
      progress: b.hold?.progress ?? 0,
    })),
  );
  const packs = await bench.database.query<{
    id: number;
    remaining: number;
    status: string;
    won: string;
    settled: boolean;
  }>(sql`
    select id, remaining_count as remaining, status, won_minor::text as won,
      settled_at is not null as settled
    from freespin_packs where player_id in (${inIds(w.ids)}) order by id`);
  expect(
    packs.map((p) => ({ ...p, won: Number(p.won) })),
    context,
  ).toEqual(
    m.packs.map((p) => ({
      id: p.id,
      remaining: p.remaining,
      status: p.status,
      won: p.won,
      settled: p.settled,
    })),
  );
}

async function expectInvariants(w: World) {
  const players = inIds(w.ids);
  // The books balance: every balance is the sum of its ledger rows, none below zero.
  expect(
    await bench.database.query(sql`
      select w.player_id, w.kind from wallets w
      left join ledger_entries l
        on l.player_id = w.player_id and l.kind = w.kind and l.currency = w.currency
      where w.player_id in (${players})
      group by w.player_id, w.kind, w.currency, w.balance_minor
      having w.balance_minor <> coalesce(sum(l.amount_minor), 0) or w.balance_minor < 0`),
  ).toEqual([]);
  // No pack below zero; each pack's spent spins are exactly its recorded zero-stake bets.
  expect(
    await bench.database.query(sql`
      select p.id from freespin_packs p
      left join wallet_transactions t
        on t.freespin_pack_id = p.id and t.type = 'bet' and t.state <> 'rolled_back'
      where p.player_id in (${players})
      group by p.id, p.total_count, p.remaining_count
      having p.remaining_count < 0
          or count(t.id) <> p.total_count - p.remaining_count
          or coalesce(sum(t.amount_minor), 0) <> 0`),
  ).toEqual([]);
  // Pending winnings are exactly the unsettled packs' winnings, per player.
  expect(
    await bench.database.query(sql`
      select pl.id from players pl
      left join wallets w on w.player_id = pl.id and w.kind = 'freespins'
      where pl.id in (${players})
        and coalesce(w.balance_minor, 0) <> (
          select coalesce(sum(won_minor), 0) from freespin_packs
          where player_id = pl.id and settled_at is null)`),
  ).toEqual([]);
  // Each pack settled at most once in the ledger.
  expect(
    await bench.database.query(sql`
      select idempotency_key from ledger_entries
      where player_id in (${players}) and idempotency_key like 'freespins:%'
      group by idempotency_key having count(*) > 1`),
  ).toEqual([]);
}

async function freeSpin(w: World, playerIndex: number, packId: string) {
  const bet = request(w, playerIndex, { amount: 0, freespin_id: packId });
  const answer = await walletTransaction(bench.app, 'acme', 'bet', bet);
  return { bet, answer };
}

async function pay(w: World, playerIndex: number, bet: TransactionRequest, amount: number) {
  return walletTransaction(
    bench.app,
    'acme',
    'win',
    request(w, playerIndex, {
      amount,
      round: bet.round,
      round_closed: true,
      reference_transaction_uuid: bet.transaction_uuid,
    }),
  );
}

async function run(w: World, operations: Op[]) {
  const m = w.model;
  for (const [step, o] of operations.entries()) {
    operationsRun += 1;
    const context = `step ${step}: ${JSON.stringify(o)}`;
    m.now = nowMs;
    switch (o.op) {
      case 'grant': {
        const row = await bench.database.db.transaction((tx) =>
          grantTemplate(tx, new Date(nowMs), {
            playerId: w.ids[o.player]!,
            currency: 'EUR',
            templateId: templateIds[o.terms]!,
            grantKey: unique('fs-model-grant'),
          }),
        );
        const bonus = m.grant(o.player, TERMS[o.terms]!);
        bonus.id = row.id;
        const [pack] = await bench.database.query<{ id: number }>(
          sql`select id from freespin_packs where bonus_id = ${row.id}`,
        );
        bonus.pack!.id = pack!.id;
        break;
      }
      case 'spin': {
        // The player's own pack, or (foreign) any pack of the run: another player's is refused.
        const pool = o.foreign ? m.packs : m.packs.filter((p) => p.player === o.player);
        const pack = pool.length === 0 ? null : pool[o.pack % pool.length]!;
        const { bet, answer } = await freeSpin(w, o.player, pack ? String(pack.id) : '999999999');
        const expected = m.spin(o.player, pack);
        expect(readable(answer), context).toEqual(expected);
        reached.add(`spin ${answer.status}`);
        if (answer.status === 'RS_OK') {
          const paid = await pay(w, o.player, bet, o.win);
          expect(readable(paid), context).toEqual(m.spinWin(o.player, pack!, o.win));
          if (o.win > 0) reached.add('spin won');
        }
        break;
      }
      case 'double': {
        const own = m.packs.filter((p) => p.player === o.player);
        if (own.length === 0) continue;
        const pack = own[o.pack % own.length]!;
        // Two spins of one pack at once: as many are taken as the pack has left (at most 2).
        const both = await Promise.all([0, 1].map(() => freeSpin(w, o.player, String(pack.id))));
        const before = m.spendable(o.player, pack) ? pack.remaining : 0;
        const taken = both.filter((b) => b.answer.status === 'RS_OK');
        expect(taken.length, context).toBe(Math.min(2, before));
        for (const refused of both.filter((b) => b.answer.status !== 'RS_OK')) {
          expect(refused.answer.status, context).toBe('RS_ERROR_LIMIT_REACHED');
        }
        const lefts = taken.map((t) => t.answer.freespins_left).sort();
        const expectedLefts = taken.map(() => m.spin(o.player, pack).freespins_left).sort();
        expect(lefts, context).toEqual(expectedLefts);
        if (taken.length === 2) reached.add('double both');
        if (taken.length === 1) reached.add('double one refused');
        for (const [index, t] of taken.entries()) {
          const amount = o.wins[index]!;
          const paid = await pay(w, o.player, t.bet, amount);
          expect(readable(paid), context).toEqual(m.spinWin(o.player, pack, amount));
        }
        break;
      }
      case 'bet': {
        const bet = request(w, o.player, { amount: o.amount });
        const answer = await walletTransaction(bench.app, 'acme', 'bet', bet);
        const expected = m.bet(o.player, o.amount);
        expect(readable(answer), context).toEqual(expected.answer);
        reached.add(`bet ${answer.status}${answer.limit ? ` ${answer.limit}` : ''}`);
        if (answer.status === 'RS_OK') {
          const paid = await pay(w, o.player, bet, o.win);
          expect(readable(paid), context).toEqual(
            m.betWin(o.player, o.amount, expected.fromBonus, o.win),
          );
        }
        break;
      }
      case 'activate':
      case 'remove': {
        const own = m.bonuses.filter((b) => b.player === o.player);
        if (own.length === 0) continue;
        const bonus = own[o.pick % own.length]!;
        const playerId = w.ids[o.player]!;
        const actual = await refusal(() =>
          bench.database.db.transaction(async (tx) => {
            if (o.op === 'activate') await activateBonus(tx, new Date(nowMs), playerId, bonus.id);
            else await removeBonus(tx, new Date(nowMs), playerId, bonus.id);
          }),
        );
        const expected = o.op === 'activate' ? m.activate(bonus) : m.remove(bonus);
        expect(actual, context).toBe(expected);
        reached.add(`${o.op} ${expected ?? 'ok'}`);
        break;
      }
      case 'tick': {
        nowMs += o.minutes * 60_000;
        m.now = nowMs;
        await runBonusJob(bench.app);
        m.tick();
        if (m.packs.some((p) => p.status === 'expired')) reached.add('pack expired');
        if (m.bonuses.some((b) => b.pack && b.status === 'active')) reached.add('winnings active');
        if (m.bonuses.some((b) => b.status === 'wagered' && b.amount > 0)) {
          reached.add('winnings wagered');
        }
        break;
      }
    }
    await expectBalances(w, context);
    if (step % 10 === 9) await expectRecords(w, context);
  }
  // The end: the clock runs past every deadline; everything settles as the model says.
  for (let i = 0; i < 3; i += 1) {
    nowMs += 30 * 24 * HOUR;
    m.now = nowMs;
    await runBonusJob(bench.app);
    m.tick();
  }
  await expectBalances(w, 'final ticks');
  await expectRecords(w, 'final ticks');
  await expectInvariants(w);
}

const RUNS = Number(process.env.FREESPINS_MODEL_RUNS ?? 20);

/** The paths the runs must reach (a generator that stops reaching one is noticed). */
const MUST_REACH = [
  'spin RS_OK',
  'spin RS_ERROR_LIMIT_REACHED',
  'spin won',
  'double both',
  'double one refused',
  'bet RS_OK',
  'bet RS_ERROR_NOT_ENOUGH_MONEY',
  'activate freespins_in_play',
  'remove ok',
  'pack expired',
  'winnings active',
];

describe('free spins against their reference model', () => {
  it('answers every random sequence of grants, spins, concurrent spins, bets, activations, removals and job ticks as the model does', async () => {
    const property = fc.asyncProperty(
      fc.array(operation, { minLength: 100, maxLength: 130 }),
      async (ops) => {
        await run(await world(), ops);
      },
    );
    await fc.assert(property, { numRuns: RUNS });
    if (RUNS >= 20) expect(operationsRun).toBeGreaterThanOrEqual(2_000);
    // The runs reached the paths that matter.
    expect(
      await missingPaths(reached, MUST_REACH, () => fc.assert(property, { numRuns: 5 })),
    ).toEqual([]);
  }, 900_000);
});
