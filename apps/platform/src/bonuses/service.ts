import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { rowsOf, type Executor } from '../db/client.ts';
import {
  cancelFreespinPack,
  closeWageringHold,
  freespinPackOfBonus,
  grantFreespinPack,
  openWageringHold,
  settleFreespinPack,
  wageringHolds,
  type HoldView,
} from '../wallet/index.ts';
import { bonusAmount, requiredWagering, type WageringBase } from './arithmetic.ts';

/**
 * The bonus engine (issue #26): templates an operator defines, and each player's bonuses through
 * their lifecycle available → active → wagered (converted) | expired | forfeited | removed. Money
 * and wagering progress are the wallet's (wallet/wagering.ts): activation opens a wagering hold
 * and credits the bonus money in the same transaction; every end closes the hold.
 *
 * One bonus wagers at a time per player (the wallet's one live hold): a second is granted as
 * `available` and waits for the player to activate it once the first has ended.
 */

/** `used`: a sportsbook free bet staked (free-bets.ts); the casino's bonuses never take it. */
export type BonusStatus =
  'available' | 'active' | 'wagered' | 'expired' | 'forfeited' | 'removed' | 'used';
export type BonusKind =
  'deposit_match' | 'no_deposit' | 'free_spins' | 'cashback' | 'betting_free_bet';

/**
 * A sportsbook free bet's kind (free-bets.ts). Its bonuses live in `player_bonuses` like every
 * bonus (one grant path, one grant key, one id space for the promo and offer records), but the
 * casino's methods and the bonus job's casino steps never act on them: `bettingbonuses/*` and
 * free-bets.ts do.
 */
export const FREE_BET_KIND = 'betting_free_bet';
/** `offer`: granted when a player takes the offer (campaigns/ `takepromotions`). */
export type BonusTrigger = 'registration' | 'deposit' | 'promo_code' | 'offer';

export interface TemplateInput {
  name: string;
  description: string;
  kind: BonusKind;
  trigger: BonusTrigger;
  code: string | null;
  currency: string;
  minDepositMinor: bigint | null;
  amountMinor: bigint | null;
  percent: number | null;
  capMinor: bigint | null;
  wageringMultiplier: number;
  wageringBase: WageringBase;
  weights: Record<string, number>;
  defaultWeight: number;
  excludedGames: string[];
  maxBetMinor: bigint | null;
  activateHours: number;
  wagerHours: number;
  /**
   * `free_spins` (issue #26): the pack the bonus grants: the game (an in-house slot's sysname),
   * the number of spins and each spin's stake. The spins must be played within `activateHours`;
   * their winnings become the bonus's money, wagered `wageringMultiplier` times (see
   * `settleFreespinWinnings`).
   */
  freespinGame?: string | null;
  freespinCount?: number | null;
  freespinStakeMinor?: bigint | null;
  /**
   * `betting_free_bet` (free-bets.ts): the lowest decimal odds of a bet staked with it (up to two
   * decimals, e.g. `1.50`). Its amount is `amountMinor` (or a `percent` of a deposit up to
   * `capMinor`); `activateHours` is its one expiry (hours after the grant, activated or not);
   * no wagering (its winnings are real money), so `wageringMultiplier` must be 0.
   */
  minOdds?: string | null;
}

export interface TemplateRow {
  id: number;
  name: string;
  description: string;
  kind: BonusKind;
  trigger: BonusTrigger;
  code: string | null;
  currency: string;
  min_deposit_minor: string | null;
  amount_minor: string | null;
  percent: number | null;
  cap_minor: string | null;
  wagering_multiplier: number;
  wagering_base: WageringBase;
  weights: Record<string, number>;
  default_weight: number;
  excluded_games: string[];
  max_bet_minor: string | null;
  activate_hours: number;
  wager_hours: number;
  freespin_game: string | null;
  freespin_count: number | null;
  freespin_stake_minor: string | null;
  min_odds: string | null;
  is_active: boolean;
}

export interface BonusRow {
  id: number;
  player_id: number;
  template_id: number;
  status: BonusStatus;
  currency: string;
  amount_minor: string;
  deposit_minor: string;
  required_minor: string;
  grant_key: string;
  activate_until: Date | string;
  wager_until: Date | string | null;
  activations: number;
  activated_at?: Date | string | null;
  ended_at?: Date | string | null;
  created_at: Date | string;
}

const big = (value: bigint | null) => (value === null ? null : value.toString());

function invalid(field: string, code: string, message: string): ApiError {
  return new ApiError('InvalidParameter', message, { invalidParameters: { [field]: [code] } });
}

/** A template's own consistency (what the contract's types cannot say). */
function checkTemplate(input: TemplateInput): void {
  if (input.amountMinor === null && input.percent === null && input.kind !== 'free_spins') {
    throw invalid('amount', 'required', 'Give an amount or a percentage');
  }
  if (input.kind === 'deposit_match' && input.percent === null) {
    throw invalid('percent', 'required', 'A deposit match needs a percentage');
  }
  if (input.trigger === 'promo_code' && !input.code) {
    throw invalid('code', 'required', 'A promo-code bonus needs its code');
  }
  if (input.kind === 'deposit_match' && input.trigger === 'registration') {
    throw invalid('trigger', 'wrong_field', 'A deposit match is granted by a deposit');
  }
  if (input.kind === FREE_BET_KIND) {
    // Decimal odds of at least 1.01: a free bet at 1.00 would be a bet that cannot win.
    const odds = input.minOdds ?? null;
    if (odds === null) throw invalid('min_odds', 'required', 'A free bet needs its minimum odds');
    if (!/^\d{1,4}(\.\d{1,2})?$/.test(odds) || Number(odds) < 1.01) {
      throw invalid('min_odds', 'wrong_field', 'Give decimal odds from 1.01');
    }
    if (input.wageringMultiplier !== 0) {
      throw invalid('wagering_multiplier', 'wrong_field', 'Free bet winnings are not wagered');
    }
    if (input.percent !== null && input.trigger !== 'deposit') {
      throw invalid('percent', 'wrong_field', 'Only a deposit free bet is a percentage');
    }
  }
  if (input.kind === 'free_spins') {
    if (!input.freespinGame) {
      throw invalid('freespin_game', 'required', 'A free-spins bonus needs its game');
    }
    const count = input.freespinCount ?? 0;
    // A pack the game can show as "Free spin n of N" and a player can play in a session.
    if (!Number.isInteger(count) || count < 1 || count > 1_000) {
      throw invalid('freespin_count', 'wrong_field', 'Give between 1 and 1,000 free spins');
    }
    if (input.freespinStakeMinor === null || input.freespinStakeMinor === undefined) {
      throw invalid('freespin_stake', 'required', 'A free-spins bonus needs the stake of a spin');
    }
    if (input.freespinStakeMinor <= 0n) {
      throw invalid('freespin_stake', 'wrong_field', 'The stake of a spin must be positive');
    }
  }
}

export async function createTemplate(db: Executor, input: TemplateInput): Promise<TemplateRow> {
  checkTemplate(input);
  const [row] = await rowsOf<TemplateRow>(
    db,
    sql`insert into bonus_templates (name, description, kind, trigger, code, currency,
          min_deposit_minor, amount_minor, percent, cap_minor, wagering_multiplier, wagering_base,
          weights, default_weight, excluded_games, max_bet_minor, activate_hours, wager_hours,
          freespin_game, freespin_count, freespin_stake_minor, min_odds)
        values (${input.name}, ${input.description}, ${input.kind}, ${input.trigger},
          ${input.code ? input.code.toUpperCase() : null}, ${input.currency},
          ${big(input.minDepositMinor)}::bigint, ${big(input.amountMinor)}::bigint,
          ${input.percent}::integer, ${big(input.capMinor)}::bigint, ${input.wageringMultiplier},
          ${input.wageringBase}, ${JSON.stringify(input.weights)}::jsonb, ${input.defaultWeight},
          ${JSON.stringify(input.excludedGames)}::jsonb, ${big(input.maxBetMinor)}::bigint,
          ${input.activateHours}, ${input.wagerHours}, ${input.freespinGame ?? null},
          ${input.freespinCount ?? null}::integer, ${big(input.freespinStakeMinor ?? null)}::bigint,
          ${input.kind === FREE_BET_KIND ? (input.minOdds ?? null) : null}::numeric)
        returning *`,
  );
  return row!;
}

export async function listTemplates(
  db: Executor,
  page: { offset: number; count: number },
): Promise<{ total: number; items: TemplateRow[] }> {
  const items = await rowsOf<TemplateRow>(
    db,
    sql`select * from bonus_templates order by id limit ${page.count} offset ${page.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from bonus_templates`,
  );
  return { total: count!.total, items };
}

/** A template by id (campaigns/ reads the template a code or an offer grants). */
export async function templateById(db: Executor, id: number): Promise<TemplateRow | null> {
  const [row] = await rowsOf<TemplateRow>(db, sql`select * from bonus_templates where id = ${id}`);
  return row ?? null;
}

/** The switched-on template a code names for this currency (promo and offer codes). */
export async function templateByCode(
  db: Executor,
  code: string,
  currency: string,
): Promise<TemplateRow | null> {
  const [row] = await rowsOf<TemplateRow>(
    db,
    sql`select * from bonus_templates where code = ${code.trim().toUpperCase()}
          and currency = ${currency} and is_active order by id desc limit 1`,
  );
  return row ?? null;
}

/**
 * Grants a template's bonus to a player as `available`, once per `grantKey` (a replay of the
 * same deposit or sign-up grants nothing more). Answers the bonus, or null when the template does
 * not apply (another currency, a deposit under its minimum).
 */
export async function grantBonus(
  tx: Executor,
  now: Date,
  grant: {
    playerId: number;
    currency: string;
    template: TemplateRow;
    grantKey: string;
    depositMinor?: bigint;
  },
): Promise<BonusRow | null> {
  const { template } = grant;
  const depositMinor = grant.depositMinor ?? 0n;
  if (!template.is_active || template.currency !== grant.currency) return null;
  if (template.min_deposit_minor !== null && depositMinor < BigInt(template.min_deposit_minor)) {
    return null;
  }
  if (template.kind === 'free_spins') return grantFreeSpins(tx, now, { ...grant, depositMinor });
  const amountMinor = bonusAmount(
    {
      amountMinor: template.amount_minor === null ? null : BigInt(template.amount_minor),
      percent: template.percent,
      capMinor: template.cap_minor === null ? null : BigInt(template.cap_minor),
    },
    depositMinor,
  );
  if (amountMinor <= 0n) return null;
  // A free bet is not wagered (its winnings are real money, free-bets.ts): nothing required.
  const required =
    template.kind === FREE_BET_KIND
      ? 0n
      : requiredWagering(
          template.wagering_multiplier,
          template.wagering_base,
          amountMinor,
          depositMinor,
        );
  const activateUntil = new Date(now.getTime() + template.activate_hours * 3_600_000);
  const [row] = await rowsOf<BonusRow>(
    tx,
    sql`insert into player_bonuses (player_id, template_id, status, currency, amount_minor,
          deposit_minor, required_minor, grant_key, activate_until, created_at)
        values (${grant.playerId}, ${template.id}, 'available', ${grant.currency},
          ${amountMinor.toString()}::bigint, ${depositMinor.toString()}::bigint,
          ${required.toString()}::bigint, ${grant.grantKey}, ${activateUntil.toISOString()}::timestamptz,
          ${now.toISOString()}::timestamptz)
        on conflict (player_id, template_id, grant_key) do nothing
        returning *`,
  );
  return row ?? null;
}

/**
 * A `free_spins` template's grant (issue #26), through the same path as every bonus (registration,
 * deposit, promo code, staff): the player's bonus starts `available` with no money yet, and its
 * pack of free spins is made in the same transaction, to be played before `activate_until`. The
 * bonus cannot be activated while the pack is being played; once it is over the bonus job settles
 * it (`settleFreespinWinnings`).
 */
async function grantFreeSpins(
  tx: Executor,
  now: Date,
  grant: {
    playerId: number;
    currency: string;
    template: TemplateRow;
    grantKey: string;
    depositMinor: bigint;
  },
): Promise<BonusRow | null> {
  const { template } = grant;
  if (!template.freespin_game || !template.freespin_count || !template.freespin_stake_minor) {
    return null;
  }
  const activateUntil = new Date(now.getTime() + template.activate_hours * 3_600_000);
  const [row] = await rowsOf<BonusRow>(
    tx,
    sql`insert into player_bonuses (player_id, template_id, status, currency, amount_minor,
          deposit_minor, required_minor, grant_key, activate_until, created_at)
        values (${grant.playerId}, ${template.id}, 'available', ${grant.currency}, 0,
          ${grant.depositMinor.toString()}::bigint, 0, ${grant.grantKey},
          ${activateUntil.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
        on conflict (player_id, template_id, grant_key) do nothing
        returning *`,
  );
  if (!row) return null;
  await grantFreespinPack(tx, {
    playerId: grant.playerId,
    bonusId: row.id,
    gameSysname: template.freespin_game,
    count: template.freespin_count,
    stakeMinor: BigInt(template.freespin_stake_minor),
    currency: grant.currency,
    expiresAt: activateUntil,
  });
  return row;
}

export async function grantTemplate(
  tx: Executor,
  now: Date,
  grant: { playerId: number; currency: string; templateId: number; grantKey: string },
): Promise<BonusRow> {
  const template = await templateById(tx, grant.templateId);
  if (!template) throw invalid('template_id', 'wrong_field', 'No such bonus template');
  if (template.kind === 'deposit_match') {
    throw invalid('template_id', 'wrong_field', 'A deposit match is granted by a deposit');
  }
  const row = await grantBonus(tx, now, { ...grant, template });
  if (!row) throw invalid('template_id', 'wrong_field', 'This bonus does not apply to the player');
  return row;
}

/**
 * A successful deposit (payments/, in the deposit's own transaction): the offer the player chose
 * (`offerCode`, the template's code) grants its bonus, once per deposit. A deposit under the
 * offer's minimum grants nothing (the deposit form said so before).
 */
export async function grantForDeposit(
  tx: Executor,
  now: Date,
  deposit: {
    playerId: number;
    paymentId: number;
    currency: string;
    amountMinor: bigint;
    offerId: number | null;
  },
): Promise<BonusRow | null> {
  if (deposit.offerId === null) return null;
  const template = await templateById(tx, deposit.offerId);
  if (!template || template.trigger !== 'deposit') return null;
  return grantBonus(tx, now, {
    playerId: deposit.playerId,
    currency: deposit.currency,
    template,
    grantKey: `deposit:${deposit.paymentId}`,
    depositMinor: deposit.amountMinor,
  });
}

/** Registration bonuses: every switched-on `registration` template of the player's currency. */
export async function grantOnRegistration(
  tx: Executor,
  now: Date,
  player: { id: number; currency: string },
): Promise<void> {
  const templates = await rowsOf<TemplateRow>(
    tx,
    sql`select * from bonus_templates where trigger = 'registration' and is_active
          and currency = ${player.currency} order by id`,
  );
  for (const template of templates) {
    await grantBonus(tx, now, {
      playerId: player.id,
      currency: player.currency,
      template,
      grantKey: 'registration',
    });
  }
}

/** The deposit offers a player may choose now (cashier/getdepositsettings, makedeposit). */
export async function depositOffers(db: Executor, currency: string): Promise<TemplateRow[]> {
  return rowsOf<TemplateRow>(
    db,
    sql`select * from bonus_templates where trigger = 'deposit' and is_active
          and currency = ${currency} order by id`,
  );
}

/** A deposit offer by id, when the player may choose it, else a typed refusal on the field. */
export async function depositOffer(
  db: Executor,
  offerId: number,
  currency: string,
): Promise<TemplateRow> {
  const template = await templateById(db, offerId);
  if (!template || template.trigger !== 'deposit' || !template.is_active) {
    throw invalid('campaign_offer_id', 'wrong_field', 'This offer is not available');
  }
  if (template.currency !== currency) {
    throw invalid('campaign_offer_id', 'wrong_field', 'This offer is not for your currency');
  }
  return template;
}

export const holdOwner = (bonusId: number) => `bonus:${bonusId}`;

// ------------------------------------------------------------------------ the player's bonuses

export interface BonusWithTerms {
  bonus: BonusRow;
  template: TemplateRow;
  hold: HoldView | null;
}

export async function playerBonuses(
  db: Executor,
  playerId: number,
  filter: { statuses: BonusStatus[]; offset: number; count: number; betting?: boolean },
): Promise<{ total: number; items: BonusWithTerms[] }> {
  // `bonuses/get` lists the casino's bonuses, `bettingbonuses/get` the free bets (§3 type).
  const kind = filter.betting
    ? sql`and t.kind = ${FREE_BET_KIND}`
    : sql`and t.kind <> ${FREE_BET_KIND}`;
  const where = sql`b.player_id = ${playerId} ${kind} ${
    filter.statuses.length > 0
      ? sql`and b.status in (${sql.join(
          filter.statuses.map((s) => sql`${s}`),
          sql`, `,
        )})`
      : sql``
  }`;
  const rows = await rowsOf<BonusRow & { template: TemplateRow }>(
    db,
    sql`select b.*, to_jsonb(t) as template from player_bonuses b
        join bonus_templates t on t.id = b.template_id
        where ${where}
        order by case b.status when 'active' then 0 when 'available' then 1 else 2 end, b.id desc
        limit ${filter.count} offset ${filter.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from player_bonuses b
        join bonus_templates t on t.id = b.template_id where ${where}`,
  );
  const holds = await wageringHolds(
    db,
    rows.map((r) => holdOwner(r.id)),
  );
  return {
    total: count!.total,
    items: rows.map(({ template, ...bonus }) => ({
      bonus,
      template,
      hold: holds.get(holdOwner(bonus.id)) ?? null,
    })),
  };
}

/**
 * The player's casino bonus, locked for this transaction; a bonus of another player, or a free
 * bet (its methods are `bettingbonuses/*`), is not found.
 */
async function lockBonus(tx: Executor, playerId: number, bonusId: number): Promise<BonusRow> {
  const [row] = await rowsOf<BonusRow>(
    tx,
    sql`select b.* from player_bonuses b
        where b.id = ${bonusId} and b.player_id = ${playerId}
          and not exists (select 1 from bonus_templates t
                          where t.id = b.template_id and t.kind = ${FREE_BET_KIND})
        for update of b`,
  );
  if (!row) throw invalid('bonus_id', 'wrong_field', 'No such bonus');
  return row;
}

function wrongStatus(row: BonusRow, action: string): ApiError {
  return new ApiError('InvalidRequest', `This bonus cannot be ${action} now`, {
    errorData: { reason: 'bonus_status', status: row.status },
  });
}

const time = (value: Date | string) => new Date(value).getTime();

/**
 * available → active: opens the wagering hold and credits the bonus money (ledger key
 * `bonus:<id>:credit:<n>`, n the activation's number). Refused when it has expired (the job
 * may not have passed yet) or another bonus is wagering.
 */
export async function activateBonus(
  tx: Executor,
  now: Date,
  playerId: number,
  bonusId: number,
): Promise<BonusRow> {
  const row = await lockBonus(tx, playerId, bonusId);
  if (row.status !== 'available') throw wrongStatus(row, 'activated');
  if (time(row.activate_until) <= now.getTime()) {
    throw new ApiError('InvalidRequest', 'This bonus has expired', {
      errorData: { reason: 'bonus_expired' },
    });
  }
  const template = (await templateById(tx, row.template_id))!;
  if (template.kind === 'free_spins') {
    // Its money is the pack's winnings: nothing to activate while spins may still be played.
    const pack = await freespinPackOfBonus(tx, row.id);
    if (pack && pack.settledAt === null) {
      throw new ApiError('InvalidRequest', 'Play your free spins first', {
        errorData: { reason: 'freespins_in_play' },
      });
    }
  }
  const activation = row.activations + 1;
  await openWageringHold(
    tx,
    {
      playerId,
      currency: row.currency,
      owner: holdOwner(row.id),
      requiredMinor: BigInt(row.required_minor),
      maxBetMinor: template.max_bet_minor === null ? null : BigInt(template.max_bet_minor),
      weights: template.weights,
      defaultWeight: template.default_weight,
      excludedGames: template.excluded_games,
    },
    {
      amountMinor: BigInt(row.amount_minor),
      idempotencyKey: `bonus:${row.id}:credit:${activation}`,
      meta: { bonus: row.id },
    },
  );
  // A bonus that needs no wagering (multiplier 0) is complete at once: the job converts it.
  if (BigInt(row.required_minor) === 0n) {
    await tx.execute(sql`
      update wagering_holds set status = 'complete' where owner = ${holdOwner(row.id)}`);
  }
  const wagerUntil = new Date(now.getTime() + template.wager_hours * 3_600_000);
  const [updated] = await rowsOf<BonusRow>(
    tx,
    sql`update player_bonuses set status = 'active', activations = ${activation},
          activated_at = ${now.toISOString()}::timestamptz,
          wager_until = ${wagerUntil.toISOString()}::timestamptz
        where id = ${row.id} returning *`,
  );
  return updated!;
}

/**
 * active → available, before any wagering: the bonus money goes back with what it has won
 * (ledger key `bonus:<id>:return:<n>`) and the bonus may be activated again while its time to activate runs.
 * Once a stake has counted or the bonus money has been played, it is refused (`bonus_in_play`):
 * the player may remove it instead.
 */
export async function deactivateBonus(
  tx: Executor,
  playerId: number,
  bonusId: number,
): Promise<void> {
  const row = await lockBonus(tx, playerId, bonusId);
  if (row.status !== 'active') throw wrongStatus(row, 'deactivated');
  await closeWageringHold(
    tx,
    holdOwner(row.id),
    { outcome: 'returned', amountMinor: BigInt(row.amount_minor) },
    `bonus:${row.id}:return:${row.activations}`,
  );
  await tx.execute(sql`
    update player_bonuses set status = 'available', wager_until = null where id = ${row.id}`);
}

/** Ends an active or available bonus: an active one's bonus balance is taken (one ledger row). */
async function endBonus(
  tx: Executor,
  now: Date,
  row: BonusRow,
  status: 'expired' | 'forfeited' | 'removed',
): Promise<bigint> {
  let taken = 0n;
  if (row.status === 'active') {
    taken =
      (await closeWageringHold(
        tx,
        holdOwner(row.id),
        { outcome: 'forfeited', reason: status },
        `bonus:${row.id}:${status}`,
      )) ?? 0n;
  }
  await tx.execute(sql`
    update player_bonuses set status = ${status}, ended_at = ${now.toISOString()}::timestamptz
    where id = ${row.id}`);
  // A free-spins bonus ended while its pack is live: no spin starts any more (its winnings so far
  // are forfeited when the job settles the pack).
  await cancelFreespinPack(tx, row.id);
  return taken;
}

/** The player removes a bonus (§2 bonus remove confirm): available or active → removed. */
export async function removeBonus(
  tx: Executor,
  now: Date,
  playerId: number,
  bonusId: number,
): Promise<void> {
  const row = await lockBonus(tx, playerId, bonusId);
  if (row.status !== 'available' && row.status !== 'active') throw wrongStatus(row, 'removed');
  await endBonus(tx, now, row, 'removed');
}

/**
 * The player's active casino bonus, if any (a withdrawal asks first). An active free bet is not
 * one: it holds no wagering and no withdrawable money, so a withdrawal leaves it alone.
 */
export async function activeBonus(tx: Executor, playerId: number): Promise<BonusRow | null> {
  const [row] = await rowsOf<BonusRow>(
    tx,
    sql`select b.* from player_bonuses b join bonus_templates t on t.id = b.template_id
        where b.player_id = ${playerId} and b.status = 'active' and t.kind <> ${FREE_BET_KIND}
        order by b.id limit 1`,
  );
  return row ?? null;
}

/**
 * A withdrawal (payments/, in its own transaction, before the money leaves): the active bonus is
 * forfeited (§2 burn-bonuses confirm) unless the player has not accepted that, which is refused
 * with `active_bonus` so the cashier asks. Answers the bonus money taken.
 */
export async function forfeitForWithdrawal(
  tx: Executor,
  now: Date,
  playerId: number,
  accepted: boolean,
): Promise<bigint> {
  const active = await activeBonus(tx, playerId);
  if (!active) return 0n;
  if (!accepted) {
    throw new ApiError('WithdrawalDeclined', 'A withdrawal forfeits your active bonus', {
      errorData: {
        reason: 'active_bonus',
        bonus_id: active.id,
      },
    });
  }
  const row = await lockBonus(tx, playerId, active.id);
  if (row.status !== 'active') return 0n;
  return endBonus(tx, now, row, 'forfeited');
}

// ------------------------------------------------------------------------ the job's steps

/**
 * One due bonus, handled in the caller's transaction, the row taken with SKIP LOCKED so two
 * platform instances never handle the same bonus (the other skips it). Answers what happened.
 */
export async function settleDueBonus(
  tx: Executor,
  now: Date,
  bonusId: number,
): Promise<'converted' | 'expired' | null> {
  const [row] = await rowsOf<BonusRow>(
    tx,
    sql`select * from player_bonuses where id = ${bonusId} for update skip locked`,
  );
  if (!row) return null;
  if (row.status === 'active') {
    // Converted first: wagering done before the deadline wins over the expiry.
    const converted = await closeWageringHold(
      tx,
      holdOwner(row.id),
      { outcome: 'converted' },
      `bonus:${row.id}:convert`,
    );
    if (converted !== null) {
      await tx.execute(sql`
        update player_bonuses set status = 'wagered', ended_at = ${now.toISOString()}::timestamptz
        where id = ${row.id}`);
      return 'converted';
    }
    if (row.wager_until !== null && time(row.wager_until) <= now.getTime()) {
      await endBonus(tx, now, row, 'expired');
      return 'expired';
    }
    return null;
  }
  if (row.status === 'available' && time(row.activate_until) <= now.getTime()) {
    // A free-spins bonus whose pack is not settled yet: the pack's settlement comes first (its
    // winnings so far are the player's bonus, not lost with the spins left).
    const pack = await freespinPackOfBonus(tx, row.id);
    if (pack && pack.settledAt === null) return null;
    await endBonus(tx, now, row, 'expired');
    return 'expired';
  }
  return null;
}

/** The bonuses that may be due now: past a deadline, or whose hold says wagering is done. */
export async function dueBonusIds(db: Executor, now: Date, completedOwners: string[]) {
  const rows = await rowsOf<{ id: number }>(
    db,
    sql`select b.id from player_bonuses b
        where ((b.status = 'available' and b.activate_until <= ${now.toISOString()}::timestamptz)
           or (b.status = 'active' and b.wager_until <= ${now.toISOString()}::timestamptz))
          -- Free bets expire through free-bets.ts (their money is the betting bonus balance).
          and not exists (select 1 from bonus_templates t
                          where t.id = b.template_id and t.kind = ${FREE_BET_KIND})
        order by b.id limit 200`,
  );
  const ids = new Set(rows.map((r) => r.id));
  for (const owner of completedOwners) {
    const id = Number(owner.slice('bonus:'.length));
    if (owner.startsWith('bonus:') && Number.isInteger(id)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

// ------------------------------------------------------------------------ cashback's payout

/**
 * A cashback paid into the bonus balance (cashback/, issue #26): the bonus engine grants the
 * amount as a bonus of kind `cashback` with `multiplier` × the amount to wager (the operator's
 * cashback terms), once per `grantKey`, and activates it at once (the money reaches the bonus
 * balance through the wallet's wagering hold) unless another bonus is wagering; then it waits as
 * `available` on /profile/bonuses, as any second bonus does. Its template is an inactive one of
 * kind `cashback` per currency and terms: no trigger (registration, deposit, code) ever grants it.
 */
export async function grantCashbackBonus(
  tx: Executor,
  now: Date,
  grant: {
    playerId: number;
    currency: string;
    amountMinor: bigint;
    wageringMultiplier: number;
    wagerHours: number;
    grantKey: string;
  },
): Promise<{ bonus: BonusRow; activated: boolean }> {
  const name = `Cashback ×${grant.wageringMultiplier}`;
  let [template] = await rowsOf<TemplateRow>(
    tx,
    sql`select * from bonus_templates where kind = 'cashback' and not is_active
          and currency = ${grant.currency} and wagering_multiplier = ${grant.wageringMultiplier}
          and wager_hours = ${grant.wagerHours} order by id limit 1`,
  );
  if (!template) {
    [template] = await rowsOf<TemplateRow>(
      tx,
      sql`insert into bonus_templates (name, description, kind, trigger, currency,
            wagering_multiplier, wagering_base, weights, default_weight, activate_hours,
            wager_hours, is_active)
          values (${name}, 'Cashback paid as bonus money.', 'cashback', 'registration',
            ${grant.currency}, ${grant.wageringMultiplier}, 'bonus',
            ${JSON.stringify({ slots: 100, table: 10, dice: 10 })}::jsonb, 0,
            ${grant.wagerHours}, ${grant.wagerHours}, false)
          returning *`,
    );
  }
  const required = requiredWagering(grant.wageringMultiplier, 'bonus', grant.amountMinor, 0n);
  const activateUntil = new Date(now.getTime() + template!.activate_hours * 3_600_000);
  await tx.execute(sql`
    insert into player_bonuses (player_id, template_id, status, currency, amount_minor,
      deposit_minor, required_minor, grant_key, activate_until, created_at)
    values (${grant.playerId}, ${template!.id}, 'available', ${grant.currency},
      ${grant.amountMinor.toString()}::bigint, 0, ${required.toString()}::bigint, ${grant.grantKey},
      ${activateUntil.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
    on conflict (player_id, template_id, grant_key) do nothing`);
  const [bonus] = await rowsOf<BonusRow>(
    tx,
    sql`select * from player_bonuses where player_id = ${grant.playerId}
          and template_id = ${template!.id} and grant_key = ${grant.grantKey}`,
  );
  if (bonus!.status !== 'available' || (await activeBonus(tx, grant.playerId))) {
    return { bonus: bonus!, activated: false };
  }
  return { bonus: await activateBonus(tx, now, grant.playerId, bonus!.id), activated: true };
}

/**
 * The bonus job's step for a free-spin pack whose spins are over (all played, expired or its
 * bonus removed), in the caller's transaction; the bonus row first, then the pack, both `FOR
 * UPDATE SKIP LOCKED` (the order every path takes: bonus, pack, wallets, hold), so two instances
 * never settle the same pack. Issue #26, our choice: the winnings become bonus money **once, when
 * the pack is over** (not per win): one bonus per pack, with one wagering requirement the player
 * can follow (the template's multiplier × the pack's winnings, its weights and max bet):
 * - nothing won: the bonus ends `wagered` (nothing is left to wager);
 * - the bonus was removed meanwhile: the winnings are forfeited (`freespin_forfeited`);
 * - otherwise the bonus gets the winnings as its amount and a new time to activate, and is
 *   activated at once (bonus money credited, wagering hold opened) unless another bonus is
 *   wagering, when it waits `available` for the player to activate it.
 */
export async function settleFreespinWinnings(
  tx: Executor,
  now: Date,
  pack: { id: number; bonusId: number },
): Promise<'activated' | 'available' | 'nothing_won' | 'forfeited' | null> {
  const [row] = await rowsOf<BonusRow>(
    tx,
    sql`select * from player_bonuses where id = ${pack.bonusId} for update skip locked`,
  );
  if (!row) return null;
  const keep = row.status === 'available';
  const settled = await settleFreespinPack(tx, now, pack.id, keep ? 'settled' : 'forfeited');
  if (!settled) return null;
  if (!keep) return 'forfeited';
  if (settled.wonMinor === 0n) {
    await tx.execute(sql`
      update player_bonuses set status = 'wagered', ended_at = ${now.toISOString()}::timestamptz
      where id = ${row.id}`);
    return 'nothing_won';
  }
  const template = (await templateById(tx, row.template_id))!;
  const required = requiredWagering(template.wagering_multiplier, 'bonus', settled.wonMinor, 0n);
  const activateUntil = new Date(now.getTime() + template.activate_hours * 3_600_000);
  await tx.execute(sql`
    update player_bonuses set amount_minor = ${settled.wonMinor.toString()}::bigint,
      required_minor = ${required.toString()}::bigint,
      activate_until = ${activateUntil.toISOString()}::timestamptz
    where id = ${row.id}`);
  if (await activeBonus(tx, row.player_id)) return 'available';
  try {
    // A savepoint: a wagering hold the engine does not know of (another domain's) refuses the
    // activation without failing the settlement.
    await tx.transaction((inner) => activateBonus(inner, now, row.player_id, row.id));
    return 'activated';
  } catch (error) {
    if (error instanceof ApiError) return 'available';
    throw error;
  }
}
