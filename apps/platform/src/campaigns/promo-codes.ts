import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import { rowsOf, type DatabaseHandle, type Executor } from '../db/client.ts';
import {
  grantTemplate,
  templateById,
  templateByCode,
  type BonusRow,
  type TemplateRow,
} from '../bonuses/index.ts';
import { findPlayer } from '../identity/index.ts';
import { hasSuccessfulDeposit } from '../payments/index.ts';
import { isSelfExcluded } from '../responsible/index.ts';
import { promoCodes } from './schema.ts';

/** The code as stored: trimmed, upper case (codes match without regard to case). */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export interface ValidPromoCode {
  promo_code: string;
  description: string | null;
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
}

const time = (value: Date | string) => new Date(value).getTime();

/** Between its dates (§5): from `valid_from` (inclusive) to `valid_until` (exclusive). */
function dateState(row: PromoCodeRow, now: Date): 'early' | 'expired' | 'open' {
  if (row.valid_from !== null && time(row.valid_from) > now.getTime()) return 'early';
  if (row.valid_until !== null && time(row.valid_until) <= now.getTime()) return 'expired';
  return 'open';
}

/**
 * The promo code when it exists, is switched on and is between its dates; else null (the
 * registration field's check, §4; §7 "falsy data means not found"). Limits are not looked at:
 * they depend on who activates it, and are checked by `activatePromoCode`.
 */
export async function findValidPromoCode(
  app: AppContext,
  code: string,
): Promise<ValidPromoCode | null> {
  const normalised = normalisePromoCode(code);
  if (normalised === '') return null;
  const [row] = await rowsOf<PromoCodeRow>(
    app.database.db,
    sql`select * from promo_codes where code = ${normalised}`,
  );
  if (!row || !row.is_active || dateState(row, app.now()) !== 'open') return null;
  return { promo_code: row.code, description: row.description };
}

/**
 * §8 "Promo errors": the codes a refused activation carries on `promo_code` (the UI maps the
 * first to its text, INVALID when it does not know it). A code that has not started yet is
 * `promo_code_invalid`, as an unknown one: it does not tell anyone that it exists.
 */
export const PROMO_ERRORS = {
  invalid: 'promo_code_invalid',
  expired: 'promo_code_expired',
  usedUp: 'promo_code_used_up',
  alreadyUsed: 'promo_code_already_used',
  newPlayersOnly: 'promo_code_new_players_only',
  unavailable: 'promo_code_unavailable',
} as const;
export type PromoErrorCode = (typeof PROMO_ERRORS)[keyof typeof PROMO_ERRORS];

const MESSAGES: Record<PromoErrorCode, string> = {
  promo_code_invalid: 'This promo code is not valid',
  promo_code_expired: 'This promo code has expired',
  promo_code_used_up: 'This promo code has been used up',
  promo_code_already_used: 'You have already used this promo code',
  promo_code_new_players_only: 'This promo code is for new players only',
  promo_code_unavailable: 'This promo code is not available to your account',
};

export function promoRefusal(code: PromoErrorCode): ApiError {
  return new ApiError('InvalidParameter', MESSAGES[code], {
    invalidParameters: { promo_code: [code] },
  });
}

export function invalidPromoCode(): ApiError {
  return promoRefusal(PROMO_ERRORS.invalid);
}

export interface PromoActivation {
  promo_code: string;
  description: string | null;
  /** The bonus granted now (`available` in the player's bonuses), or null for a deposit offer. */
  bonus: BonusRow | null;
  template: TemplateRow;
}

/**
 * A player activates a promo code (§7 `campaigns/activateOffer`). In one transaction, under the
 * code's row lock (`for update`), so two activations at once — two tabs, two players, two
 * platform instances — are counted one after the other and can never pass a limit together:
 *
 * 1. the code exists and is switched on, and has started (else `promo_code_invalid`);
 * 2. it has not ended (`promo_code_expired`);
 * 3. the player has not used it `max_uses_per_player` times (`promo_code_already_used`);
 * 4. new players only: the player has no successful deposit (`promo_code_new_players_only`) —
 *    "new" as a regulated operator defines a welcome offer: before the first deposit;
 * 5. a self-excluded player is given no bonus (`promo_code_unavailable`; player protection);
 * 6. it has not been used `max_uses` times in all (`promo_code_used_up`);
 * 7. its template (bonuses/) is switched on and in the player's currency (else invalid).
 *
 * A template with a deposit trigger grants nothing now: the code is the deposit offer the
 * player's deposit takes (`campaign_offer_id`). Any other grants its bonus, `available`, once
 * per activation (grant key `promo:<code id>:<n>`). The activation's row takes the next `seq`
 * and `player_seq`, both unique in the database.
 */
export async function activatePromoCode(
  app: AppContext,
  playerId: number,
  code: string,
): Promise<PromoActivation> {
  const normalised = normalisePromoCode(code);
  if (normalised === '') throw promoRefusal(PROMO_ERRORS.invalid);
  const now = app.now();
  return app.database.db.transaction(async (tx) => {
    const [row] = await rowsOf<PromoCodeRow>(
      tx,
      sql`select * from promo_codes where code = ${normalised} for update`,
    );
    if (!row || !row.is_active) throw promoRefusal(PROMO_ERRORS.invalid);
    const dates = dateState(row, now);
    if (dates === 'early') throw promoRefusal(PROMO_ERRORS.invalid);
    if (dates === 'expired') throw promoRefusal(PROMO_ERRORS.expired);
    const [mine] = await rowsOf<{ used: number }>(
      tx,
      sql`select count(*)::int as used from promo_code_activations
          where promo_code_id = ${row.id} and player_id = ${playerId}`,
    );
    const used = mine?.used ?? 0;
    if (used >= row.max_uses_per_player) throw promoRefusal(PROMO_ERRORS.alreadyUsed);
    if (row.new_players_only && (await hasSuccessfulDeposit(tx, playerId))) {
      throw promoRefusal(PROMO_ERRORS.newPlayersOnly);
    }
    if (await isSelfExcluded(tx, playerId, now)) throw promoRefusal(PROMO_ERRORS.unavailable);
    // Last: "used up" only ever answers a player the code was otherwise open to.
    if (row.max_uses !== null && row.uses >= row.max_uses) {
      throw promoRefusal(PROMO_ERRORS.usedUp);
    }
    const player = await findPlayer(tx, playerId);
    const template =
      row.template_id === null
        ? await templateByCode(tx, row.code, player.currency)
        : await templateById(tx, row.template_id);
    if (!template || !template.is_active || template.currency !== player.currency) {
      throw promoRefusal(PROMO_ERRORS.invalid);
    }
    const playerSeq = used + 1;
    const bonus =
      template.trigger === 'deposit'
        ? null
        : await grantTemplate(tx, now, {
            playerId,
            currency: player.currency,
            templateId: template.id,
            grantKey: `promo:${row.id}:${playerSeq}`,
          });
    await tx.execute(sql`
      insert into promo_code_activations
        (promo_code_id, player_id, seq, player_seq, bonus_id, template_id, created_at)
      values (${row.id}, ${playerId}, ${row.uses + 1}, ${playerSeq}, ${bonus?.id ?? null},
        ${template.id}, ${now.toISOString()}::timestamptz)`);
    await tx.execute(sql`update promo_codes set uses = uses + 1 where id = ${row.id}`);
    return { promo_code: row.code, description: row.description, bonus, template };
  });
}

export interface PromoCodeInput {
  code: string;
  description: string | null;
  templateId: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  maxUses: number | null;
  maxUsesPerPlayer: number;
  newPlayersOnly: boolean;
}

/** A staff member defines a code (modules/campaigns `staffcreatepromocode`). */
export async function createPromoCode(db: Executor, input: PromoCodeInput) {
  const code = normalisePromoCode(input.code);
  if (input.templateId !== null && !(await templateById(db, input.templateId))) {
    throw new ApiError('InvalidParameter', 'No such bonus template', {
      invalidParameters: { template_id: ['wrong_field'] },
    });
  }
  if (input.validFrom && input.validUntil && input.validUntil <= input.validFrom) {
    throw new ApiError('InvalidParameter', 'The code must end after it starts', {
      invalidParameters: { valid_until: ['wrong_field'] },
    });
  }
  const [row] = await rowsOf<PromoCodeRow>(
    db,
    sql`insert into promo_codes (code, description, template_id, valid_from, valid_until,
          max_uses, max_uses_per_player, new_players_only)
        values (${code}, ${input.description}, ${input.templateId},
          ${input.validFrom?.toISOString() ?? null}::timestamptz,
          ${input.validUntil?.toISOString() ?? null}::timestamptz,
          ${input.maxUses}, ${input.maxUsesPerPlayer}, ${input.newPlayersOnly})
        on conflict (code) do nothing
        returning *`,
  );
  if (!row) {
    throw new ApiError('InvalidParameter', 'This code exists already', {
      invalidParameters: { code: ['already_exists'] },
    });
  }
  return row;
}

export type { PromoCodeRow };

/** Demo mode's promo codes (the demo seed): one to use, one that expired. */
export const DEMO_PROMO_CODES = [
  { code: 'WELCOME100', description: '100% welcome bonus on the first deposit', validUntil: null },
  {
    code: 'SUMMER2025',
    description: 'Summer 2025 free spins (ended)',
    validUntil: new Date('2025-09-01T00:00:00Z'),
  },
];

export async function seedDemoPromoCodes(database: DatabaseHandle): Promise<void> {
  for (const promo of DEMO_PROMO_CODES) {
    await database.db.insert(promoCodes).values(promo).onConflictDoNothing();
  }
}
