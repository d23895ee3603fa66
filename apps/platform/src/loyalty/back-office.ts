import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { rowsOf, type Executor } from '../db/client.ts';
import { levelTable } from './points.ts';
import type { LevelDef } from './levels.ts';
import { programs, type ProgramRow } from './programs.ts';
import { toProduct, type ProductRow, type RawProduct } from './shop.ts';

/**
 * Loyalty as the back office runs it (issue #30): the level table (a level added or changed, its
 * thresholds kept in order), and quests and shop products switched off or on. A quest or product
 * switched off stays on record (progress and purchases name it); players no longer see it.
 */

const refused = (field: string, message: string) =>
  new ApiError('InvalidParameter', message, { invalidParameters: { [field]: ['wrong_field'] } });

export interface LevelInput {
  level: number;
  name: string;
  pointsFrom: bigint;
  cashbackPercent: number;
  shopDiscountPercent: number;
}

/**
 * Adds a level or changes one (by its number). The table must stay a ladder: the lowest level
 * starts at 0 points and each higher level needs more points than the one below, else a field
 * error on `points_from` and nothing changes.
 */
export async function saveLevel(
  tx: Executor,
  input: LevelInput,
): Promise<{ before: LevelDef | null; after: LevelDef }> {
  await tx.execute(sql`lock table loyalty_levels in share row exclusive mode`);
  const levels = await levelTable(tx);
  const before = levels.find((l) => l.level === input.level) ?? null;
  const after: LevelDef = {
    level: input.level,
    name: input.name,
    pointsFrom: input.pointsFrom,
    cashbackPercent: input.cashbackPercent,
    shopDiscountPercent: input.shopDiscountPercent,
    imageUrl: before?.imageUrl ?? null,
  };
  const ladder = [...levels.filter((l) => l.level !== input.level), after].sort(
    (a, b) => a.level - b.level,
  );
  if (ladder[0]!.pointsFrom !== 0n) {
    throw refused('points_from', 'The lowest level starts at 0 points');
  }
  for (let i = 1; i < ladder.length; i++) {
    if (ladder[i]!.pointsFrom <= ladder[i - 1]!.pointsFrom) {
      throw refused('points_from', 'A higher level needs more points than the one below');
    }
  }
  await tx.execute(sql`
    insert into loyalty_levels (level, name, points_from, cashback_percent, shop_discount_percent)
    values (${input.level}, ${input.name}, ${input.pointsFrom.toString()}::bigint,
      ${input.cashbackPercent}, ${input.shopDiscountPercent})
    on conflict (level) do update set name = excluded.name, points_from = excluded.points_from,
      cashback_percent = excluded.cashback_percent,
      shop_discount_percent = excluded.shop_discount_percent`);
  return { before, after };
}

/** Every quest, switched on or not, in the players' order. */
export const allPrograms = (db: Executor): Promise<ProgramRow[]> => programs(db, { all: true });

/** Switches a quest on or off; unknown: a field error on `id`. */
export async function setProgramActive(
  tx: Executor,
  id: number,
  active: boolean,
): Promise<{ before: boolean; program: ProgramRow }> {
  const [row] = await rowsOf<{ is_active: boolean }>(
    tx,
    sql`select is_active from loyalty_programs where id = ${id} for update`,
  );
  if (!row) throw refused('id', 'No such quest');
  await tx.execute(sql`update loyalty_programs set is_active = ${active} where id = ${id}`);
  const program = (await allPrograms(tx)).find((p) => p.id === id)!;
  return { before: row.is_active, program };
}

/** Every shop product, switched on or not, in the shop's order. */
export async function allProducts(db: Executor): Promise<ProductRow[]> {
  const rows = await rowsOf<RawProduct>(db, sql`select * from loyalty_products order by sort, id`);
  return rows.map(toProduct);
}

/** Switches a product on or off; unknown: a field error on `id`. */
export async function setProductActive(
  tx: Executor,
  id: number,
  active: boolean,
): Promise<{ before: boolean; product: ProductRow }> {
  const [row] = await rowsOf<RawProduct>(
    tx,
    sql`select * from loyalty_products where id = ${id} for update`,
  );
  if (!row) throw refused('id', 'No such product');
  const [after] = await rowsOf<RawProduct>(
    tx,
    sql`update loyalty_products set is_active = ${active} where id = ${id} returning *`,
  );
  return { before: row.is_active, product: toProduct(after!) };
}
