import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookRejected } from './types.ts';

/** How old (or how far ahead) a signed webhook may be: Stripe's default tolerance. */
export const WEBHOOK_TOLERANCE_S = 300;

/** `t=<unix seconds>,v1=<hex HMAC-SHA-256 of "t.body">`, Stripe's scheme. */
export function signWebhook(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** Checks a signature header against the raw body; throws WebhookRejected when it fails. */
export function verifyWebhookSignature(
  secret: string,
  header: unknown,
  body: string,
  now: Date,
): void {
  if (typeof header !== 'string') throw new WebhookRejected('signature', 'no signature header');
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const [key, value] = item.split('=', 2);
    if (!key || value === undefined) continue;
    parts.set(key.trim(), [...(parts.get(key.trim()) ?? []), value.trim()]);
  }
  const t = parts.get('t')?.[0];
  const candidates = parts.get('v1') ?? [];
  if (!t || !/^\d{1,12}$/.test(t) || candidates.length === 0) {
    throw new WebhookRejected('signature', 'malformed signature header');
  }
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  const matches = candidates.some((candidate) => {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) return false;
    return timingSafeEqual(Buffer.from(candidate, 'hex'), expected);
  });
  if (!matches) throw new WebhookRejected('signature', 'signature does not match');
  if (Math.abs(now.getTime() / 1000 - Number(t)) > WEBHOOK_TOLERANCE_S) {
    throw new WebhookRejected('timestamp', 'signature timestamp outside the tolerance');
  }
}
