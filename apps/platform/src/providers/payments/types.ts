/**
 * The payment provider interface: the cashier asks a provider to take a payment (the player pays
 * on the provider's own page) or to send a payout, and learns the result from the provider's
 * signed webhook. A provider decides nothing about limits, balances or who may pay: that is the
 * cashier's (architecture.md "providers/").
 */
export interface PaymentRequest {
  /** The cashier's transaction id (`payments.id`), echoed in every event about it. */
  transaction: number;
  /** Decimal string in the currency's decimals (`"50.00"`). */
  amount: string;
  currency: string;
  /** Where the provider sends the player back, by outcome (same-origin paths). */
  returnUrls: { success: string; fail: string; pending: string; cancel: string };
  /** Where the provider posts its events. */
  webhookUrl: string;
}

export interface PayoutRequest {
  transaction: number;
  amount: string;
  currency: string;
  /** Masked requisites only (the payout's destination as the player gave it, masked). */
  destination: string;
  webhookUrl: string;
}

export type PaymentEventType =
  'payment.succeeded' | 'payment.failed' | 'payout.paid' | 'payout.failed';

/** A verified provider event. */
export interface PaymentEvent {
  id: string;
  type: PaymentEventType;
  transaction: number;
  amount: string;
  currency: string;
  /** Why a payment or payout failed (`card_declined`, `authentication_failed`, `cancelled`, …). */
  reason: string | null;
}

/** A webhook the provider cannot vouch for; the answer is 400 and nothing changes. */
export class WebhookRejected extends Error {
  override readonly name = 'WebhookRejected';
  readonly reason: 'signature' | 'timestamp' | 'payload';
  constructor(reason: 'signature' | 'timestamp' | 'payload', message: string) {
    super(message);
    this.reason = reason;
  }
}

export interface PaymentProvider {
  readonly id: string;
  /**
   * How long the provider's payment page takes a payment (its session): after it, the player can
   * no longer pay there, and the cashier expires a deposit still pending (§4, service.ts).
   */
  readonly sessionSeconds: number;
  createPayment(request: PaymentRequest): Promise<{ reference: string; url: string }>;
  createPayout(request: PayoutRequest): Promise<{ reference: string }>;
  /** Verifies a webhook's signature and freshness and reads its event (or throws WebhookRejected). */
  verifyWebhook(headers: Record<string, unknown>, rawBody: string, now: Date): PaymentEvent;
}
