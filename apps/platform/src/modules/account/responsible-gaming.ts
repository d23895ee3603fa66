import type { api, ResponseOf } from '@northstar/contract';
import type { Executor } from '../../db/client.ts';
import { fromMinor } from '../../wallet/index.ts';
import { ApiError } from '@northstar/errors';
import type { RequestContext } from '../../context.ts';
import type { ModuleHandlers } from '../handlers.ts';
import {
  checkCurrentPassword,
  findPlayer,
  playerById,
  unsubscribePlayer,
} from '../../identity/index.ts';
import { findCurrency } from '../../reference/index.ts';
import { expireAbandonedDeposits } from '../../payments/index.ts';
import {
  bindingLimit,
  depositLimitsOf,
  selfExclusionOf,
  setDepositLimit,
  setSelfExclusion,
  type LimitPeriod,
  type SelfExclusion,
} from '../../responsible/index.ts';

type DepositLimitView = ResponseOf<typeof api.account.getDepositLimit>;
type Period = DepositLimitView['limits'][number]['period'];

/**
 * The §3 "Deposit limit" a player sees: the binding limit in the §3 fields (period `none`
 * without one), and every limit with its pending change.
 */
export async function depositLimitView(
  db: Executor,
  player: { id: number; currency: string; decimals: number },
  now: Date,
): Promise<DepositLimitView> {
  const states = await depositLimitsOf(db, player.id, now);
  const money = (minor: bigint) => fromMinor(minor, player.decimals);
  const binding = bindingLimit(states);
  return {
    available_amount: binding ? money(binding.availableMinor) : null,
    can_edit: true,
    expired_at: binding ? binding.windowEndsAt.toISOString() : null,
    limit_amount: binding ? money(binding.limitMinor) : null,
    period: binding ? (String(binding.period) as Period) : 'none',
    currency: player.currency,
    limits: states.map((state) => ({
      period: String(state.period) as Period,
      limit_amount: money(state.limitMinor),
      available_amount: money(state.availableMinor),
      expired_at: state.windowEndsAt.toISOString(),
      pending: state.pending
        ? {
            limit_amount:
              state.pending.limitMinor === null ? null : money(state.pending.limitMinor),
            applies_at: state.pending.appliesAt.toISOString(),
          }
        : null,
    })),
  };
}

/** The player's currency and its decimals, as the limits are kept in them. */
async function limitOwner(ctx: RequestContext) {
  const db = ctx.app.database.db;
  const player = await playerById(db, ctx.playerId());
  if (!player) throw new ApiError('Authorization', 'Sign in to continue');
  const currency = await findCurrency(db, player.currency);
  return { id: player.id, currency: player.currency, decimals: currency?.decimals ?? 2 };
}

function exclusionView(exclusion: SelfExclusion) {
  return {
    active: exclusion.active,
    period: exclusion.period,
    started_at: exclusion.startedAt?.toISOString() ?? null,
    until: exclusion.until?.toISOString() ?? null,
  };
}

/** Deposit limits and self-exclusion (§3; the rules are `responsible/`'s). */
export const responsibleGamingHandlers: ModuleHandlers<'account'> = {
  async getDepositLimit(ctx) {
    const owner = await limitOwner(ctx);
    // Abandoned deposits (§4 expiry) do not use up a limit.
    await expireAbandonedDeposits(ctx.app, ctx.app.database.db, { playerId: owner.id });
    return depositLimitView(ctx.app.database.db, owner, ctx.app.now());
  },

  async setDepositLimit(ctx, params) {
    const owner = await limitOwner(ctx);
    const now = ctx.app.now();
    const amount = params.amount ? BigInt(params.amount) * 10n ** BigInt(owner.decimals) : null;
    return ctx.app.database.db.transaction(async (tx) => {
      await setDepositLimit(
        tx,
        {
          playerId: owner.id,
          period: Number(params.period) as LimitPeriod,
          currency: owner.currency,
          amountMinor: amount,
        },
        now,
      );
      return depositLimitView(tx, owner, now);
    });
  },

  async getSelfExclusion(ctx) {
    return exclusionView(await selfExclusionOf(ctx.app.database.db, ctx.playerId(), ctx.app.now()));
  },

  async setSelfExclusion(ctx, params) {
    const player = await findPlayer(ctx.app.database.db, ctx.playerId());
    const valid = await checkCurrentPassword(ctx.app, {
      ip: ctx.ip,
      player,
      password: params.password,
    });
    if (!valid) {
      throw new ApiError('InvalidParameter', 'The password is wrong', {
        invalidParameters: { password: ['wrong_password'] },
      });
    }
    const exclusion = await setSelfExclusion(
      ctx.app.database.db,
      player.id,
      params.period,
      ctx.app.now(),
    );
    // Marketing stops with it (UKGC SR 3.5.3): every contact is unsubscribed. It stays off after
    // the exclusion ends until the player subscribes again.
    await unsubscribePlayer(ctx.app.database.db, player.id);
    return exclusionView(exclusion);
  },
};
