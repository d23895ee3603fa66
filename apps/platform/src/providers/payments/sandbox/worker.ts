import { sql } from 'drizzle-orm';
import {
  MAX_ATTEMPTS,
  postSignedWebhook,
  retryDelay,
  startDeliveryWorker,
} from '../../../lib/webhook-delivery.ts';
import type { SandboxPaymentProvider, SandboxRecord } from './provider.ts';

/**
 * Delivers the sandbox's due webhooks over HTTP, as the provider would: each due record is
 * leased (its `due_at` pushed 30 s ahead, so another instance skips it), POSTed signed, and
 * cleared on a 2xx; anything else is retried with backoff. One pass; `startWebhookWorker` runs
 * passes on a timer.
 */
export async function deliverDueWebhooks(provider: SandboxPaymentProvider): Promise<number> {
  const { database } = provider.app;
  const now = provider.app.now();
  const lease = new Date(now.getTime() + 30_000);
  const due = await database.query<Record<string, unknown>>(sql`
    update sandbox_payments set due_at = ${lease.toISOString()}::timestamptz
    where id in (
      select id from sandbox_payments
      where due_at <= ${now.toISOString()}::timestamptz and event_type is not null
        and webhook_url is not null and attempts < ${MAX_ATTEMPTS}
      order by due_at limit 20
      for update skip locked)
    returning *`);
  let delivered = 0;
  for (const row of due as unknown as SandboxRecord[]) {
    const { body, signature } = provider.signedEvent(row, provider.app.now());
    const ok = await postSignedWebhook(row.webhook_url!, body, signature);
    if (ok) {
      delivered += 1;
      await database.query(sql`
        update sandbox_payments set due_at = null, attempts = attempts + 1,
          status = case when event_type in ('payment.succeeded', 'payout.paid') then 'succeeded' else 'failed' end
        where id = ${row.id}`);
    } else {
      const next = new Date(provider.app.now().getTime() + retryDelay(row.attempts + 1) * 1000);
      await database.query(sql`
        update sandbox_payments set attempts = attempts + 1, due_at = ${next.toISOString()}::timestamptz
        where id = ${row.id}`);
    }
  }
  return delivered;
}

/** Runs delivery passes every `intervalMs` until stopped; a pass never overlaps the next. */
export function startWebhookWorker(provider: SandboxPaymentProvider, intervalMs = 500) {
  return startDeliveryWorker('payments sandbox', () => deliverDueWebhooks(provider), intervalMs);
}
