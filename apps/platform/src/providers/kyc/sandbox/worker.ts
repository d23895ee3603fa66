import { sql } from 'drizzle-orm';
import {
  MAX_ATTEMPTS,
  postSignedWebhook,
  retryDelay,
  startDeliveryWorker,
} from '../../../lib/webhook-delivery.ts';
import type { SandboxEvent, SandboxKycProvider } from './provider.ts';

/**
 * Delivers the KYC sandbox's due webhooks over HTTP, as the payment sandbox does (its worker.ts):
 * each due event is leased (its `due_at` pushed 30 s ahead, so another instance skips it), POSTed
 * signed, and marked delivered on a 2xx; anything else is retried with backoff. An applicant's
 * events go in order: `applicantReviewed` waits while its `applicantPending` is undelivered
 * (the names sort in that order), so the platform never sees a review before the submission.
 */
export async function deliverDueKycWebhooks(provider: SandboxKycProvider): Promise<number> {
  const { database } = provider.app;
  const now = provider.app.now();
  const lease = new Date(now.getTime() + 30_000);
  const due = await database.query<Record<string, unknown>>(sql`
    update sandbox_kyc_events set due_at = ${lease.toISOString()}::timestamptz
    where id in (
      select e.id from sandbox_kyc_events e
      where e.due_at <= ${now.toISOString()}::timestamptz and e.delivered_at is null
        and e.attempts < ${MAX_ATTEMPTS}
        and not exists (
          select 1 from sandbox_kyc_events earlier
          where earlier.applicant_id = e.applicant_id and earlier.delivered_at is null
            and earlier.attempts < ${MAX_ATTEMPTS} and earlier.type < e.type)
      order by e.due_at limit 20
      for update skip locked)
    returning id, applicant_id, type, payload, attempts`);
  let delivered = 0;
  for (const event of due as unknown as SandboxEvent[]) {
    const applicant = await provider.applicant(event.applicant_id);
    const { body, signature } = provider.signedEvent(event, provider.app.now());
    const ok = applicant?.webhook_url
      ? await postSignedWebhook(applicant.webhook_url, body, signature)
      : false;
    if (ok) {
      delivered += 1;
      await provider.delivered(event);
    } else {
      const next = new Date(provider.app.now().getTime() + retryDelay(event.attempts + 1) * 1000);
      await database.query(sql`
        update sandbox_kyc_events set attempts = attempts + 1, due_at = ${next.toISOString()}::timestamptz
        where id = ${event.id}`);
    }
  }
  return delivered;
}

/** Runs delivery passes every `intervalMs` until stopped; a pass never overlaps the next. */
export function startKycWebhookWorker(provider: SandboxKycProvider, intervalMs = 500) {
  return startDeliveryWorker('kyc sandbox', () => deliverDueKycWebhooks(provider), intervalMs);
}
