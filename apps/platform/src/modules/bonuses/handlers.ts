import { auditedChange } from '../staff-audit.ts';
import type { ModuleHandlers } from '../handlers.ts';
import {
  activateBonus,
  createTemplate,
  deactivateBonus,
  grantTemplate,
  listTemplates,
  playerBonuses,
  progressPercent,
  removeBonus,
  type BonusWithTerms,
  type TemplateRow,
} from '../../bonuses/index.ts';
import { findPlayer } from '../../identity/index.ts';
import { gameNamesOf } from '../../games/index.ts';
import { freespinPacksOfBonuses, type FreespinPack } from '../../wallet/index.ts';
import {
  decimalsOf,
  iso,
  knownCurrencyDecimals,
  money,
  optionalMinorOf,
  staffTargetPlayer,
  unitsOrNull,
} from '../money-params.ts';

/** §7 Bonuses (issue #26): thin handlers over bonuses/'s door. */

/** A free-spins bonus's pack as the page shows it while it is in play (issue #26). */
function packView(pack: FreespinPack, gameName: string | null, decimals: number) {
  return {
    game: { sysname: pack.gameSysname, name: gameName },
    total_count: pack.totalCount,
    remaining_count: pack.remainingCount,
    stake: money(BigInt(pack.stakeMinor), pack.currency, decimals),
    won: money(BigInt(pack.wonMinor), pack.currency, decimals),
    status: pack.status,
    settled: pack.settledAt !== null,
  };
}

function bonusView(
  { bonus, template, hold }: BonusWithTerms,
  decimals: number,
  pack: ReturnType<typeof packView> | null = null,
) {
  const required = BigInt(bonus.required_minor);
  // Progress is the hold's while it lives; a converted bonus shows it done; an ended one what it had.
  const raw = hold ? hold.progressMinor : 0n;
  const done = bonus.status === 'wagered' ? required : raw > required ? required : raw;
  const c = bonus.currency;
  return {
    id: bonus.id,
    type: 'casino' as const,
    // playerBonuses lists casino bonuses only here: `used` is a free bet's (bettingbonuses/).
    status: bonus.status as Exclude<typeof bonus.status, 'used'>,
    name: template.name,
    description: template.description,
    kind: template.kind,
    amount: money(bonus.amount_minor, c, decimals),
    deposit: BigInt(bonus.deposit_minor) > 0n ? money(bonus.deposit_minor, c, decimals) : null,
    wagering: {
      multiplier: template.wagering_multiplier,
      base: template.wagering_base,
      required: money(required, c, decimals),
      done: money(done, c, decimals),
      percent: progressPercent(done, required),
    },
    weights: Object.entries(template.weights)
      .map(([category, percent]) => ({ category, percent }))
      .sort((a, b) => b.percent - a.percent || a.category.localeCompare(b.category)),
    default_weight: template.default_weight,
    excluded_games: template.excluded_games,
    max_bet: template.max_bet_minor === null ? null : money(template.max_bet_minor, c, decimals),
    activate_until: iso(bonus.activate_until),
    wager_until: bonus.wager_until === null ? null : iso(bonus.wager_until),
    created_at: iso(bonus.created_at),
    free_spins: pack,
  };
}

function templateView(t: TemplateRow, decimals: number) {
  const units = (minor: string | null) => unitsOrNull(minor, decimals);
  return {
    id: t.id,
    name: t.name,
    description: t.description,
    kind: t.kind,
    trigger: t.trigger,
    code: t.code,
    currency: t.currency,
    min_deposit: units(t.min_deposit_minor),
    amount: units(t.amount_minor),
    percent: t.percent,
    cap: units(t.cap_minor),
    wagering_multiplier: t.wagering_multiplier,
    wagering_base: t.wagering_base,
    weights: t.weights,
    default_weight: t.default_weight,
    excluded_games: t.excluded_games,
    max_bet: units(t.max_bet_minor),
    activate_hours: t.activate_hours,
    wager_hours: t.wager_hours,
    freespin_game: t.freespin_game,
    freespin_count: t.freespin_count,
    freespin_stake: units(t.freespin_stake_minor),
    min_odds: t.min_odds === null ? null : Number(t.min_odds).toFixed(2),
    is_active: t.is_active,
  };
}

export const bonusesHandlers: ModuleHandlers<'bonuses'> = {
  async get(ctx, params) {
    const db = ctx.app.database.db;
    const player = await findPlayer(db, ctx.playerId());
    const decimals = await decimalsOf(db, player.currency);
    const page = await playerBonuses(db, player.id, {
      statuses: params.status ?? [],
      offset: params.offset ?? 0,
      count: params.count ?? 20,
    });
    // A free-spins bonus is worth what its spins win: zero while they are played. Its pack (the
    // spins left, their stake, the game) is what the player needs to see (issue #26).
    const spinIds = page.items
      .filter((item) => item.template.kind === 'free_spins')
      .map((item) => item.bonus.id);
    const packs = await freespinPacksOfBonuses(db, spinIds);
    const names = await gameNamesOf(
      ctx.app,
      [...packs.values()].map((pack) => pack.gameSysname),
    );
    const items = page.items.map((item) => {
      const pack = packs.get(item.bonus.id);
      const view = pack ? packView(pack, names.get(pack.gameSysname) ?? null, decimals) : null;
      return bonusView(item, decimals, view);
    });
    return { total: page.total, items };
  },

  async activate(ctx, params) {
    const db = ctx.app.database.db;
    await db.transaction((tx) => activateBonus(tx, ctx.app.now(), ctx.playerId(), params.bonus_id));
    return 1 as const;
  },

  async deactivate(ctx, params) {
    const db = ctx.app.database.db;
    await db.transaction((tx) => deactivateBonus(tx, ctx.playerId(), params.bonus_id));
    return 1 as const;
  },

  async remove(ctx, params) {
    const db = ctx.app.database.db;
    await db.transaction((tx) => removeBonus(tx, ctx.app.now(), ctx.playerId(), params.bonus_id));
    return 1 as const;
  },

  async staffcreatetemplate(ctx, params) {
    const db = ctx.app.database.db;
    const d = await knownCurrencyDecimals(db, params.currency);
    return auditedChange(ctx, { type: 'bonus_template' }, async (tx) => {
      const row = await createTemplate(tx, {
        name: params.name,
        description: params.description ?? '',
        kind: params.kind,
        trigger: params.trigger,
        code: params.code ?? null,
        currency: params.currency,
        minDepositMinor: optionalMinorOf('min_deposit', params.min_deposit, d),
        amountMinor: optionalMinorOf('amount', params.amount, d),
        percent: params.percent ?? null,
        capMinor: optionalMinorOf('cap', params.cap, d),
        wageringMultiplier: params.wagering_multiplier,
        wageringBase: params.wagering_base ?? 'bonus',
        weights: params.weights ?? {},
        defaultWeight: params.default_weight ?? 0,
        excludedGames: (params.excluded_games ?? '')
          .split(',')
          .map((g) => g.trim())
          .filter(Boolean),
        maxBetMinor: optionalMinorOf('max_bet', params.max_bet, d),
        activateHours: params.activate_hours,
        wagerHours: params.wager_hours,
        freespinGame: params.freespin_game ?? null,
        freespinCount: params.freespin_count ?? null,
        freespinStakeMinor: optionalMinorOf('freespin_stake', params.freespin_stake, d),
        minOdds: params.min_odds ?? null,
      });
      const view = templateView(row, d);
      return { result: view, subjectId: row.id, before: null, after: view };
    });
  },

  async stafflisttemplates(ctx, params) {
    const db = ctx.app.database.db;
    const page = await listTemplates(db, { offset: params.offset ?? 0, count: params.count ?? 50 });
    const items = [];
    for (const t of page.items) items.push(templateView(t, await decimalsOf(db, t.currency)));
    return { total: page.total, items };
  },

  async staffgrant(ctx, params) {
    const db = ctx.app.database.db;
    const player = await staffTargetPlayer(db, params.player_id);
    return auditedChange(ctx, { type: 'bonus', playerId: player.id }, async (tx) => {
      const row = await grantTemplate(tx, ctx.app.now(), {
        playerId: player.id,
        currency: player.currency,
        templateId: params.template_id,
        grantKey: `staff:${ctx.staff!.id}:${ctx.app.now().getTime()}`,
      });
      return {
        result: { id: row.id },
        subjectId: row.id,
        before: null,
        after: { template_id: params.template_id, bonus_id: row.id },
      };
    });
  },
};
