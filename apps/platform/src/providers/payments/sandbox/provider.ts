import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { rowsOf } from '../../../db/client.ts';
import type { AppContext } from '../../../context.ts';
import { signWebhook, verifyWebhookSignature } from '../signature.ts';
import {
  WebhookRejected,
  type PaymentEvent,
  type PaymentEventType,
  type PaymentProvider,
  type PaymentRequest,
  type PayoutRequest,
} from '../types.ts';

/**
 * The sandbox payment provider: a real provider in miniature. It keeps its own records
 * (`sandbox_payments`), shows its own payment page (`/payments/sandbox/pay/{id}`, pages.ts), and
 * tells the platform the result by a signed webhook it delivers over HTTP with retries
 * (worker.ts), so the cashier's side is the same as with a real provider.
 *
 * Test cards (Stripe's where Stripe has one; any expiry in the future, any CVC):
 * - `4242 4242 4242 4242`: succeeds;
 * - `4000 0000 0000 0002`: declined (`card_declined`);
 * - `4000 0000 0000 3220`: asks for a 3-D Secure step, which can pass or fail;
 * - `4000 0000 0000 1000` (ours; Stripe has none): stays pending, then succeeds after
 *   `PAYMENT_SANDBOX_PENDING_SECONDS` (60 by default);
 * - any other number that passes Luhn is declined as a real card would be in test mode.
 * Payouts are paid after `PAYMENT_SANDBOX_PAYOUT_SECONDS` (3 by default); one to a card ending
 * in 0002 fails (`card_declined`). A payment page takes a payment for
 * `PAYMENT_SANDBOX_SESSION_SECONDS` (30 minutes by default, as Stripe's shortest checkout
 * session) after it was created; then it says the session expired and takes nothing.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000000000003220',
  pending: '4000000000001000',
} as const;

export const SANDBOX_PROVIDER_ID = 'sandbox';

export interface SandboxRecord {
  id: string;
  kind: 'payment' | 'payout';
  merchant_transaction: number;
  amount: string;
  currency: string;
  status: 'open' | 'challenge' | 'processing' | 'succeeded' | 'failed';
  return_url: string;
  webhook_url: string | null;
  card_last4: string | null;
  failure_reason: string | null;
  event_type: PaymentEventType | null;
  event_id: string | null;
  due_at: Date | string | null;
  attempts: number;
  created_at: Date | string;
}

/** The shared webhook secret: `PAYMENT_SANDBOX_SECRET`, else one made once in the data folder. */
export function loadSandboxSecret(dataDir: string): string {
  const fromEnv = process.env.PAYMENT_SANDBOX_SECRET?.trim();
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, 'payments-sandbox.secret');
  if (!existsSync(file)) {
    writeFileSync(file, `whsec_${randomBytes(24).toString('hex')}`, { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

const seconds = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
};

const eventBody = v.object({
  id: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  type: v.picklist(['payment.succeeded', 'payment.failed', 'payout.paid', 'payout.failed']),
  data: v.object({
    transaction: v.pipe(v.number(), v.integer(), v.minValue(1)),
    amount: v.pipe(v.string(), v.regex(/^\d{1,12}(\.\d{1,4})?$/)),
    currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
    reason: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  }),
});

export class SandboxPaymentProvider implements PaymentProvider {
  readonly id = SANDBOX_PROVIDER_ID;
  readonly app: AppContext;
  readonly secret: string;
  readonly pendingSeconds = seconds('PAYMENT_SANDBOX_PENDING_SECONDS', 60);
  readonly payoutSeconds = seconds('PAYMENT_SANDBOX_PAYOUT_SECONDS', 3);
  readonly sessionSeconds = seconds('PAYMENT_SANDBOX_SESSION_SECONDS', 30 * 60);

  constructor(app: AppContext, secret: string) {
    this.app = app;
    this.secret = secret;
  }

  async createPayment(request: PaymentRequest): Promise<{ reference: string; url: string }> {
    const id = `pay_${randomBytes(12).toString('hex')}`;
    const [row] = await this.app.database.query<{ id: string }>(sql`
      insert into sandbox_payments (id, kind, merchant_transaction, amount, currency, status, return_url, webhook_url)
      values (${id}, 'payment', ${request.transaction}, ${request.amount}, ${request.currency}, 'open',
              ${JSON.stringify(request.returnUrls)}, ${request.webhookUrl})
      on conflict (kind, merchant_transaction) do update set kind = excluded.kind
      returning id`);
    return { reference: row!.id, url: `/payments/sandbox/pay/${row!.id}` };
  }

  async createPayout(request: PayoutRequest): Promise<{ reference: string }> {
    const id = `po_${randomBytes(12).toString('hex')}`;
    const fails = /0002$/.test(request.destination.replace(/\D/g, ''));
    const due = new Date(this.app.now().getTime() + this.payoutSeconds * 1000);
    const [row] = await this.app.database.query<{ id: string }>(sql`
      insert into sandbox_payments (id, kind, merchant_transaction, amount, currency, status, return_url,
        webhook_url, event_type, event_id, due_at)
      values (${id}, 'payout', ${request.transaction}, ${request.amount}, ${request.currency}, 'processing', '{}',
              ${request.webhookUrl}, ${fails ? 'payout.failed' : 'payout.paid'}, ${`evt_${randomBytes(12).toString('hex')}`},
              ${due.toISOString()}::timestamptz)
      on conflict (kind, merchant_transaction) do update set kind = excluded.kind
      returning id`);
    return { reference: row!.id };
  }

  verifyWebhook(headers: Record<string, unknown>, rawBody: string, now: Date): PaymentEvent {
    verifyWebhookSignature(this.secret, headers['sandbox-signature'], rawBody, now);
    let json: unknown;
    try {
      json = JSON.parse(rawBody);
    } catch {
      throw new WebhookRejected('payload', 'the body is not JSON');
    }
    const parsed = v.safeParse(eventBody, json);
    if (!parsed.success)
      throw new WebhookRejected('payload', 'the event has not the expected shape');
    const { id, type, data } = parsed.output;
    return {
      id,
      type,
      transaction: data.transaction,
      amount: data.amount,
      currency: data.currency,
      reason: data.reason ?? null,
    };
  }

  // ---- the provider's own side: its records, its decisions, its webhooks ----

  async record(id: string): Promise<SandboxRecord | null> {
    const [row] = await this.app.database.query<Record<string, unknown>>(
      sql`select * from sandbox_payments where id = ${id}`,
    );
    return (row as SandboxRecord | undefined) ?? null;
  }

  /** Whether a payment's page session is over (it takes no payment any more). */
  sessionExpired(record: SandboxRecord): boolean {
    const created = new Date(record.created_at).getTime();
    return this.app.now().getTime() >= created + this.sessionSeconds * 1000;
  }

  /**
   * Settles a payment the player acted on: its status, and the webhook to send (now, or after
   * the pending delay). Only an open or challenged payment moves; anything else is left as is.
   */
  async decide(
    id: string,
    outcome: 'succeeded' | 'failed' | 'challenge' | 'processing',
    details: { last4?: string; reason?: string } = {},
  ): Promise<SandboxRecord | null> {
    const now = this.app.now();
    const event: PaymentEventType | null =
      outcome === 'succeeded' || outcome === 'processing'
        ? 'payment.succeeded'
        : outcome === 'failed'
          ? 'payment.failed'
          : null;
    const due =
      event === null
        ? null
        : new Date(now.getTime() + (outcome === 'processing' ? this.pendingSeconds * 1000 : 0));
    const [row] = await rowsOf<SandboxRecord>(
      this.app.database.db,
      sql`update sandbox_payments set status = ${outcome},
            card_last4 = coalesce(${details.last4 ?? null}, card_last4),
            event_type = ${event}, event_id = ${event ? `evt_${randomBytes(12).toString('hex')}` : null},
            due_at = ${due ? due.toISOString() : null}::timestamptz,
            failure_reason = coalesce(${details.reason ?? null}, failure_reason)
          where id = ${id} and kind = 'payment' and status in ('open', 'challenge')
          returning *`,
    );
    return row ?? null;
  }

  /** The signed webhook of a record's event: headers and body as they go on the wire. */
  signedEvent(record: SandboxRecord, now: Date): { body: string; signature: string } {
    const body = JSON.stringify({
      id: record.event_id,
      type: record.event_type,
      created: Math.floor(now.getTime() / 1000),
      data: {
        transaction: record.merchant_transaction,
        amount: record.amount,
        currency: record.currency,
        reason: record.event_type?.endsWith('failed')
          ? (record.failure_reason ?? 'card_declined')
          : null,
      },
    });
    return { body, signature: signWebhook(this.secret, body, now) };
  }
}
