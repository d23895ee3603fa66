import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { modelBench, modelPlayer, reasonOf } from '../testing/model-harness.ts';
import { activateBonus, createTemplate, type TemplateInput } from '../bonuses/index.ts';
import { expectBooksBalance } from '../testing/books.ts';
import { balancesOf } from '../wallet/index.ts';
import { activatePromoCode, createPromoCode, findValidPromoCode } from './index.ts';

/**
 * Promo codes against a reference model (issue #26: a code grants money). Random sequences of
 * activations (known and unknown codes, repeats, several at once by one player or by several
 * players), deposits (which end "new player"), clock ticks across the codes' dates, checks
 * (`findValidPromoCode`) and activations of the granted bonuses (their money through the
 * wallet) go through the real domain doors on PGlite (or TEST_DATABASE_URL). Each answer must be
 * the model's (the §8 code of a refusal, or a bonus of the template's amount); activations at once
 * must give the model's number of successes, the others the model's refusals. At the end of each
 * run: each code's `uses` equals its activations and never passes `max_uses`, no player passes
 * `max_uses_per_player`, every activation granted its own bonus, the bonus balances are the
 * model's, and the books balance.
 *
 * Size: PROMO_MODEL_RUNS runs (default 20) of 100 to 130 operations: at least 2,000 operations.
 */

const RUNS = Number(process.env.PROMO_MODEL_RUNS ?? 20);
const HOUR = 3_600_000;
const AMOUNT = 1_000n;

const FREE: TemplateInput = {
  name: 'Model promo bonus',
  description: '',
  kind: 'no_deposit',
  trigger: 'promo_code',
  code: 'MODELPROMOBONUS',
  currency: 'EUR',
  minDepositMinor: null,
  amountMinor: AMOUNT,
  percent: null,
  capMinor: null,
  wageringMultiplier: 5,
  wageringBase: 'bonus',
  weights: { slots: 100 },
  defaultWeight: 0,
  excludedGames: [],
  maxBetMinor: null,
  activateHours: 24 * 365,
  wagerHours: 24 * 365,
};

// ---------------------------------------------------------------------------------------------
// The reference model

interface CodeTerms {
  maxUses: number | null;
  perPlayer: number;
  newPlayersOnly: boolean;
  /** Hours from the run's start; null: none. */
  fromHours: number | null;
  untilHours: number | null;
}

type Answer = 'ok' | string;

class Model {
  uses: number[];
  mine: number[][];
  deposited: boolean[];
  available: number[];
  active: boolean[];
  bonusMinor: bigint[];
  readonly terms: CodeTerms[];
  readonly players: number;
  readonly start: number;
  now: number;
  constructor(terms: CodeTerms[], players: number, start: number, now: number) {
    this.terms = terms;
    this.players = players;
    this.start = start;
    this.now = now;
    this.uses = terms.map(() => 0);
    this.mine = terms.map(() => Array.from({ length: players }, () => 0));
    this.deposited = Array.from({ length: players }, () => false);
    this.available = Array.from({ length: players }, () => 0);
    this.active = Array.from({ length: players }, () => false);
    this.bonusMinor = Array.from({ length: players }, () => 0n);
  }

  private dates(c: number): 'early' | 'expired' | 'open' {
    const t = this.terms[c]!;
    if (t.fromHours !== null && this.start + t.fromHours * HOUR > this.now) return 'early';
    if (t.untilHours !== null && this.start + t.untilHours * HOUR <= this.now) return 'expired';
    return 'open';
  }

  /** `findValidPromoCode`: switched on and between its dates. */
  valid(c: number | null): boolean {
    return c !== null && this.dates(c) === 'open';
  }

  /** The refusal a player gets whatever others do, or null when only the total limit decides. */
  personal(c: number | null, p: number): string | null {
    if (c === null) return 'promo_code_invalid';
    const dates = this.dates(c);
    if (dates === 'early') return 'promo_code_invalid';
    if (dates === 'expired') return 'promo_code_expired';
    const t = this.terms[c]!;
    if (this.mine[c]![p]! >= t.perPlayer) return 'promo_code_already_used';
    if (t.newPlayersOnly && this.deposited[p]) return 'promo_code_new_players_only';
    return null;
  }

  usedUp(c: number): boolean {
    const max = this.terms[c]!.maxUses;
    return max !== null && this.uses[c]! >= max;
  }

  activate(c: number | null, p: number): Answer {
    const refused = this.personal(c, p);
    if (refused) return refused;
    if (this.usedUp(c!)) return 'promo_code_used_up';
    this.record(c!, p);
    return 'ok';
  }

  record(c: number, p: number): void {
    this.uses[c]! += 1;
    this.mine[c]![p]! += 1;
    this.available[p]! += 1;
  }

  /** Activating one available bonus: refused while another wagers (the wallet's one hold). */
  activateBonus(p: number): 'ok' | 'refused' | 'none' {
    if (this.available[p] === 0) return 'none';
    if (this.active[p]) return 'refused';
    this.available[p]! -= 1;
    this.active[p] = true;
    this.bonusMinor[p]! += AMOUNT;
    return 'ok';
  }
}

// ---------------------------------------------------------------------------------------------
// The operations

type Op =
  | { kind: 'activate'; player: number; code: number | null; shout: boolean }
  | { kind: 'same-player-at-once'; player: number; code: number; times: number }
  | { kind: 'players-at-once'; players: number[]; code: number }
  | { kind: 'deposit'; player: number }
  | { kind: 'tick'; hours: number }
  | { kind: 'check'; code: number | null }
  | { kind: 'bonus'; player: number };

const PLAYERS = 4;
const CODES = 3;
const player = fc.integer({ min: 0, max: PLAYERS - 1 });
const code = fc.integer({ min: 0, max: CODES - 1 });
const maybeCode = fc.oneof(
  { weight: 9, arbitrary: code },
  { weight: 1, arbitrary: fc.constant(null) },
);

const operation: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant('activate' as const),
      player,
      code: maybeCode,
      shout: fc.boolean(),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('same-player-at-once' as const),
      player,
      code,
      times: fc.integer({ min: 2, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('players-at-once' as const),
      players: fc.uniqueArray(player, { minLength: 2, maxLength: PLAYERS }),
      code,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deposit' as const), player }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('tick' as const),
      hours: fc.integer({ min: 1, max: 30 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('check' as const), code: maybeCode }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('bonus' as const), player }) },
);

const terms: fc.Arbitrary<CodeTerms> = fc.record({
  maxUses: fc.option(fc.integer({ min: 1, max: 6 }), { nil: null }),
  perPlayer: fc.integer({ min: 1, max: 3 }),
  newPlayersOnly: fc.boolean(),
  fromHours: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  untilHours: fc.option(fc.integer({ min: 41, max: 200 }), { nil: null }),
});

// ---------------------------------------------------------------------------------------------
// The world

let nowMs = Date.parse('2031-03-01T12:00:00Z');
let templateId = 0;
let counter = 0;
let operationsRun = 0;
const reached = new Set<string>();
const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter += 1)}`;

const bench = modelBench(
  'promo-model',
  () => nowMs,
  async ({ database }) => {
    templateId = (await createTemplate(database.db, { ...FREE, code: unique('MODELFREE') })).id;
  },
);

interface World {
  model: Model;
  ids: number[];
  codes: string[];
  bonusIds: number[][];
}

async function world(codeTerms: CodeTerms[]): Promise<World> {
  const start = nowMs;
  const ids: number[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const id = await modelPlayer(
      bench.database,
      `${unique('promo-model-')}@example.com`,
      new Date(nowMs),
    );
    ids.push(id);
  }
  const codes: string[] = [];
  for (const t of codeTerms) {
    const row = await createPromoCode(bench.database.db, {
      code: unique('MODEL'),
      description: null,
      templateId,
      validFrom: t.fromHours === null ? null : new Date(start + t.fromHours * HOUR),
      validUntil: t.untilHours === null ? null : new Date(start + t.untilHours * HOUR),
      maxUses: t.maxUses,
      maxUsesPerPlayer: t.perPlayer,
      newPlayersOnly: t.newPlayersOnly,
    });
    codes.push(row.code);
  }
  return {
    model: new Model(codeTerms, PLAYERS, start, nowMs),
    ids,
    codes,
    bonusIds: ids.map(() => []),
  };
}

async function tryActivate(w: World, p: number, c: number | null, shout = false) {
  const text = c === null ? 'NO-SUCH-MODEL-CODE' : w.codes[c]!;
  try {
    const done = await activatePromoCode(
      bench.app,
      w.ids[p]!,
      shout ? ` ${text.toLowerCase()} ` : text,
    );
    expect(done.bonus?.amount_minor.toString()).toBe(AMOUNT.toString());
    w.bonusIds[p]!.push(done.bonus!.id);
    return 'ok';
  } catch (error) {
    return reasonOf(error, true);
  }
}

async function step(w: World, op: Op): Promise<void> {
  const { model } = w;
  operationsRun += 1;
  switch (op.kind) {
    case 'activate': {
      const expected = model.activate(op.code, op.player);
      reached.add(`activate:${expected}`);
      expect(await tryActivate(w, op.player, op.code, op.shout)).toBe(expected);
      return;
    }
    case 'same-player-at-once': {
      // One player's calls at once: order does not matter, so the model runs them one by one.
      const expected = Array.from({ length: op.times }, () => model.activate(op.code, op.player));
      const answers = await Promise.all(expected.map(() => tryActivate(w, op.player, op.code)));
      reached.add(`same-player:${expected.filter((a) => a === 'ok').length}`);
      expect([...answers].sort()).toEqual([...expected].sort());
      return;
    }
    case 'players-at-once': {
      // Several players at once: each gets their own refusal whatever the others do; of those the
      // code is open to, exactly as many as the total limit leaves succeed, the rest `used_up`.
      const personal = op.players.map((p) => model.personal(op.code, p));
      const answers = await Promise.all(op.players.map((p) => tryActivate(w, p, op.code)));
      const open = op.players.filter((_, i) => personal[i] === null);
      const max = model.terms[op.code]!.maxUses;
      const left = max === null ? open.length : Math.max(0, max - model.uses[op.code]!);
      const winners = op.players.filter((_, i) => answers[i] === 'ok');
      expect(winners.length).toBe(Math.min(open.length, left));
      op.players.forEach((p, i) => {
        if (personal[i] !== null) expect(answers[i]).toBe(personal[i]);
        else if (answers[i] !== 'ok') expect(answers[i]).toBe('promo_code_used_up');
      });
      for (const p of winners) model.record(op.code, p);
      reached.add(`players-at-once:${winners.length < open.length ? 'capped' : 'all'}`);
      return;
    }
    case 'deposit': {
      await bench.database.query(sql`
        insert into payments (player_id, kind, method, provider, currency, amount_minor, status, stages)
        values (${w.ids[op.player]!}, 'deposit', 'card', 'sandbox', 'EUR', 2000, 'success', '[]'::jsonb)`);
      model.deposited[op.player] = true;
      return;
    }
    case 'tick': {
      nowMs += op.hours * HOUR;
      model.now = nowMs;
      return;
    }
    case 'check': {
      const text = op.code === null ? 'NO-SUCH-MODEL-CODE' : w.codes[op.code]!;
      const found = await findValidPromoCode(bench.app, text);
      expect(found !== null).toBe(model.valid(op.code));
      return;
    }
    case 'bonus': {
      const expected = model.activateBonus(op.player);
      reached.add(`bonus:${expected}`);
      if (expected === 'none') return;
      // The oldest available bonus the player got from codes.
      const [row] = await bench.database.query<{ id: number }>(sql`
        select id from player_bonuses where player_id = ${w.ids[op.player]!} and status = 'available'
        order by id limit 1`);
      let answer: 'ok' | 'refused' = 'ok';
      try {
        await bench.database.db.transaction((tx) =>
          activateBonus(tx, new Date(nowMs), w.ids[op.player]!, row!.id),
        );
      } catch (error) {
        reasonOf(error, true);
        answer = 'refused';
      }
      expect(answer).toBe(expected);
      return;
    }
  }
}

async function checkInvariants(w: World): Promise<void> {
  for (let c = 0; c < CODES; c += 1) {
    const [row] = await bench.database.query<{
      uses: number;
      n: number;
      max_uses: number | null;
    }>(sql`
      select p.uses, p.max_uses,
        (select count(*)::int from promo_code_activations a where a.promo_code_id = p.id) as n
      from promo_codes p where p.code = ${w.codes[c]!}`);
    expect(row!.uses).toBe(w.model.uses[c]);
    expect(row!.n).toBe(row!.uses);
    if (row!.max_uses !== null) expect(row!.uses).toBeLessThanOrEqual(row!.max_uses);
  }
  const over = await bench.database.query(sql`
    select a.promo_code_id, a.player_id from promo_code_activations a
    join promo_codes p on p.id = a.promo_code_id
    group by a.promo_code_id, a.player_id, p.max_uses_per_player
    having count(*) > p.max_uses_per_player`);
  expect(over).toEqual([]);
  // Every activation granted its own bonus, and no bonus came from anything else.
  const [orphans] = await bench.database.query<{ n: number }>(sql`
    select count(*)::int as n from promo_code_activations a
    where a.player_id in (${sql.join(
      w.ids.map((id) => sql`${id}`),
      sql`, `,
    )})
      and (a.bonus_id is null
        or (select count(*) from promo_code_activations b where b.bonus_id = a.bonus_id) > 1)`);
  expect(orphans!.n).toBe(0);
  for (let p = 0; p < PLAYERS; p += 1) {
    const [count] = await bench.database.query<{ n: number }>(
      sql`select count(*)::int as n from player_bonuses where player_id = ${w.ids[p]!}`,
    );
    expect(count!.n).toBe(w.bonusIds[p]!.length);
    const balances = await balancesOf(bench.database.db, w.ids[p]!, 'EUR');
    expect(balances.bonus).toBe(w.model.bonusMinor[p]);
    expect(balances.main).toBe(0n);
  }
  await expectBooksBalance(bench.database);
}

describe('promo codes against the reference model', () => {
  it(`${RUNS} random runs of activations, limits and dates`, { timeout: 1_800_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(terms, { minLength: CODES, maxLength: CODES }),
        fc.array(operation, { minLength: 100, maxLength: 130 }),
        async (codeTerms, ops) => {
          const w = await world(codeTerms);
          for (const op of ops) await step(w, op);
          await checkInvariants(w);
        },
      ),
      { numRuns: RUNS },
    );
    if (RUNS >= 20) expect(operationsRun).toBeGreaterThanOrEqual(2_000);
    // The runs reached the paths that matter (a generator that stops reaching one is noticed).
    expect([...reached].sort()).toEqual(
      expect.arrayContaining([
        'activate:ok',
        'activate:promo_code_already_used',
        'activate:promo_code_expired',
        'activate:promo_code_invalid',
        'activate:promo_code_new_players_only',
        'activate:promo_code_used_up',
        'bonus:ok',
        'bonus:refused',
        'players-at-once:capped',
        'same-player:1',
      ]),
    );
  });
});
