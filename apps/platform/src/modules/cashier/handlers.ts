import type { ResponseOf } from '@northstar/contract';
import type { api } from '@northstar/contract';
import { ApiError } from '@northstar/errors';
import type { RequestContext } from '../../context.ts';
import { auditChange, auditRead } from '../staff-audit.ts';
import type { ModuleHandlers } from '../handlers.ts';
import { unitsToMinor } from '../../bonuses/index.ts';
import { playerCashbacks, type CashbackStatus } from '../../cashback/index.ts';
import { depositOfferFor, depositOffersFor, offerViewer } from '../../campaigns/index.ts';
import { paymentProviders } from '../../providers/payments/index.ts';
import { depositLimitView } from '../account/index.ts';
import { fromMinor, history, playerBalances } from '../../wallet/index.ts';
import {
  approveWithdrawal,
  assertCashierRequirements,
  BANKS,
  CAN_CANCEL,
  cancelWithdrawal,
  CANCELLABLE,
  cashierPlayer,
  convert,
  currencyDecimals,
  DAILY_WITHDRAWAL_EUR,
  expireAbandonedDeposits,
  hasSuccessfulDeposit,
  isFirstSuccessfulDeposit,
  makeDeposit,
  makeWithdrawal,
  METHODS,
  netDeposits,
  ownPayment as findOwnPayment,
  paymentsPage,
  PRESETS,
  rejectWithdrawal,
  reviewWithdrawal,
  withdrawnSince,
  type CashierPlayer,
  type PaymentRow,
  type PaymentWithDecimals,
} from '../../payments/index.ts';

type Withdrawal = ResponseOf<typeof api.cashier.getwithdrawal>;
type DepositInfo = ResponseOf<typeof api.cashier.getdepositinfo>;
type Method = ResponseOf<typeof api.cashier.getdepositsettings>['methods'][number];

/** This site's origin as the request reached it (the provider's webhook goes back to it). */
export function originOf(ctx: RequestContext): string {
  return `${ctx.request.protocol}://${ctx.request.host}`;
}

const isoOf = (value: Date | string) => new Date(value).toISOString();

export function withdrawalView(row: PaymentRow, decimals: number, staff = false): Withdrawal {
  return {
    id: row.id,
    method: row.method,
    amount: { amount: fromMinor(BigInt(row.amount_minor), decimals), currency: row.currency },
    requisites: row.requisites,
    stage: row.status as Withdrawal['stage'],
    stages: row.stages as Withdrawal['stages'],
    reason_code: row.reason_code,
    reason_text: row.reason_text,
    can_cancel: CAN_CANCEL && (CANCELLABLE as readonly string[]).includes(row.status),
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
    ...(staff ? { player_id: row.player_id } : {}),
  };
}

function depositView(row: PaymentRow, decimals: number, domain: string): DepositInfo {
  return {
    id: row.id,
    requisites: row.requisites,
    method: row.method,
    type: 'deposit',
    created_at: isoOf(row.created_at),
    updated_at: isoOf(row.updated_at),
    amount: { amount: fromMinor(BigInt(row.amount_minor), decimals), currency: row.currency },
    status: row.status as DepositInfo['status'],
    reason_code: row.reason_code,
    domain,
  };
}

function methodView(
  method: (typeof METHODS)[number],
  direction: 'deposit' | 'withdraw',
  player: CashierPlayer,
): Method {
  const range = method[direction]!;
  return {
    sysname: method.sysname,
    name: method.name,
    type: method.type,
    min: String(convert(range.minEur, player.rate, true)),
    max: String(convert(range.maxEur, player.rate, false)),
    currencies: [...method.currencies],
    requisites: direction === 'withdraw' ? method.withdraw!.requisites : 'none',
  };
}

function methodsFor(ctx: RequestContext, player: CashierPlayer, direction: 'deposit' | 'withdraw') {
  const providers = paymentProviders(ctx.app);
  const offered = METHODS.filter(
    (method) => method[direction] && method.currencies.includes(player.currency),
  );
  return {
    methods: offered
      .filter((method) => providers.has(method.provider))
      .map((method) => methodView(method, direction, player)),
    excluded: offered
      .filter((method) => !providers.has(method.provider))
      .map((method) => method.sysname),
  };
}

async function ownPayment(
  ctx: RequestContext,
  id: number,
  kind: 'deposit' | 'withdrawal',
): Promise<PaymentWithDecimals> {
  const row = await findOwnPayment(ctx.app.database.db, ctx.playerId(), id, kind);
  // Another player's transaction is not found either (no enumeration of ids).
  if (!row)
    throw new ApiError('InvalidParameter', 'There is no such transaction', {
      invalidParameters: { id: ['wrong_field'] },
    });
  return row;
}

/** §7 Cashier, and the staff's withdrawal decisions. */
export const cashierHandlers: ModuleHandlers<'cashier'> = {
  async getdepositsettings(ctx) {
    const player = await cashierPlayer(ctx.app.database.db, ctx.playerId());
    // The limit shown leaves out abandoned deposits (§4 expiry).
    await expireAbandonedDeposits(ctx.app, ctx.app.database.db, { playerId: player.id });
    const { methods, excluded } = methodsFor(ctx, player, 'deposit');
    const deposited = await hasSuccessfulDeposit(ctx.app.database.db, player.id);
    return {
      currency: player.currency,
      methods,
      presets: Object.entries(PRESETS).map(([currency, values]) => ({
        currency,
        amount: values.map((value) => ({ value })),
      })),
      // Issue #26: the deposit offers (campaigns/offers.ts) of the player's currency whose
      // trigger params the player satisfies (§6), with the methods each excludes;
      // campaign_offer_id in makedeposit is checked against the same rules.
      offers: (
        await depositOffersFor(
          ctx.app.database.db,
          ctx.app.now(),
          await offerViewer(ctx.app.database.db, player.id),
        )
      ).map((offer) => ({
        id: offer.template.id,
        title: offer.title,
        description: offer.description,
        min_deposit: fromMinor(BigInt(offer.template.min_deposit_minor ?? '0'), player.decimals),
        exclude_methods: offer.excludeMethods,
      })),
      excluded_methods: excluded,
      first_deposit: !deposited,
      limit: await depositLimitView(ctx.app.database.db, player, ctx.app.now()),
    };
  },

  async makedeposit(ctx, params) {
    let offerId: number | null = null;
    if (params.campaign_offer_id !== undefined) {
      // Issue #26: an offer of the player's currency, and a deposit at least its minimum (the
      // bonus is granted when the deposit succeeds: payments/ calls bonuses/).
      const player = await cashierPlayer(ctx.app.database.db, ctx.playerId());
      const offer = await depositOfferFor(
        ctx.app.database.db,
        ctx.app.now(),
        await offerViewer(ctx.app.database.db, player.id),
        params.campaign_offer_id,
        params.method,
      );
      const minimum = BigInt(offer.min_deposit_minor ?? '0');
      if (unitsToMinor(params.amount, player.decimals) < minimum) {
        throw new ApiError('InvalidParameter', 'This deposit is under the offer’s minimum', {
          invalidParameters: { amount: ['min_value'] },
          errorData: { min: fromMinor(minimum, player.decimals) },
        });
      }
      offerId = offer.id;
    }
    // §8 what the operator requires before a deposit (site config; none by default).
    await assertCashierRequirements(ctx.app, ctx.playerId(), 'deposit');
    return makeDeposit(ctx.app, {
      playerId: ctx.playerId(),
      method: params.method,
      amount: params.amount,
      offerId,
      locale: ctx.locale,
      origin: originOf(ctx),
    });
  },

  async getdepositinfo(ctx, params) {
    await expireAbandonedDeposits(ctx.app, ctx.app.database.db, {
      id: params.id,
      playerId: ctx.playerId(),
    });
    const row = await ownPayment(ctx, params.id, 'deposit');
    const view = depositView(row, row.decimals, ctx.request.host);
    if (view.status !== 'success') return view;
    const first = await isFirstSuccessfulDeposit(ctx.app.database.db, row.player_id, row.id);
    return { ...view, first };
  },

  async getwithdrawsettings(ctx) {
    const player = await cashierPlayer(ctx.app.database.db, ctx.playerId());
    const { methods } = methodsFor(ctx, player, 'withdraw');
    const balances = await playerBalances(ctx.app.database, player.id);
    const used = await withdrawnSince(
      ctx.app.database.db,
      player.id,
      new Date(ctx.app.now().getTime() - 86_400_000),
    );
    return {
      currency: player.currency,
      methods,
      available: balances.balance_main,
      can_cancel: CAN_CANCEL,
      daily_limit: {
        amount: fromMinor(
          BigInt(convert(DAILY_WITHDRAWAL_EUR, player.rate, false)) *
            10n ** BigInt(player.decimals),
          player.decimals,
        ),
        currency: player.currency,
      },
      used_today: {
        amount: fromMinor(used, player.decimals),
        currency: player.currency,
      },
    };
  },

  async getbanks() {
    return { items: BANKS.map((bank) => ({ ...bank })), total: BANKS.length };
  },

  async makewithdrawal(ctx, params) {
    // §8 what the operator requires before a withdrawal (the demo: profile and a contact).
    await assertCashierRequirements(ctx.app, ctx.playerId(), 'withdrawal');
    const row = await makeWithdrawal(
      ctx.app,
      {
        playerId: ctx.playerId(),
        method: params.method,
        amount: params.amount,
        requisites: params.requisites ?? null,
        bank: params.bank ?? null,
        burnBonuses: params.burn_bonuses ?? false,
      },
      originOf(ctx),
    );
    return withdrawalView(row, row.decimals ?? 2);
  },

  async getwithdrawal(ctx, params) {
    const row = await ownPayment(ctx, params.id, 'withdrawal');
    return withdrawalView(row, row.decimals);
  },

  async cancelwithdrawal(ctx, params) {
    await cancelWithdrawal(ctx.app, ctx.playerId(), params.id);
    return 1 as const;
  },

  async gethistory(ctx, params) {
    const playerId = ctx.playerId();
    const type = params.type ?? 'deposit';
    const offset = params.offset ?? 0;
    const count = params.count ?? 4;
    const statuses = (params.statuses ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    if (type === 'deposit' || type === 'withdrawal') {
      const kind = type;
      if (kind === 'deposit')
        await expireAbandonedDeposits(ctx.app, ctx.app.database.db, { playerId });
      const { total, rows } = await paymentsPage(
        ctx.app.database.db,
        { playerId, kind, statuses },
        { offset, count },
      );
      return {
        total,
        items: rows.map((row) => ({
          id: row.id,
          type,
          method: row.method,
          amount: {
            amount: fromMinor(BigInt(row.amount_minor), row.decimals),
            currency: row.currency,
          },
          status: row.status,
          created_at: isoOf(row.created_at),
          requisites: row.requisites,
        })),
      };
    }
    if (type === 'cashbacks') {
      // Issue #26: the player's cashbacks themselves (cashback/), whatever they were paid into
      // (a bonus payout's money is a bonus credit in the ledger), with their own status.
      const { decimals } = await cashierPlayer(ctx.app.database.db, playerId);
      const page = await playerCashbacks(ctx.app.database.db, playerId, {
        statuses: statuses.filter((s): s is CashbackStatus =>
          ['active', 'paid_out', 'expired', 'removed'].includes(s),
        ),
        offset,
        count,
        sort: 'id',
        order: 'desc',
      });
      return {
        total: page.total,
        items: page.items.map((row) => ({
          id: row.id,
          type,
          method: null,
          amount: { amount: fromMinor(BigInt(row.amount_minor), decimals), currency: row.currency },
          status: row.status,
          created_at: isoOf(row.paid_out_at ?? row.created_at),
          requisites: null,
        })),
      };
    }
    // Bonuses: the wallet's history of that kind (the bonus engine writes them).
    const entries = await history(ctx.app.database.db, playerId, 'bonuses', { offset, count });
    return {
      total: entries.total,
      items: entries.items.map((entry) => ({
        id: entry.id,
        type,
        method: null,
        amount: { amount: fromMinor(entry.amountMinor, entry.decimals), currency: entry.currency },
        status: 'success',
        created_at: entry.createdAt.toISOString(),
        requisites: null,
      })),
    };
  },

  async getnetdeposits(ctx) {
    const player = await cashierPlayer(ctx.app.database.db, ctx.playerId());
    const since = new Date(ctx.app.now().getTime() - 365 * 86_400_000);
    const net = await netDeposits(ctx.app.database.db, player, since);
    const money = (minor: bigint) => ({
      amount: fromMinor(minor, player.decimals),
      currency: player.currency,
    });
    return { lifetime: money(net.lifetime), last_12_months: money(net.recent) };
  },

  async staffgetwithdrawals(ctx, params) {
    const stages = (params.stage ?? 'requested,in_review,approved,sent')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
    const { total, rows } = await paymentsPage(
      ctx.app.database.db,
      { kind: 'withdrawal', statuses: stages, oldestFirst: true },
      { offset: params.offset ?? 0, count: params.count ?? 50 },
    );
    // The queue shows players' requisites: one read row for the page shown.
    await auditRead(ctx, { type: 'withdrawal_queue', id: stages.join(',') });
    return {
      total,
      items: rows.map((row) => withdrawalView(row, row.decimals, true)),
    };
  },

  async staffreviewwithdrawal(ctx, params) {
    return staffView(
      ctx,
      await reviewWithdrawal(ctx.app, params.id, auditChange(ctx, { type: 'withdrawal' })),
    );
  },

  async staffapprovewithdrawal(ctx, params) {
    return staffView(
      ctx,
      await approveWithdrawal(
        ctx.app,
        params.id,
        originOf(ctx),
        auditChange(ctx, { type: 'withdrawal' }),
      ),
    );
  },

  async staffrejectwithdrawal(ctx, params) {
    const row = await rejectWithdrawal(
      ctx.app,
      params.id,
      { code: params.reason_code, text: params.reason_text ?? null },
      auditChange(ctx, {
        type: 'withdrawal',
        reason: [params.reason_code, params.reason_text].filter(Boolean).join(': '),
      }),
    );
    return staffView(ctx, row);
  },
};

async function staffView(ctx: RequestContext, row: PaymentRow): Promise<Withdrawal> {
  return withdrawalView(row, await currencyDecimals(ctx.app.database.db, row.currency), true);
}
