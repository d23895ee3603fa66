import { sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import { localizePath, type Locale } from '@northstar/i18n/locales';
import {
  isValidCardNumber,
  isValidIban,
  MASKED_CARD_PATTERN,
  NEW_CARD,
} from '@northstar/validators';
import { forfeitForWithdrawal, grantForDeposit } from '../bonuses/index.ts';
import type { ChangeHook } from '../lib/change-hook.ts';
import type { AppContext } from '../context.ts';
import { rowsOf, sqlTime, type Executor } from '../db/client.ts';
import {
  paymentProviders,
  WebhookRejected,
  type PaymentEvent,
  type PaymentProvider,
} from '../providers/payments/index.ts';
import { paymentAccount } from '../identity/index.ts';
import { assertKycAllowsWithdrawal } from '../kyc/index.ts';
import { recordDeposit } from '../loyalty/index.ts';
import { paymentsCounter } from '../ops/index.ts';
import { announcePlayEvents, publishPlayEvent } from '../play-events/index.ts';
import { assertDepositAllowed, isSelfExcluded } from '../responsible/index.ts';
import { applyClaimedMovement, fromMinor, toMinor } from '../wallet/index.ts';
import {
  BANKS,
  CAN_CANCEL,
  convert,
  DAILY_WITHDRAWAL_EUR,
  KYC_THRESHOLD_EUR,
  methodBySysname,
  SUMSUB_THRESHOLD_EUR,
  type MethodConfig,
} from './methods.ts';

/**
 * The cashier's money rules. Every change of a payment's status is a compare-and-set on its row
 * and its money movement is a ledger entry in the same transaction, under a key made from the
 * payment's id (`deposit:<id>`, `withdrawal:<id>:hold`, `withdrawal:<id>:return`), so a replayed
 * webhook, a double click or a cancel racing an approval moves money at most once.
 */

export interface CashierPlayer {
  id: number;
  status: string;
  currency: string;
  decimals: number;
  rate: string;
  isVerified: boolean;
  isOnVerification: boolean;
  isKycBlockEnabled: boolean;
}

export type PaymentRow = {
  id: number;
  player_id: number;
  kind: 'deposit' | 'withdrawal';
  method: string;
  provider: string;
  currency: string;
  amount_minor: string;
  status: string;
  requisites: string | null;
  bank: string | null;
  reason_code: string | null;
  reason_text: string | null;
  provider_ref: string | null;
  /** The deposit offer (a bonus template) the player chose, if any (issue #26). */
  offer_id?: number | null;
  stages: { stage: string; at: string }[];
  created_at: Date | string;
  updated_at: Date | string;
  decimals?: number;
};

const stage = (name: string, at: Date) => JSON.stringify([{ stage: name, at: at.toISOString() }]);

/** The player with what the cashier needs; `lock` holds the row for the caller's transaction. */
export async function cashierPlayer(
  db: Executor,
  playerId: number,
  lock = false,
): Promise<CashierPlayer> {
  // The account through identity's door (locked for the caller's transaction when asked), its
  // currency's decimals and rate from the reference data.
  const row = await paymentAccount(db, playerId, lock);
  if (!row || row.status === 'deleted') throw new ApiError('Authorization', 'Sign in to continue');
  if (row.status === 'banned' || row.status === 'blocked') {
    throw new ApiError('UserBanned', 'This account is blocked', {
      errorData: { type: 'user-banned' },
    });
  }
  const [currency] = await rowsOf<{ decimals: number; rate: string }>(
    db,
    sql`select decimals, rate from currencies where code = ${row.currency}`,
  );
  return {
    ...row,
    decimals: currency?.decimals ?? 2,
    rate: currency?.rate ?? '1',
  };
}

const unitsToMinor = (units: string, decimals: number) => BigInt(units) * 10n ** BigInt(decimals);

function invalid(field: string, code: string, message: string): ApiError {
  return new ApiError('InvalidParameter', message, { invalidParameters: { [field]: [code] } });
}

/** A method the player may use now, for deposits or withdrawals, in their currency. */
export function usableMethod(
  app: AppContext,
  sysname: string,
  direction: 'deposit' | 'withdraw',
  currency: string,
): { method: MethodConfig; provider: PaymentProvider } {
  const method = methodBySysname(sysname);
  if (!method || !method[direction] || !method.currencies.includes(currency)) {
    throw invalid('method', 'wrong_field', 'This payment method is not available');
  }
  const provider = paymentProviders(app).get(method.provider);
  if (!provider) throw new ApiError('BillingUnavailable', 'This payment method is unavailable now');
  return { method, provider };
}

function checkRange(
  units: string,
  range: { minEur: number; maxEur: number },
  rate: string,
  overMax: () => ApiError,
) {
  const value = Number(units);
  const min = convert(range.minEur, rate, true);
  const max = convert(range.maxEur, rate, false);
  if (value < min) {
    throw new ApiError('InvalidParameter', `The smallest amount is ${min}`, {
      invalidParameters: { amount: ['min_value'] },
      errorData: { min: String(min) },
    });
  }
  if (value > max) throw overMax();
}

// ---------------------------------------------------------------- deposits

/**
 * §4 abandoned deposits expire: a deposit still pending when its provider's payment session is
 * over (`sessionSeconds`: the player can no longer pay there) becomes `expired`, with reason
 * `expired`, and stops counting towards a deposit limit. Lazily, where a deposit is read or a
 * new one is counted, in ONE conditional UPDATE per provider: with several platform instances on
 * one database each row moves once, because PostgreSQL re-checks `status = 'pending'` on a row
 * another transaction changed meanwhile, so the second instance's UPDATE skips it (tested in
 * expiry.test.ts). An expired deposit never credits: a late success webhook finds it final
 * (applyToPayment).
 */
export async function expireAbandonedDeposits(
  app: AppContext,
  db: Executor,
  scope: { playerId?: number; id?: number } = {},
): Promise<number[]> {
  const now = app.now();
  const expired: number[] = [];
  for (const provider of paymentProviders(app).values()) {
    const before = new Date(now.getTime() - provider.sessionSeconds * 1000);
    const rows = await rowsOf<{ id: number }>(
      db,
      sql`update payments set status = 'expired', reason_code = 'expired',
            updated_at = ${sqlTime(now)}, stages = stages || ${stage('expired', now)}::jsonb
          where kind = 'deposit' and status = 'pending' and provider = ${provider.id}
            and created_at <= ${sqlTime(before)}
            ${scope.playerId === undefined ? sql`` : sql`and player_id = ${scope.playerId}`}
            ${scope.id === undefined ? sql`` : sql`and id = ${scope.id}`}
          returning id`,
    );
    for (const row of rows) {
      paymentsCounter.inc({ kind: 'deposit', status: 'expired' });
      expired.push(row.id);
    }
  }
  return expired;
}

export interface DepositRequest {
  playerId: number;
  method: string;
  /** Whole units (§5 sum rule, checked by the contract). */
  amount: string;
  offerId: number | null;
  locale: Locale;
  /** This site's origin, for the provider's webhook (`https://…`). */
  origin: string;
}

export async function makeDeposit(
  app: AppContext,
  request: DepositRequest,
): Promise<{ transaction: number; url: string }> {
  const db = app.database.db;
  const player = await cashierPlayer(db, request.playerId);
  const { method, provider } = usableMethod(app, request.method, 'deposit', player.currency);
  checkRange(request.amount, method.deposit!, player.rate, () =>
    invalid('amount', 'max_value', 'This amount is above the method’s largest'),
  );
  const amountMinor = unitsToMinor(request.amount, player.decimals);
  const now = app.now();
  const payment = await db.transaction(async (tx) => {
    await cashierPlayer(tx, player.id, true);
    // Abandoned deposits stop counting towards the limit before this one is counted.
    await expireAbandonedDeposits(app, tx, { playerId: player.id });
    if (await isSelfExcluded(tx, player.id, now)) {
      throw new ApiError(
        'BillingTransactionDeclined',
        'Deposits are closed while you are excluded',
        {
          errorData: { reason: 'self_excluded' },
        },
      );
    }
    await assertDepositAllowed(tx, player.id, amountMinor, now);
    const [row] = await rowsOf<{ id: number }>(
      tx,
      sql`insert into payments (player_id, kind, method, provider, currency, amount_minor, status, offer_id, stages, created_at, updated_at)
          values (${player.id}, 'deposit', ${method.sysname}, ${provider.id}, ${player.currency},
                  ${amountMinor.toString()}::bigint, 'pending', ${request.offerId},
                  ${stage('pending', now)}::jsonb, ${sqlTime(now)}, ${sqlTime(now)})
          returning id`,
    );
    return row!;
  });
  paymentsCounter.inc({ kind: 'deposit', status: 'pending' });
  const page = (name: string) => localizePath(`/cashier/${name}/${payment.id}`, request.locale);
  try {
    const started = await provider.createPayment({
      transaction: payment.id,
      amount: fromMinor(amountMinor, player.decimals),
      currency: player.currency,
      returnUrls: {
        success: page('paysuccess'),
        fail: page('payfail'),
        pending: page('paypending'),
        cancel: page('payfail'),
      },
      webhookUrl: `${request.origin}/payments/${provider.id}/webhook`,
    });
    await app.database.query(
      sql`update payments set provider_ref = ${started.reference} where id = ${payment.id}`,
    );
    return { transaction: payment.id, url: started.url };
  } catch (error) {
    // The provider never took it: the deposit fails (and stops counting towards a limit).
    await app.database.query(sql`
      update payments set status = 'failed', reason_code = 'provider_error', updated_at = ${sqlTime(app.now())}
      where id = ${payment.id} and status = 'pending'`);
    throw new ApiError('BillingServiceError', 'The payment provider did not answer', {
      cause: error,
    });
  }
}

// ---------------------------------------------------------------- provider events

export type EventOutcome = 'applied' | 'replayed' | 'ignored';

/**
 * A verified provider event, applied once. The event id is recorded in the same transaction
 * as its effect, so a replay changes nothing; an event whose amount or currency differs from
 * the transaction's is refused (nothing recorded); an event that comes after the transaction
 * reached a final state (reordered or contradictory) is recorded and ignored.
 */
export async function applyPaymentEvent(
  app: AppContext,
  providerId: string,
  event: PaymentEvent,
): Promise<EventOutcome> {
  return app.database.db.transaction(async (tx) => {
    const [payment] = await rowsOf<PaymentRow>(
      tx,
      sql`select p.*, coalesce(c.decimals, 2) as decimals from payments p
          left join currencies c on c.code = p.currency
          where p.id = ${event.transaction} and p.provider = ${providerId}
          for update of p`,
    );
    if (!payment) throw new WebhookRejected('payload', 'no such transaction');
    const expectsKind = event.type.startsWith('payment.') ? 'deposit' : 'withdrawal';
    if (payment.kind !== expectsKind) throw new WebhookRejected('payload', 'wrong event type');
    let amountMinor: bigint;
    try {
      amountMinor = toMinor(event.amount, payment.decimals ?? 2);
    } catch {
      throw new WebhookRejected('payload', 'amount is not in the currency’s decimals');
    }
    if (event.currency !== payment.currency || amountMinor !== BigInt(payment.amount_minor)) {
      throw new WebhookRejected('payload', 'amount or currency differs from the transaction');
    }
    const [fresh] = await rowsOf<{ event_id: string }>(
      tx,
      sql`insert into payment_events (provider, event_id, type, payment_id, outcome)
          values (${providerId}, ${event.id}, ${event.type}, ${payment.id}, 'applied')
          on conflict (event_id) do nothing returning event_id`,
    );
    if (!fresh) return 'replayed';
    // A deposit whose payment session is over expires now if nothing did it before (the row is
    // locked above, so this is the one change of its status).
    if (
      payment.kind === 'deposit' &&
      payment.status === 'pending' &&
      (await expireAbandonedDeposits(app, tx, { id: payment.id })).length > 0
    ) {
      payment.status = 'expired';
    }
    const applied = await applyToPayment(app, tx, payment, event);
    if (!applied) {
      // Not applied, and recorded. A late event for an expired deposit is answered 200 (the
      // provider stops retrying) and kept with the outcome `late_expired`: the deposit stays
      // expired and never credits (§4, money only through a live deposit), and the operator's
      // reconciliation finds the payment the provider took after the session to refund it.
      const outcome = payment.status === 'expired' ? 'late_expired' : 'ignored';
      await tx.execute(
        sql`update payment_events set outcome = ${outcome} where event_id = ${event.id}`,
      );
    }
    return applied ? 'applied' : 'ignored';
  });
}

async function applyToPayment(
  app: AppContext,
  tx: Executor,
  payment: PaymentRow,
  event: PaymentEvent,
): Promise<boolean> {
  const now = app.now();
  const amountMinor = BigInt(payment.amount_minor);
  const movement = (kind: string, amount: bigint, reason: string) =>
    applyClaimedMovement(tx, {
      playerId: payment.player_id,
      kind: 'main',
      currency: payment.currency,
      amountMinor: amount,
      reason,
      idempotencyKey: kind,
      meta: { payment: payment.id, event: event.id },
    });
  switch (event.type) {
    case 'payment.succeeded': {
      if (payment.status !== 'pending') return false;
      await setStatus(tx, payment.id, 'success', now);
      await movement(`deposit:${payment.id}`, amountMinor, 'deposit');
      // Issue #26: the offer chosen with the deposit grants its bonus, once, with the money.
      await grantForDeposit(tx, now, {
        playerId: payment.player_id,
        paymentId: payment.id,
        currency: payment.currency,
        amountMinor,
        offerId: payment.offer_id ?? null,
      });
      // Issue #27: loyalty's programmes that count deposits ("make a first deposit").
      await recordDeposit(tx, now, {
        playerId: payment.player_id,
        paymentId: payment.id,
        currency: payment.currency,
      });
      return true;
    }
    case 'payment.failed': {
      if (payment.status !== 'pending') return false;
      const status = event.reason === 'cancelled' ? 'cancelled' : 'failed';
      await setStatus(tx, payment.id, status, now, { code: event.reason ?? 'declined' });
      return true;
    }
    case 'payout.paid': {
      if (payment.status !== 'sent' && payment.status !== 'approved') return false;
      await setStatus(tx, payment.id, 'paid', now, undefined, 'withdrawal');
      return true;
    }
    case 'payout.failed': {
      if (payment.status !== 'sent' && payment.status !== 'approved') return false;
      await setStatus(
        tx,
        payment.id,
        'rejected',
        now,
        { code: 'payout_failed', text: 'The payment provider could not pay to these details.' },
        'withdrawal',
      );
      await movement(`withdrawal:${payment.id}:return`, amountMinor, 'withdrawal_return');
      return true;
    }
  }
}

async function setStatus(
  tx: Executor,
  id: number,
  status: string,
  at: Date,
  reason?: { code: string; text?: string },
  kind: 'deposit' | 'withdrawal' = 'deposit',
): Promise<void> {
  // Counted when the change is written (a transaction that then fails is rare: a counter is a
  // trend for the operator, the books are the ledger).
  paymentsCounter.inc({ kind, status });
  await tx.execute(sql`
    update payments set status = ${status}, updated_at = ${sqlTime(at)},
      stages = stages || ${stage(status, at)}::jsonb
      ${reason ? sql`, reason_code = ${reason.code}, reason_text = ${reason.text ?? null}` : sql``}
    where id = ${id}`);
}

// ---------------------------------------------------------------- withdrawals

export interface WithdrawalRequest {
  playerId: number;
  method: string;
  amount: string;
  requisites: string | null;
  bank: string | null;
  /** The player accepted that the withdrawal forfeits the active bonus (§2 burn-bonuses). */
  burnBonuses?: boolean;
}

/** Requisites the sandbox's risk list knows as fraudulent (Stripe's "fraudulent" test card). */
const FRAUD_LIST = new Set(['4000000000000259', '4100000000000019']);

/** Checks the requisites of a method (§5) and answers their masked form. */
function checkRequisites(
  method: MethodConfig,
  requisites: string | null,
  bank: string | null,
): { masked: string; bank: string | null; digits: string | null } {
  const kind = method.withdraw!.requisites;
  const value = (requisites ?? '').trim();
  if (!value) throw invalid('requisites', 'required', 'Enter where to send the money');
  if (kind === 'card') {
    // The server takes what the form takes (§5, the shared validator): a full number, a saved
    // card's masked form, or the literal `new`.
    if (!isValidCardNumber(value)) {
      throw invalid('requisites', 'card_number', 'This card number is not valid');
    }
    // `new`: the player pays out to a card not given here; the provider takes its details on
    // its own payout page (the sandbox pays it like any good card). Nothing to check against
    // the risk list or the saved cards, and nothing to mask.
    if (value === NEW_CARD) return { masked: NEW_CARD, bank: null, digits: null };
    if (MASKED_CARD_PATTERN.test(value)) return { masked: value, bank: null, digits: null };
    const digits = value.replace(/[\s-]/g, '');
    return { masked: `${digits.slice(0, 6)}...${digits.slice(-4)}`, bank: null, digits };
  }
  if (!isValidIban(value)) throw invalid('requisites', 'iban', 'This IBAN is not valid');
  if (!bank || !BANKS.some((item) => item.id === bank)) {
    throw invalid('bank', 'required', 'Choose your bank');
  }
  const compact = value.replace(/\s/g, '').toUpperCase();
  return { masked: `${compact.slice(0, 2)}** **** ${compact.slice(-4)}`, bank, digits: compact };
}

export async function makeWithdrawal(
  app: AppContext,
  request: WithdrawalRequest,
  origin: string,
): Promise<PaymentRow> {
  const db = app.database.db;
  const player = await cashierPlayer(db, request.playerId);
  const { method, provider } = usableMethod(app, request.method, 'withdraw', player.currency);
  checkRange(
    request.amount,
    method.withdraw!,
    player.rate,
    () =>
      new ApiError('WithdrawalLimitsExceeded', 'This amount is above the method’s largest', {
        errorData: { max: String(convert(method.withdraw!.maxEur, player.rate, false)) },
      }),
  );
  const requisites = checkRequisites(method, request.requisites, request.bank);
  if (requisites.digits && FRAUD_LIST.has(requisites.digits)) {
    throw new ApiError('RequisitesFraudulent', 'These payment details cannot be used');
  }
  if (MASKED_CARD_PATTERN.test(requisites.masked) && requisites.digits === null) {
    // A saved card (masked form) is one a withdrawal was already paid to.
    const [known] = await rowsOf(
      db,
      sql`select 1 from payments where player_id = ${player.id} and kind = 'withdrawal'
            and status = 'paid' and requisites = ${requisites.masked} limit 1`,
    );
    if (!known) {
      throw new ApiError('RequisitesValidationRequired', 'Enter the full card number once');
    }
  }
  // §8 KycWithdrawal (issue #25): with the account's KYC block on, no withdrawal before the
  // player is verified; asked of kyc/, which decides verification. Before the requisites' own
  // review, so the player is sent to the verification page first.
  assertKycAllowsWithdrawal(player);
  if (player.isOnVerification) {
    throw new ApiError('RequisitesOnVerification', 'Your payment details are being verified');
  }
  const amountMinor = unitsToMinor(request.amount, player.decimals);
  const now = app.now();
  const eur = (value: number) =>
    unitsToMinor(String(convert(value, player.rate, false)), player.decimals);
  if (!player.isVerified && amountMinor > eur(KYC_THRESHOLD_EUR)) {
    throw new ApiError('SumsubVerificationRequired', 'Verify your identity for this amount');
  }
  const row = await db.transaction(async (tx) => {
    await cashierPlayer(tx, player.id, true);
    const [day] = await rowsOf<{ total: string; month: string }>(
      tx,
      sql`select
            coalesce(sum(amount_minor) filter (where created_at > ${sqlTime(new Date(now.getTime() - 86_400_000))}), 0)::text as total,
            coalesce(sum(amount_minor) filter (where created_at > ${sqlTime(new Date(now.getTime() - 30 * 86_400_000))}), 0)::text as month
          from payments where player_id = ${player.id} and kind = 'withdrawal'
            and status not in ('rejected', 'cancelled')`,
    );
    if (BigInt(day!.total) + amountMinor > eur(DAILY_WITHDRAWAL_EUR)) {
      throw new ApiError('WithdrawalLimitsPeriodExceeded', 'This is over your 24-hour limit', {
        errorData: { period: '24h' },
      });
    }
    if (!player.isVerified && BigInt(day!.month) + amountMinor > eur(SUMSUB_THRESHOLD_EUR)) {
      throw new ApiError('SumsubVerificationRequired', 'Verify your identity to withdraw more');
    }
    // Issue #26 (§2 burn-bonuses confirm): a withdrawal forfeits the active bonus, in this
    // transaction and before the money leaves; without the player's consent it is refused.
    await forfeitForWithdrawal(tx, now, player.id, request.burnBonuses === true);
    const [inserted] = await rowsOf<PaymentRow>(
      tx,
      sql`insert into payments (player_id, kind, method, provider, currency, amount_minor, status, requisites, bank, stages, created_at, updated_at)
          values (${player.id}, 'withdrawal', ${method.sysname}, ${provider.id}, ${player.currency},
                  ${amountMinor.toString()}::bigint, 'requested', ${requisites.masked}, ${requisites.bank},
                  ${stage('requested', now)}::jsonb, ${sqlTime(now)}, ${sqlTime(now)})
          returning *`,
    );
    try {
      await applyClaimedMovement(tx, {
        playerId: player.id,
        kind: 'main',
        currency: player.currency,
        amountMinor: -amountMinor,
        reason: 'withdrawal',
        idempotencyKey: `withdrawal:${inserted!.id}:hold`,
        meta: { payment: inserted!.id },
      });
    } catch (error) {
      if (error instanceof ApiError && error.type === 'BillingTransactionDeclined') {
        throw new ApiError('WithdrawalDeclined', 'There is not enough money to withdraw', {
          errorData: { reason: 'insufficient_funds' },
        });
      }
      throw error;
    }
    // Issue #27 (§3 tournament `reset_on_cashout`): the request is published to the play-event
    // stream in its own transaction, so tournaments learn of it in order with the rounds around
    // it, without reading the cashier's tables (play-events/README.md).
    await publishPlayEvent(tx, {
      ref: `cashier:withdrawal:${inserted!.id}`,
      kind: 'cashout',
      product: 'cashier',
      playerId: player.id,
      currency: player.currency,
      providerId: '',
      gameCode: '',
      round: `withdrawal:${inserted!.id}`,
      amountMinor,
      realMinor: amountMinor,
      bonusMinor: 0n,
      stakeMinor: 0n,
      freespin: false,
      occurredAt: now,
    });
    return inserted!;
  });
  announcePlayEvents(app.database);
  void origin;
  paymentsCounter.inc({ kind: 'withdrawal', status: 'requested' });
  return { ...row, decimals: player.decimals };
}

/**
 * The stages a player may cancel from, and staff reject from: before approval. Once approved,
 * the payout may already be with the provider, so only the provider's answer (paid, or failed
 * and returned) ends it; found on PostgreSQL, where a reject racing an approval otherwise
 * returned the money of a payout that was then sent.
 */
const CANCELLABLE = ['requested', 'in_review'] as const;

/** Moves a withdrawal from one of `from` to `to` (compare-and-set); null when it was not there. */
async function moveWithdrawal(
  tx: Executor,
  where: { id: number; playerId?: number },
  from: readonly string[],
  to: string,
  at: Date,
  reason?: { code: string; text: string | null },
): Promise<PaymentRow | null> {
  const [row] = await rowsOf<PaymentRow>(
    tx,
    sql`update payments set status = ${to}, updated_at = ${sqlTime(at)},
          stages = stages || ${stage(to, at)}::jsonb
          ${reason ? sql`, reason_code = ${reason.code}, reason_text = ${reason.text}` : sql``}
        where id = ${where.id} and kind = 'withdrawal'
          ${where.playerId === undefined ? sql`` : sql`and player_id = ${where.playerId}`}
          and status in (${sql.join(
            from.map((item) => sql`${item}`),
            sql`, `,
          )})
        returning *`,
  );
  if (row) paymentsCounter.inc({ kind: 'withdrawal', status: to });
  return row ?? null;
}

async function returnFunds(tx: Executor, row: PaymentRow, reason: string): Promise<void> {
  await applyClaimedMovement(tx, {
    playerId: row.player_id,
    kind: 'main',
    currency: row.currency,
    amountMinor: BigInt(row.amount_minor),
    reason,
    idempotencyKey: `withdrawal:${row.id}:return`,
    meta: { payment: row.id },
  });
}

export async function cancelWithdrawal(app: AppContext, playerId: number, id: number) {
  if (!CAN_CANCEL) {
    throw new ApiError('WithdrawalDeclined', 'Withdrawals cannot be cancelled here', {
      errorData: { reason: 'cancel_not_allowed' },
    });
  }
  await app.database.db.transaction(async (tx) => {
    const row = await moveWithdrawal(tx, { id, playerId }, CANCELLABLE, 'cancelled', app.now());
    if (!row) {
      throw new ApiError('WithdrawalDeclined', 'This withdrawal can no longer be cancelled', {
        errorData: { reason: 'not_cancellable' },
      });
    }
    await returnFunds(tx, row, 'withdrawal_cancelled');
  });
}

function notInStage(): ApiError {
  return new ApiError('InvalidRequest', 'This withdrawal is not at a stage that allows this', {
    errorData: { reason: 'wrong_stage' },
  });
}

/** A staff decision's audit record: the stage before and after, and the reason (issue #30). */
async function staffMoved(
  tx: Executor,
  hook: ChangeHook,
  row: PaymentRow,
  before: string,
): Promise<void> {
  await hook(tx, {
    subjectId: row.id,
    playerId: row.player_id,
    before: { status: before },
    after: {
      status: row.status,
      amount_minor: String(row.amount_minor),
      currency: row.currency,
      ...(row.reason_code ? { reason_code: row.reason_code, reason_text: row.reason_text } : {}),
    },
  });
}

/** The stage a withdrawal is in, read in the transaction that moves it on. */
async function withdrawalStage(tx: Executor, id: number): Promise<string | null> {
  const [row] = await rowsOf<{ status: string }>(
    tx,
    sql`select status from payments where id = ${id} and kind = 'withdrawal' for update`,
  );
  return row?.status ?? null;
}

export async function reviewWithdrawal(
  app: AppContext,
  id: number,
  hook: ChangeHook,
): Promise<PaymentRow> {
  return app.database.db.transaction(async (tx) => {
    const before = await withdrawalStage(tx, id);
    const row = await moveWithdrawal(tx, { id }, ['requested'], 'in_review', app.now());
    if (!row || !before) throw notInStage();
    await staffMoved(tx, hook, row, before);
    return row;
  });
}

export async function rejectWithdrawal(
  app: AppContext,
  id: number,
  reason: { code: string; text: string | null },
  hook: ChangeHook,
): Promise<PaymentRow> {
  return app.database.db.transaction(async (tx) => {
    const before = await withdrawalStage(tx, id);
    const row = await moveWithdrawal(tx, { id }, CANCELLABLE, 'rejected', app.now(), reason);
    if (!row || !before) throw notInStage();
    await returnFunds(tx, row, 'withdrawal_rejected');
    await staffMoved(tx, hook, row, before);
    return row;
  });
}

/**
 * Approves a withdrawal and asks its provider for the payout; the stage becomes `sent` once
 * the provider took it, `paid` when its webhook says so. Approving an approved withdrawal whose
 * payout did not start tries the payout again (the provider's payout is idempotent).
 */
export async function approveWithdrawal(
  app: AppContext,
  id: number,
  origin: string,
  hook: ChangeHook,
): Promise<PaymentRow> {
  const db = app.database.db;
  // The decision and its audit row commit together; asking the provider comes after.
  const row = await db.transaction(async (tx) => {
    const before = await withdrawalStage(tx, id);
    const moved = await moveWithdrawal(
      tx,
      { id },
      ['requested', 'in_review'],
      'approved',
      app.now(),
    );
    const [current] = moved
      ? [moved]
      : await rowsOf<PaymentRow>(
          tx,
          sql`select * from payments where id = ${id} and kind = 'withdrawal' and status = 'approved'`,
        );
    if (!current || !before) throw notInStage();
    await staffMoved(tx, hook, current, before);
    return current;
  });
  const provider = paymentProviders(app).get(row.provider);
  if (!provider) throw new ApiError('BillingUnavailable', 'The payout provider is not configured');
  const [currency] = await rowsOf<{ decimals: number }>(
    db,
    sql`select decimals from currencies where code = ${row.currency}`,
  );
  const payout = await provider.createPayout({
    transaction: row.id,
    amount: fromMinor(BigInt(row.amount_minor), currency?.decimals ?? 2),
    currency: row.currency,
    destination: row.requisites ?? '',
    webhookUrl: `${origin}/payments/${provider.id}/webhook`,
  });
  const sent = await moveWithdrawal(db, { id }, ['approved'], 'sent', app.now());
  if (sent) {
    await db.execute(sql`update payments set provider_ref = ${payout.reference} where id = ${id}`);
    return { ...sent, provider_ref: payout.reference };
  }
  const [latest] = await rowsOf<PaymentRow>(db, sql`select * from payments where id = ${id}`);
  return latest!;
}

export { CAN_CANCEL, CANCELLABLE };
