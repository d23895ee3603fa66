import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { auditedChange } from '../staff-audit.ts';
import type { ModuleHandlers } from '../handlers.ts';
import { rowsOf, type Executor } from '../../db/client.ts';
import { consume } from '../../identity/index.ts';
import type { BonusRow, TemplateRow } from '../../bonuses/index.ts';
import {
  activatePromoCode,
  createPromoCode,
  findValidPromoCode,
  listOffers,
  listPromoCodes,
  offerViewer,
  saveOffer,
  setOfferActive,
  setPromoCodeActive,
  takeOffer,
  visibleOffers,
  type Offer,
  type PromoActivation,
  type StaffOffer,
  type StaffPromoCode,
} from '../../campaigns/index.ts';
import { decimalsOf, money, unitsOrNull as units } from '../money-params.ts';

/** Checks per address in 10 minutes: enough for typing, too few to enumerate codes. */
export const PROMO_CHECKS_PER_WINDOW = 30;
const PROMO_WINDOW_MS = 10 * 60 * 1000;
/**
 * Activations tried per player in 10 minutes (§5): a player may mistype, but cannot walk a list
 * of guessed codes through `activateOffer` instead of the limited check.
 */
export const PROMO_ACTIVATIONS_PER_WINDOW = 20;

function grantedView(bonus: BonusRow, template: TemplateRow, decimals: number) {
  return {
    id: bonus.id,
    name: template.name,
    kind: template.kind,
    amount: money(bonus.amount_minor, bonus.currency, decimals),
  };
}

/**
 * What an activated code gave, as `activateOffer` answers it, and `auth/register` for the code a
 * sign-up carried (§4): the bonus granted now, or the deposit offer the code names.
 */
export async function promoActivationView(db: Executor, done: PromoActivation) {
  const decimals = await decimalsOf(db, done.template.currency);
  return {
    promo_code: done.promo_code,
    description: done.description,
    bonus: done.bonus ? grantedView(done.bonus, done.template, decimals) : null,
    offer: done.bonus
      ? null
      : {
          id: done.template.id,
          title: done.template.name,
          min_deposit: units(done.template.min_deposit_minor ?? '0', decimals)!,
        },
  };
}

function offerView(offer: Offer, decimals: number, taken: boolean) {
  const t = offer.template;
  return {
    id: t.id,
    title: offer.title,
    description: offer.description,
    trigger: {
      action: offer.action,
      params: {
        exclude_methods: offer.excludeMethods,
        user_satisfies_params: offer.satisfies as Record<string, unknown>,
      },
    },
    promotions: offer.promotions,
    kind: t.kind,
    currency: t.currency,
    min_deposit: units(t.min_deposit_minor, decimals),
    amount: units(t.amount_minor, decimals),
    percent: t.percent,
    cap: units(t.cap_minor, decimals),
    wagering_multiplier: t.wagering_multiplier,
    max_bet: units(t.max_bet_minor, decimals),
    taken,
  };
}

/** An ISO date param as a Date; a date that does not exist is a field error. */
function dateParam(field: string, value: string | undefined): Date | null {
  if (value === undefined) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new ApiError('InvalidParameter', 'Not a date', {
      invalidParameters: { [field]: ['wrong_field'] },
    });
  }
  return date;
}

const commaList = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

export const campaignsHandlers: ModuleHandlers<'campaigns'> = {
  /** §4 the promo field's check (300 ms after the last keystroke in the popup). */
  async checkPromocode(ctx, params) {
    await consume(
      ctx.app.database,
      [
        {
          key: `promo-check:ip:${ctx.ip}`,
          max: PROMO_CHECKS_PER_WINDOW,
          windowMs: PROMO_WINDOW_MS,
        },
      ],
      ctx.app.now(),
    );
    // §7 "falsy data means not found": an unknown, switched-off or expired code is a normal
    // answer (`null`), not an error; the field says "not found". (auth/register still refuses
    // such a code on its field: there it is a wrong parameter.)
    return findValidPromoCode(ctx.app, params.promo_code);
  },

  /** §7 activateOffer (promo_code): campaigns/promo-codes.ts keeps the limits (§5, §8). */
  async activateOffer(ctx, params) {
    const playerId = ctx.playerId();
    await consume(
      ctx.app.database,
      [
        {
          key: `promo-activate:player:${playerId}`,
          max: PROMO_ACTIVATIONS_PER_WINDOW,
          windowMs: PROMO_WINDOW_MS,
        },
      ],
      ctx.app.now(),
    );
    const done = await activatePromoCode(ctx.app, playerId, params.promo_code);
    return promoActivationView(ctx.app.database.db, done);
  },

  /** §7 getoffers: every offer for a visitor, the satisfied ones of their currency for a player. */
  async getoffers(ctx) {
    const db = ctx.app.database.db;
    const playerId = ctx.session?.playerId ?? null;
    const viewer = playerId === null ? null : await offerViewer(db, playerId);
    const offers = await visibleOffers(db, ctx.app.now(), viewer);
    const taken = new Set(
      playerId === null
        ? []
        : (
            await rowsOf<{ template_id: number }>(
              db,
              sql`select template_id from campaign_offer_takes where player_id = ${playerId}`,
            )
          ).map((row) => row.template_id),
    );
    const items = [];
    for (const offer of offers) {
      const decimals = await decimalsOf(db, offer.template.currency);
      items.push(offerView(offer, decimals, taken.has(offer.template.id)));
    }
    return { total: items.length, items };
  },

  /** §7 takepromotions (offer_id). */
  async takepromotions(ctx, params) {
    const db = ctx.app.database.db;
    const result = await takeOffer(db, ctx.app.now(), ctx.playerId(), params.offer_id);
    const decimals = await decimalsOf(db, result.template.currency);
    return {
      action: result.action,
      offer_id: result.template.id,
      bonus: result.bonus ? grantedView(result.bonus, result.template, decimals) : null,
    };
  },

  async staffcreatepromocode(ctx, params) {
    const input = {
      code: params.code,
      description: params.description ?? null,
      templateId: params.template_id ?? null,
      validFrom: dateParam('valid_from', params.valid_from),
      validUntil: dateParam('valid_until', params.valid_until),
      maxUses: params.max_uses ?? null,
      maxUsesPerPlayer: params.max_uses_per_player ?? 1,
      newPlayersOnly: params.new_players_only ?? false,
    };
    return auditedChange(ctx, { type: 'promo_code' }, async (tx) => {
      const row = await createPromoCode(tx, input);
      return {
        result: { id: row.id, code: row.code },
        subjectId: row.id,
        before: null,
        after: { ...params, code: row.code },
      };
    });
  },

  async staffsaveoffer(ctx, params) {
    const input = {
      templateId: params.template_id,
      title: params.title,
      description: params.description ?? '',
      excludeMethods: commaList(params.exclude_methods),
      satisfies: params.first_deposit ? { first_deposit: true } : {},
      promotions: commaList(params.promotions),
      validUntil: dateParam('valid_until', params.valid_until),
    };
    return auditedChange(ctx, { type: 'offer', id: params.template_id }, async (tx) => {
      await saveOffer(tx, input);
      return { result: 1 as const, before: null, after: { ...params } };
    });
  },

  async stafflistpromocodes(ctx, params) {
    const page = await listPromoCodes(ctx.app.database.db, {
      query: params.query ?? null,
      offset: params.offset ?? 0,
      count: params.count ?? 50,
    });
    return { total: page.total, items: page.items.map(staffPromoCodeView) };
  },

  async staffsetpromocodeactive(ctx, params) {
    return auditedChange(ctx, { type: 'promo_code', id: params.id }, async (tx) => {
      const { before, after } = await setPromoCodeActive(tx, params.id, params.is_active);
      const view = staffPromoCodeView(after);
      return {
        result: view,
        before: { is_active: before.isActive },
        after: { code: after.code, is_active: after.isActive },
      };
    });
  },

  async stafflistoffers(ctx) {
    return (await listOffers(ctx.app.database.db)).map(staffOfferView);
  },

  async staffsetofferactive(ctx, params) {
    return auditedChange(ctx, { type: 'offer', id: params.template_id }, async (tx) => {
      const { before, after } = await setOfferActive(tx, params.template_id, params.is_active);
      return {
        result: staffOfferView(after),
        before: { is_active: before.isActive },
        after: { title: after.title, is_active: after.isActive },
      };
    });
  },
};

const isoOrNull = (at: Date | null) => (at === null ? null : at.toISOString());

function staffPromoCodeView(row: StaffPromoCode) {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    is_active: row.isActive,
    valid_from: isoOrNull(row.validFrom),
    valid_until: isoOrNull(row.validUntil),
    template_id: row.templateId,
    max_uses: row.maxUses,
    max_uses_per_player: row.maxUsesPerPlayer,
    new_players_only: row.newPlayersOnly,
    uses: row.uses,
    created_at: row.createdAt.toISOString(),
  };
}

function staffOfferView(row: StaffOffer) {
  return {
    template_id: row.templateId,
    title: row.title,
    description: row.description,
    exclude_methods: row.excludeMethods,
    first_deposit: row.firstDeposit,
    promotions: row.promotions,
    is_active: row.isActive,
    valid_until: isoOrNull(row.validUntil),
    created_at: row.createdAt.toISOString(),
  };
}
