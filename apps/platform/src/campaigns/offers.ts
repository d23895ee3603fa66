import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { rowsOf, type Executor } from '../db/client.ts';
import {
  grantTemplate,
  listTemplates,
  templateById,
  type BonusRow,
  type TemplateRow,
} from '../bonuses/index.ts';
import { findPlayer } from '../identity/index.ts';
import { hasSuccessfulDeposit } from '../payments/index.ts';
import { isSelfExcluded } from '../responsible/index.ts';

/**
 * Offers (§3 Offers; issue #26): what the site offers over a bonus template. Every switched-on
 * template with a deposit trigger is a deposit offer (the deposit form's list); an operator's
 * `campaign_offers` row adds its title, its trigger params and its promotions, and makes a
 * template with the `offer` trigger one a player takes with `takepromotions`.
 *
 * §6 "Deposit offers show to visitors or to users who satisfy the trigger params": a visitor
 * sees every offer (in every currency); a player only the offers of their currency whose
 * `user_satisfies_params` they satisfy.
 */

/** `user_satisfies_params` an operator may set: `first_deposit`: before the first deposit only. */
export interface SatisfiesParams {
  first_deposit?: boolean;
}

interface OfferRow {
  template_id: number;
  title: string;
  description: string;
  exclude_methods: string[];
  user_satisfies_params: SatisfiesParams;
  promotions: string[];
  is_active: boolean;
  valid_until: Date | string | null;
}

export interface Offer {
  template: TemplateRow;
  title: string;
  description: string;
  /** §3 trigger.action: `deposit` (taken with a deposit) or `take` (`takepromotions`). */
  action: 'deposit' | 'take';
  excludeMethods: string[];
  satisfies: SatisfiesParams;
  promotions: string[];
}

export interface OfferViewer {
  playerId: number;
  currency: string;
  /** No successful deposit yet. */
  firstDeposit: boolean;
}

export async function offerViewer(db: Executor, playerId: number): Promise<OfferViewer> {
  const player = await findPlayer(db, playerId);
  return {
    playerId,
    currency: player.currency,
    firstDeposit: !(await hasSuccessfulDeposit(db, playerId)),
  };
}

function satisfied(params: SatisfiesParams, viewer: OfferViewer): boolean {
  if (params.first_deposit === true && !viewer.firstDeposit) return false;
  return true;
}

/** Every live offer, each with its own rows: templates (bonuses/) joined to ours. */
async function allOffers(db: Executor, now: Date): Promise<Offer[]> {
  const rows = await rowsOf<OfferRow>(db, sql`select * from campaign_offers`);
  const byTemplate = new Map(rows.map((row) => [row.template_id, row]));
  const { items } = await listTemplates(db, { offset: 0, count: 1000 });
  const offers: Offer[] = [];
  for (const template of items) {
    if (!template.is_active) continue;
    const row = byTemplate.get(template.id);
    const action = template.trigger === 'deposit' ? 'deposit' : 'take';
    // A template that is not a deposit offer is an offer only when the operator made it one.
    if (action === 'take' && (!row || template.trigger !== 'offer')) continue;
    if (row && !row.is_active) continue;
    if (row?.valid_until && new Date(row.valid_until).getTime() <= now.getTime()) continue;
    offers.push({
      template,
      title: row?.title ?? template.name,
      description: row?.description || template.description,
      action,
      excludeMethods: row?.exclude_methods ?? [],
      satisfies: row?.user_satisfies_params ?? {},
      promotions: row?.promotions ?? [],
    });
  }
  return offers;
}

/** The offers a visitor (null) or a player may see now. */
export async function visibleOffers(
  db: Executor,
  now: Date,
  viewer: OfferViewer | null,
): Promise<Offer[]> {
  const offers = await allOffers(db, now);
  if (!viewer) return offers;
  return offers.filter(
    (offer) => offer.template.currency === viewer.currency && satisfied(offer.satisfies, viewer),
  );
}

/** The deposit form's offers (cashier/getdepositsettings): the player's deposit offers. */
export async function depositOffersFor(
  db: Executor,
  now: Date,
  viewer: OfferViewer,
): Promise<Offer[]> {
  return (await visibleOffers(db, now, viewer)).filter((offer) => offer.action === 'deposit');
}

function offerRefusal(message: string): ApiError {
  return new ApiError('InvalidParameter', message, {
    invalidParameters: { campaign_offer_id: ['wrong_field'] },
  });
}

/**
 * `campaign_offer_id` of a deposit (cashier/makedeposit): a deposit offer this player may take
 * with this method, else a field error on `campaign_offer_id` (§8). Answers the template.
 */
export async function depositOfferFor(
  db: Executor,
  now: Date,
  viewer: OfferViewer,
  offerId: number,
  method: string,
): Promise<TemplateRow> {
  const offer = (await depositOffersFor(db, now, viewer)).find((o) => o.template.id === offerId);
  if (!offer) throw offerRefusal('This offer is not available');
  if (offer.excludeMethods.includes(method)) {
    throw offerRefusal('This offer does not apply to this payment method');
  }
  return offer.template;
}

export type TakeResult =
  | { action: 'deposit'; template: TemplateRow; bonus: null }
  | { action: 'take'; template: TemplateRow; bonus: BonusRow };

/**
 * `takepromotions` (offer_id): a deposit offer is taken with a deposit, so it answers where to go
 * (nothing is granted); a `take` offer grants its bonus once per player (a unique row per offer
 * and player, in the grant's transaction: a double click grants once). A self-excluded player
 * is given no bonus.
 */
export async function takeOffer(
  db: Executor,
  now: Date,
  playerId: number,
  offerId: number,
): Promise<TakeResult> {
  const refused = (code: string, message: string) =>
    new ApiError('InvalidParameter', message, { invalidParameters: { offer_id: [code] } });
  const viewer = await offerViewer(db, playerId);
  const offer = (await visibleOffers(db, now, viewer)).find((o) => o.template.id === offerId);
  if (!offer) throw refused('wrong_field', 'This offer is not available');
  if (offer.action === 'deposit')
    return { action: 'deposit', template: offer.template, bonus: null };
  if (await isSelfExcluded(db, playerId, now)) {
    throw refused('offer_unavailable', 'This offer is not available to your account');
  }
  return db.transaction(async (tx) => {
    const [take] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into campaign_offer_takes (template_id, player_id, created_at)
          values (${offerId}, ${playerId}, ${now.toISOString()}::timestamptz)
          on conflict (template_id, player_id) do nothing returning id`,
    );
    if (!take) throw refused('offer_taken', 'You have already taken this offer');
    const bonus = await grantTemplate(tx, now, {
      playerId,
      currency: viewer.currency,
      templateId: offerId,
      grantKey: `offer:${offerId}`,
    });
    await tx.execute(
      sql`update campaign_offer_takes set bonus_id = ${bonus.id} where id = ${take.id}`,
    );
    return { action: 'take' as const, template: offer.template, bonus };
  });
}

export interface OfferInput {
  templateId: number;
  title: string;
  description: string;
  excludeMethods: string[];
  satisfies: SatisfiesParams;
  promotions: string[];
  validUntil: Date | null;
}

/** A staff member makes a template an offer, or changes its offer (one row per template). */
export async function saveOffer(db: Executor, input: OfferInput): Promise<void> {
  const template = await templateById(db, input.templateId);
  if (!template) {
    throw new ApiError('InvalidParameter', 'No such bonus template', {
      invalidParameters: { template_id: ['wrong_field'] },
    });
  }
  if (template.trigger !== 'deposit' && template.trigger !== 'offer') {
    throw new ApiError('InvalidParameter', 'An offer’s template has a deposit or offer trigger', {
      invalidParameters: { template_id: ['wrong_field'] },
    });
  }
  await db.execute(sql`
    insert into campaign_offers (template_id, title, description, exclude_methods,
      user_satisfies_params, promotions, valid_until)
    values (${input.templateId}, ${input.title}, ${input.description},
      ${JSON.stringify(input.excludeMethods)}::jsonb, ${JSON.stringify(input.satisfies)}::jsonb,
      ${JSON.stringify(input.promotions)}::jsonb,
      ${input.validUntil?.toISOString() ?? null}::timestamptz)
    on conflict (template_id) do update set title = excluded.title,
      description = excluded.description, exclude_methods = excluded.exclude_methods,
      user_satisfies_params = excluded.user_satisfies_params, promotions = excluded.promotions,
      valid_until = excluded.valid_until, is_active = true`);
}
