import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { loyaltyRefusal } from '@northstar/errors/loyalty';
import { rowsOf, type Executor } from '../db/client.ts';
import { grantTemplate, templateByCode } from '../bonuses/index.ts';
import { playerById } from '../identity/index.ts';
import { applyMovement, fromMinor } from '../wallet/index.ts';
import { discountedPrice } from './levels.ts';
import { notify } from './notifications.ts';
import { levelTable, lockAccount, movePoints } from './points.ts';
import { rewardAmountOf } from './programs.ts';

/**
 * The loyalty shop (issue #27, §2 /loyalty/shop): products priced in points that grant a bonus, a
 * free-spin pack (bonuses/index.ts) or cash (wallet/index.ts). A purchase spends the points and
 * makes the grant in ONE transaction under one key, `shop:<player>:<request>`: the points ledger's
 * row, the grant's key and the purchase row's key, so a repeated request answers the first
 * purchase and moves nothing again.
 */

export type ProductType = 'bonus' | 'freespins' | 'cash';

export interface ProductRow {
  id: number;
  sysname: string;
  title: string;
  description: string;
  imageUrl: string | null;
  pricePoints: number;
  type: ProductType;
  templateCode: string | null;
  amountMinor: bigint | null;
  currency: string | null;
  minLevel: number;
  isActive: boolean;
  sort: number;
}

export type RawProduct = {
  id: number;
  sysname: string;
  title: string;
  description: string;
  image_url: string | null;
  price_points: number;
  type: ProductType;
  template_code: string | null;
  amount_minor: string | null;
  currency: string | null;
  min_level: number;
  is_active: boolean;
  sort: number;
};

export function toProduct(r: RawProduct): ProductRow {
  return {
    id: r.id,
    sysname: r.sysname,
    title: r.title,
    description: r.description,
    imageUrl: r.image_url,
    pricePoints: r.price_points,
    type: r.type,
    templateCode: r.template_code,
    amountMinor: r.amount_minor === null ? null : BigInt(r.amount_minor),
    currency: r.currency,
    minLevel: r.min_level,
    isActive: r.is_active,
    sort: r.sort,
  };
}

/** The products on sale, in the operator's order. */
export async function products(db: Executor): Promise<ProductRow[]> {
  const rows = await rowsOf<RawProduct>(
    db,
    sql`select * from loyalty_products where is_active order by sort, id`,
  );
  return rows.map(toProduct);
}

export interface Purchase {
  purchase_id: number;
  product_id: number;
  /** The points spent (the price after the level's discount). */
  price: number;
  /** The player's points after the purchase. */
  points: number;
  grant: { type: ProductType; bonus_id: number | null; amount: string | null };
}

const invalid = (field: string, message: string) =>
  new ApiError('InvalidParameter', message, { invalidParameters: { [field]: ['wrong_field'] } });

/**
 * Buys a product for the player. Refusals (packages/errors loyalty.ts): an unknown product is a
 * field error on `product_id`; `product_unavailable` (switched off, or nothing to grant in the
 * player's currency), `level_too_low`, `insufficient_points`, checked in that order, each before
 * anything moves.
 */
export async function buyProduct(
  db: Executor,
  now: Date,
  playerId: number,
  productId: number,
  requestId: string | null,
): Promise<Purchase> {
  const key = `shop:${playerId}:${requestId ?? randomUUID()}`;
  return db.transaction(async (tx) => {
    const [raw] = await rowsOf<RawProduct>(
      tx,
      sql`select * from loyalty_products where id = ${productId}`,
    );
    if (!raw) throw invalid('product_id', 'No such product');
    const product = toProduct(raw);
    // The account's lock first: a repeat of this request waits for the first to commit.
    const account = await lockAccount(tx, playerId);
    const earlier = await purchaseByKey(tx, key);
    if (earlier) return { ...earlier, points: account.points };
    if (!product.isActive) {
      throw loyaltyRefusal('product_unavailable', 'This product is not on sale');
    }
    if (account.level < product.minLevel) {
      throw loyaltyRefusal('level_too_low', 'This product is for a higher level', {
        min_level: product.minLevel,
      });
    }
    const player = await playerById(tx, playerId);
    const currency = player!.currency;
    const template =
      product.type === 'cash' || !product.templateCode
        ? null
        : await templateByCode(tx, product.templateCode, currency);
    const grantable =
      product.type === 'cash'
        ? product.currency === currency && (product.amountMinor ?? 0n) > 0n
        : template !== null && (product.type === 'freespins') === (template.kind === 'free_spins');
    if (!grantable) {
      throw loyaltyRefusal('product_unavailable', 'This product is not available in your currency');
    }
    const level = (await levelTable(tx)).find((l) => l.level === account.level);
    const price = discountedPrice(product.pricePoints, level?.shopDiscountPercent ?? 0);
    const spent = await movePoints(tx, {
      playerId,
      kind: 'spend',
      delta: -price,
      key,
      meta: { product: product.id },
      overdraw: 'refuse',
    });
    if (spent.status === 'insufficient') {
      throw loyaltyRefusal('insufficient_points', 'You do not have enough points', {
        price,
        points: spent.balance,
      });
    }
    let grant: Purchase['grant'];
    if (product.type === 'cash') {
      await applyMovement(tx, {
        playerId,
        kind: 'main',
        currency,
        amountMinor: product.amountMinor!,
        reason: 'loyalty_shop',
        idempotencyKey: key,
        meta: { product: product.id },
      });
      grant = { type: 'cash', bonus_id: null, amount: fromMinor(product.amountMinor!, 2) };
    } else {
      const bonus = await grantTemplate(tx, now, {
        playerId,
        currency,
        templateId: template!.id,
        grantKey: key,
      });
      grant = { type: product.type, bonus_id: bonus.id, amount: rewardAmountOf(template!) };
    }
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into loyalty_purchases (player_id, product_id, request_key, price_points, "grant")
          values (${playerId}, ${product.id}, ${key}, ${price}, ${JSON.stringify(grant)}::jsonb)
          returning id`,
    );
    await notify(tx, {
      playerId,
      trigger: 'product',
      type: 'credit',
      key,
      params: { product: product.title },
      amount: grant.amount,
      amountType: product.type,
      image: product.imageUrl,
    });
    return {
      purchase_id: row!.id,
      product_id: product.id,
      price,
      points: spent.balance,
      grant,
    };
  });
}

async function purchaseByKey(tx: Executor, key: string): Promise<Omit<Purchase, 'points'> | null> {
  const [row] = await rowsOf<{
    id: number;
    product_id: number;
    price_points: number;
    grant: Purchase['grant'];
  }>(
    tx,
    sql`select id, product_id, price_points, "grant" from loyalty_purchases
        where request_key = ${key}`,
  );
  if (!row) return null;
  return {
    purchase_id: row.id,
    product_id: row.product_id,
    price: row.price_points,
    grant: row.grant,
  };
}
