import { ApiError } from '@northstar/errors';
import type { ModuleHandlers } from '../handlers.ts';
import { auditedChange } from '../staff-audit.ts';
import { playerById, updateProfile } from '../../identity/index.ts';
import {
  allPrograms,
  allProducts,
  buyProduct,
  characterById,
  characterPage,
  discountedPrice,
  levelFor,
  levelTable,
  loyaltyAccountOf,
  pointsHistory,
  programBySysname,
  programs,
  progressOf,
  products,
  saveLevel,
  setProductActive,
  setProgramActive,
  takeUnseen,
  type Character,
  type LevelDef,
  type ProductRow,
  type ProgramRow,
} from '../../loyalty/index.ts';
import { templateByCode } from '../../bonuses/index.ts';
import type { Executor } from '../../db/client.ts';
import { fromMinor } from '../../wallet/index.ts';

const characterView = (c: Character) => ({
  id: c.id,
  sysname: c.sysname,
  name: c.name,
  image_url: c.imageUrl,
});

const levelView = (l: LevelDef) => ({
  level: l.level,
  name: l.name,
  points_from: Number(l.pointsFrom),
  cashback_percent: l.cashbackPercent,
  shop_discount_percent: l.shopDiscountPercent,
  image_url: l.imageUrl,
});

const invalid = (field: string, message: string) =>
  new ApiError('InvalidParameter', message, { invalidParameters: { [field]: ['wrong_field'] } });

function programView(
  p: ProgramRow,
  progress: { progress: bigint; completedAt: Date | null; rewardStatus: string | null } | null,
) {
  const target = Number(p.target);
  return {
    id: p.id,
    sysname: p.sysname,
    title: p.title,
    description: p.description,
    image_url: p.imageUrl,
    kind: p.kind,
    category: p.category,
    target,
    period: p.period,
    reward: {
      type: p.rewardType,
      amount:
        p.rewardType === 'points'
          ? String(p.rewardPoints ?? 0)
          : p.rewardType === 'cash' && p.rewardAmountMinor !== null
            ? fromMinor(p.rewardAmountMinor, 2)
            : null,
    },
    min_level: p.minLevel,
    starts_at: p.startsAt?.toISOString() ?? null,
    ends_at: p.endsAt?.toISOString() ?? null,
    progress: progress
      ? {
          value: Number(progress.progress),
          percent:
            target > 0
              ? Math.min(100, Math.floor((Number(progress.progress) * 100) / target))
              : 100,
          completed: progress.completedAt !== null,
          reward_status: progress.rewardStatus,
        }
      : null,
  };
}

/** A product as the player sees it: their price and the refusal buying would meet, if any. */
async function productView(
  db: Executor,
  p: ProductRow,
  player: { currency: string; level: number; points: number; discount: number } | null,
) {
  const price = player ? discountedPrice(p.pricePoints, player.discount) : p.pricePoints;
  let amount: string | null = null;
  let available = true;
  if (p.type === 'cash') {
    amount = p.amountMinor === null ? null : fromMinor(p.amountMinor, 2);
    if (player) available = p.currency === player.currency;
  } else if (p.templateCode) {
    const template = await templateByCode(
      db,
      p.templateCode,
      player?.currency ?? p.currency ?? 'EUR',
    );
    if (template?.kind === 'free_spins') amount = String(template.freespin_count ?? '');
    else if (template?.amount_minor) amount = fromMinor(BigInt(template.amount_minor), 2);
    available = template !== null;
  }
  const refusal = !player
    ? null
    : !available
      ? ('product_unavailable' as const)
      : player.level < p.minLevel
        ? ('level_too_low' as const)
        : player.points < price
          ? ('insufficient_points' as const)
          : null;
  return {
    id: p.id,
    sysname: p.sysname,
    title: p.title,
    description: p.description,
    image_url: p.imageUrl,
    type: p.type,
    list_price: p.pricePoints,
    price,
    amount: amount === '' ? null : amount,
    currency: p.type === 'cash' ? p.currency : null,
    min_level: p.minLevel,
    refusal,
    can_buy: player !== null && refusal === null,
  };
}

/** §7 Loyalty (issues #23, #27): the loyalty domain's door answers every method. */
export const loyaltyHandlers: ModuleHandlers<'loyalty'> = {
  async getcharacters(ctx, params) {
    const offset = params.offset ?? 0;
    const limit = params.limit ?? 20;
    const { rows, total } = await characterPage(ctx.app.database.db, offset, limit);
    return { items: rows.map(characterView), offset, limit, total };
  },

  async setcharacter(ctx, params) {
    const db = ctx.app.database.db;
    const playerId = ctx.playerId();
    const character = await characterById(db, params.id);
    if (!character) throw invalid('id', 'No such character');
    await updateProfile(db, playerId, { characterId: character.id });
    return 1 as const;
  },

  async getinfo(ctx) {
    const db = ctx.app.database.db;
    const playerId = ctx.playerId();
    const account = await loyaltyAccountOf(db, playerId);
    const characterId = (await playerById(db, playerId))?.characterId ?? null;
    const character = characterId === null ? null : await characterById(db, characterId);
    const levels = await levelTable(db);
    const standing = levelFor(levels, account.lifetimePoints);
    // The level reached stays (points.ts): the account's, when above what lifetime points say.
    const current = levels.find((l) => l.level === account.level) ?? standing.current;
    const { next, toNext, percent } =
      current.level === standing.current.level ? standing : levelFor(levels, current.pointsFrom);
    return {
      id: playerId,
      uid: playerId,
      is_active: account.isActive,
      points: account.points,
      character: character ? characterView(character) : null,
      levels: levels.map(levelView),
      pointsAlias: 'points',
      lifetime_points: Number(account.lifetimePoints),
      level: levelView(current),
      next_level: next ? levelView(next) : null,
      points_to_next: Number(toNext),
      progress: percent,
    };
  },

  async getlevels(ctx) {
    const items = (await levelTable(ctx.app.database.db)).map(levelView);
    return { items, total: items.length };
  },

  async getnotifications(ctx) {
    const items = await takeUnseen(ctx.app.database.db, ctx.playerId(), ctx.locale, ctx.app.now());
    return { items, total: items.length };
  },

  async getPrograms(ctx) {
    const db = ctx.app.database.db;
    const list = await programs(db);
    const playerId = ctx.session?.playerId ?? null;
    const progress = playerId === null ? null : await progressOf(db, playerId, list, ctx.app.now());
    const items = list.map((p) => programView(p, progress?.get(p.id) ?? null));
    return { items, total: items.length };
  },

  async getProgram(ctx, params) {
    const db = ctx.app.database.db;
    const program = await programBySysname(db, params.sysname);
    if (!program) throw invalid('sysname', 'No such programme');
    const playerId = ctx.session?.playerId ?? null;
    const progress =
      playerId === null ? null : await progressOf(db, playerId, [program], ctx.app.now());
    return programView(program, progress?.get(program.id) ?? null);
  },

  async getproducts(ctx) {
    const db = ctx.app.database.db;
    const playerId = ctx.session?.playerId ?? null;
    let player = null;
    if (playerId !== null) {
      const account = await loyaltyAccountOf(db, playerId);
      const row = await playerById(db, playerId);
      const level = (await levelTable(db)).find((l) => l.level === account.level);
      player = {
        currency: row!.currency,
        level: account.level,
        points: account.points,
        discount: level?.shopDiscountPercent ?? 0,
      };
    }
    const list = await products(db);
    const items = await Promise.all(list.map((p) => productView(db, p, player)));
    return { items, total: items.length };
  },

  async buyproduct(ctx, params) {
    return buyProduct(
      ctx.app.database.db,
      ctx.app.now(),
      ctx.playerId(),
      params.product_id,
      params.request_id ?? null,
    );
  },

  async gethistory(ctx, params) {
    const offset = params.offset ?? 0;
    const count = params.count ?? 20;
    const { rows, total } = await pointsHistory(ctx.app.database.db, ctx.playerId(), offset, count);
    return {
      items: rows.map(({ id, kind, delta, balance_after, created_at, title }) => ({
        id,
        kind,
        delta,
        balance_after,
        created_at,
        title,
      })),
      total,
    };
  },

  // The back office's loyalty methods (issue #30).
  async staffsavelevel(ctx, params) {
    return auditedChange(ctx, { type: 'loyalty_level', id: params.level }, async (tx) => {
      const { before, after } = await saveLevel(tx, {
        level: params.level,
        name: params.name,
        pointsFrom: BigInt(params.points_from),
        cashbackPercent: params.cashback_percent,
        shopDiscountPercent: params.shop_discount_percent,
      });
      const view = levelView(after);
      return { result: view, before: before ? levelView(before) : null, after: view };
    });
  },

  async stafflistprograms(ctx) {
    return (await allPrograms(ctx.app.database.db)).map(staffProgramView);
  },

  async staffsetprogramactive(ctx, params) {
    return auditedChange(ctx, { type: 'loyalty_program', id: params.id }, async (tx) => {
      const { before, program } = await setProgramActive(tx, params.id, params.is_active);
      return {
        result: staffProgramView(program),
        before: { is_active: before },
        after: { sysname: program.sysname, is_active: program.isActive },
      };
    });
  },

  async stafflistproducts(ctx) {
    return (await allProducts(ctx.app.database.db)).map(staffProductView);
  },

  async staffsetproductactive(ctx, params) {
    return auditedChange(ctx, { type: 'loyalty_product', id: params.id }, async (tx) => {
      const { before, product } = await setProductActive(tx, params.id, params.is_active);
      return {
        result: staffProductView(product),
        before: { is_active: before },
        after: { sysname: product.sysname, is_active: product.isActive },
      };
    });
  },
};

/** An amount of the site's currencies (2 decimals, as the player's views show them). */
const cash = (minor: bigint | null, currency: string | null) =>
  minor === null || currency === null ? null : { amount: fromMinor(minor, 2), currency };

function staffProgramView(p: ProgramRow) {
  return {
    id: p.id,
    sysname: p.sysname,
    title: p.title,
    kind: p.kind,
    category: p.category,
    target: p.target.toString(),
    period: p.period,
    reward: {
      type: p.rewardType,
      points: p.rewardPoints,
      template_code: p.rewardTemplateCode,
      amount: cash(p.rewardAmountMinor, p.rewardCurrency),
    },
    min_level: p.minLevel,
    starts_at: p.startsAt?.toISOString() ?? null,
    ends_at: p.endsAt?.toISOString() ?? null,
    is_active: p.isActive,
  };
}

function staffProductView(p: ProductRow) {
  return {
    id: p.id,
    sysname: p.sysname,
    title: p.title,
    price_points: p.pricePoints,
    type: p.type,
    template_code: p.templateCode,
    amount: cash(p.amountMinor, p.currency),
    min_level: p.minLevel,
    is_active: p.isActive,
  };
}
