import type { api, ResponseOf } from '@northstar/contract';
import { DEFAULT_LOCALE } from '@northstar/i18n/locales';
import { cmsConfig } from '../../content/index.ts';
import type { Executor } from '../../db/client.ts';
import { fromMinor, lossMoves } from '../../wallet/index.ts';
import { ApiError } from '@northstar/errors';
import type { RequestContext } from '../../context.ts';
import type { ModuleHandlers } from '../handlers.ts';
import {
  checkCurrentPassword,
  endSession,
  findPlayer,
  playerById,
  revokeAllSessions,
  unsubscribePlayer,
} from '../../identity/index.ts';
import { findCurrency } from '../../reference/index.ts';
import { expireAbandonedDeposits } from '../../payments/index.ts';
import {
  bindingLimit,
  depositLimitsOf,
  keepLimits,
  limitsDueForReview,
  lossRemaining,
  playLimitsOf,
  realityCheckOf,
  selfExclusionOf,
  setDepositLimit,
  setPlayLimit,
  setRealityCheck,
  setSelfExclusion,
  setTimeOut,
  type LimitPeriod,
  type RealityCheckInterval,
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
  return {
    id: player.id,
    currency: player.currency,
    decimals: currency?.decimals ?? 2,
    countryCode: player.countryCode,
  };
}

/**
 * The longest reality-check interval the player's market allows, or null where it imposes none
 * (issue #25 "a market may impose one"; site config `responsibleGaming.realityCheckByCountry`,
 * by the player's country).
 */
export async function marketRealityCheck(
  ctx: RequestContext,
  countryCode: string | null,
): Promise<number | null> {
  if (!countryCode) return null;
  const content = await cmsConfig(ctx.app, DEFAULT_LOCALE);
  const table = content.siteConfig.responsibleGaming.realityCheckByCountry;
  return table[countryCode.toUpperCase()] ?? null;
}

/**
 * The interval in force: the player's own, unless their market imposes a shorter one or the
 * player has none (a choice made before the market's rule, or before moving there, gives way).
 */
export function effectiveRealityCheck(chosen: number, required: number | null): number {
  if (required === null) return chosen;
  return chosen === 0 || chosen > required ? required : chosen;
}

function exclusionView(exclusion: SelfExclusion) {
  return {
    active: exclusion.active,
    kind: exclusion.kind,
    period: exclusion.period,
    started_at: exclusion.startedAt?.toISOString() ?? null,
    until: exclusion.until?.toISOString() ?? null,
  };
}

type PlayLimitsView = ResponseOf<typeof api.account.getPlayLimits>;

/**
 * Loss and session limits, the reality check and the review (issue #25). A loss limit's use is
 * the window's net loss from the wallet's own records (its door `lossMoves`: games and sports, the numbers the
 * bet function counts), never what a game reports.
 */
export async function playLimitsView(
  ctx: RequestContext,
  db: Executor,
  owner: { id: number; currency: string; decimals: number; countryCode: string | null },
): Promise<PlayLimitsView> {
  const now = ctx.app.now();
  const money = (minor: bigint) => fromMinor(minor, owner.decimals);
  const states = await playLimitsOf(db, owner.id, now);
  const loss: PlayLimitsView['loss'] = [];
  for (const state of states.filter((s) => s.kind === 'loss')) {
    const { staked, won } = await lossMoves(
      db,
      owner.id,
      state.currency ?? owner.currency,
      state.windowStart,
    );
    loss.push({
      period: String(state.periodDays) as Period,
      limit_amount: money(state.amount),
      available_amount: money(lossRemaining(state.amount, staked, won)),
      expired_at: (state.windowEndsAt ?? now).toISOString(),
      pending: state.pending
        ? {
            limit_amount: state.pending.amount === null ? null : money(state.pending.amount),
            applies_at: state.pending.appliesAt.toISOString(),
          }
        : null,
    });
  }
  const session = states.find((s) => s.kind === 'session');
  const review = await limitsDueForReview(db, owner.id, now);
  const required = await marketRealityCheck(ctx, owner.countryCode);
  return {
    currency: owner.currency,
    loss,
    session: session
      ? {
          minutes: Number(session.amount),
          pending: session.pending
            ? {
                minutes: session.pending.amount === null ? null : Number(session.pending.amount),
                applies_at: session.pending.appliesAt.toISOString(),
              }
            : null,
        }
      : null,
    reality_check: effectiveRealityCheck(await realityCheckOf(db, owner.id), required),
    reality_check_required: required,
    session_started_at: ctx.session?.startedAt?.toISOString() ?? null,
    review: review.map((item) => ({ type: item.type, period: String(item.periodDays) })),
  };
}

/** Checks the password of a time-out or self-exclusion (a wrong one is a field error). */
async function confirmedPlayer(ctx: RequestContext, password: string) {
  const player = await findPlayer(ctx.app.database.db, ctx.playerId());
  const valid = await checkCurrentPassword(ctx.app, { ip: ctx.ip, player, password });
  if (!valid) {
    throw new ApiError('InvalidParameter', 'The password is wrong', {
      invalidParameters: { password: ['wrong_password'] },
    });
  }
  return player;
}

/**
 * What a time-out or self-exclusion does at once besides refusing bets and sign-ins: marketing
 * stops (UKGC SR 3.5.3: every contact is unsubscribed, and stays so after it ends until the
 * player subscribes again), and every session ends, this one too (its cookie is cleared). The
 * cashier stays open for withdrawals when the player signs in again after it ends; staff pay out
 * what is left (withdrawals are not refused by it).
 */
async function closeAccountToPlay(ctx: RequestContext, playerId: number): Promise<void> {
  await unsubscribePlayer(ctx.app.database.db, playerId);
  await revokeAllSessions(ctx.app, playerId);
  await endSession(ctx.app, ctx.request, ctx.reply);
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
    const player = await confirmedPlayer(ctx, params.password);
    const exclusion = await setSelfExclusion(
      ctx.app.database.db,
      player.id,
      params.period,
      ctx.app.now(),
    );
    await closeAccountToPlay(ctx, player.id);
    return exclusionView(exclusion);
  },

  async setTimeOut(ctx, params) {
    const player = await confirmedPlayer(ctx, params.password);
    const exclusion = await setTimeOut(
      ctx.app.database.db,
      player.id,
      params.period,
      ctx.app.now(),
    );
    await closeAccountToPlay(ctx, player.id);
    return exclusionView(exclusion);
  },

  async getPlayLimits(ctx) {
    const owner = await limitOwner(ctx);
    return playLimitsView(ctx, ctx.app.database.db, owner);
  },

  async setLossLimit(ctx, params) {
    const owner = await limitOwner(ctx);
    const amount = params.amount ? BigInt(params.amount) * 10n ** BigInt(owner.decimals) : null;
    // The view reads the wallet through its door (outside this transaction): after the commit.
    await ctx.app.database.db.transaction(async (tx) => {
      await setPlayLimit(
        tx,
        {
          playerId: owner.id,
          kind: 'loss',
          periodDays: Number(params.period),
          currency: owner.currency,
          amount,
        },
        ctx.app.now(),
      );
    });
    return playLimitsView(ctx, ctx.app.database.db, owner);
  },

  async setSessionLimit(ctx, params) {
    const owner = await limitOwner(ctx);
    const minutes = params.minutes === undefined || params.minutes === '' ? null : params.minutes;
    await ctx.app.database.db.transaction(async (tx) => {
      await setPlayLimit(
        tx,
        {
          playerId: owner.id,
          kind: 'session',
          periodDays: 0,
          currency: null,
          amount: minutes === null ? null : BigInt(minutes),
        },
        ctx.app.now(),
      );
    });
    return playLimitsView(ctx, ctx.app.database.db, owner);
  },

  async setRealityCheck(ctx, params) {
    const owner = await limitOwner(ctx);
    const interval = Number(params.interval) as RealityCheckInterval;
    // A market that imposes reality checks: a shorter interval may be chosen, never off or longer.
    const required = await marketRealityCheck(ctx, owner.countryCode);
    if (required !== null && (interval === 0 || interval > required)) {
      throw new ApiError(
        'InvalidParameter',
        `Your market requires a reality check at least every ${required} minutes`,
        {
          invalidParameters: { interval: ['reality_check_required'] },
          errorData: { reality_check_required: required },
        },
      );
    }
    await setRealityCheck(ctx.app.database.db, owner.id, interval);
    return playLimitsView(ctx, ctx.app.database.db, owner);
  },

  async keepLimits(ctx) {
    const owner = await limitOwner(ctx);
    await keepLimits(ctx.app.database.db, owner.id, ctx.app.now());
    return playLimitsView(ctx, ctx.app.database.db, owner);
  },
};
