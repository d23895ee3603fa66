import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { rowsOf, type Executor } from '../db/client.ts';

/**
 * Campaigns as the back office manages them (issue #30): every promo code with its limits and
 * how often it was used, every offer, and switching either off or on again. A switched-off code
 * or offer stays on record (activations and takes name it); players simply no longer see it.
 */

export interface StaffPromoCode {
  id: number;
  code: string;
  description: string | null;
  isActive: boolean;
  validFrom: Date | null;
  validUntil: Date | null;
  templateId: number | null;
  maxUses: number | null;
  maxUsesPerPlayer: number;
  newPlayersOnly: boolean;
  uses: number;
  createdAt: Date;
}

interface PromoCodeRow {
  id: number;
  code: string;
  description: string | null;
  is_active: boolean;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  template_id: number | null;
  max_uses: number | null;
  max_uses_per_player: number;
  new_players_only: boolean;
  uses: number;
  created_at: Date | string;
}

const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

function promoCodeOf(row: PromoCodeRow): StaffPromoCode {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    isActive: row.is_active,
    validFrom: dateOrNull(row.valid_from),
    validUntil: dateOrNull(row.valid_until),
    templateId: row.template_id,
    maxUses: row.max_uses,
    maxUsesPerPlayer: row.max_uses_per_player,
    newPlayersOnly: row.new_players_only,
    uses: row.uses,
    createdAt: new Date(row.created_at),
  };
}

/** Promo codes, newest first; `query` finds a code by part of it (case does not matter). */
export async function listPromoCodes(
  db: Executor,
  filter: { query: string | null; offset: number; count: number },
): Promise<{ total: number; items: StaffPromoCode[] }> {
  const where = filter.query
    ? sql`where code like ${`%${filter.query.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`}`
    : sql``;
  const rows = await rowsOf<PromoCodeRow>(
    db,
    sql`select * from promo_codes ${where} order by id desc
        limit ${filter.count} offset ${filter.offset}`,
  );
  const [count] = await rowsOf<{ total: number }>(
    db,
    sql`select count(*)::int as total from promo_codes ${where}`,
  );
  return { total: count!.total, items: rows.map(promoCodeOf) };
}

/** Switches a code on or off; before and after for the audit row. Unknown: a field error. */
export async function setPromoCodeActive(
  db: Executor,
  id: number,
  active: boolean,
): Promise<{ before: StaffPromoCode; after: StaffPromoCode }> {
  const [before] = await rowsOf<PromoCodeRow>(
    db,
    sql`select * from promo_codes where id = ${id} for update`,
  );
  if (!before) {
    throw new ApiError('InvalidParameter', 'No such promo code', {
      invalidParameters: { id: ['wrong_field'] },
    });
  }
  const [after] = await rowsOf<PromoCodeRow>(
    db,
    sql`update promo_codes set is_active = ${active} where id = ${id} returning *`,
  );
  return { before: promoCodeOf(before), after: promoCodeOf(after!) };
}

export interface StaffOffer {
  templateId: number;
  title: string;
  description: string;
  excludeMethods: string[];
  firstDeposit: boolean;
  promotions: string[];
  isActive: boolean;
  validUntil: Date | null;
  createdAt: Date;
}

interface OfferRow {
  template_id: number;
  title: string;
  description: string;
  exclude_methods: string[];
  user_satisfies_params: { first_deposit?: boolean };
  promotions: string[];
  is_active: boolean;
  valid_until: Date | string | null;
  created_at: Date | string;
}

function offerOf(row: OfferRow): StaffOffer {
  return {
    templateId: row.template_id,
    title: row.title,
    description: row.description,
    excludeMethods: row.exclude_methods,
    firstDeposit: row.user_satisfies_params.first_deposit === true,
    promotions: row.promotions,
    isActive: row.is_active,
    validUntil: dateOrNull(row.valid_until),
    createdAt: new Date(row.created_at),
  };
}

/** Every offer an operator saved, newest first (an offer is one per template). */
export async function listOffers(db: Executor): Promise<StaffOffer[]> {
  const rows = await rowsOf<OfferRow>(
    db,
    sql`select * from campaign_offers order by created_at desc, template_id desc`,
  );
  return rows.map(offerOf);
}

/** Switches an offer on or off; before and after for the audit row. Unknown: a field error. */
export async function setOfferActive(
  db: Executor,
  templateId: number,
  active: boolean,
): Promise<{ before: StaffOffer; after: StaffOffer }> {
  const [before] = await rowsOf<OfferRow>(
    db,
    sql`select * from campaign_offers where template_id = ${templateId} for update`,
  );
  if (!before) {
    throw new ApiError('InvalidParameter', 'No offer over this template', {
      invalidParameters: { template_id: ['wrong_field'] },
    });
  }
  const [after] = await rowsOf<OfferRow>(
    db,
    sql`update campaign_offers set is_active = ${active} where template_id = ${templateId}
        returning *`,
  );
  return { before: offerOf(before), after: offerOf(after!) };
}
