import type { Executor } from '../db/client.ts';
import { contactsOf } from '../identity/index.ts';
import { sendMessage } from '../providers/mail/index.ts';
import { hasMarketingConsent, type MarketingProduct } from './consent.ts';

export type MarketingRefusal = 'no_consent' | 'no_subscribed_contact';
export type MarketingQueued = { queued: true } | { queued: false; reason: MarketingRefusal };

/**
 * The one way a marketing message (news, offers, bonuses) reaches the mail and SMS outbox
 * (providers/mail's `sendMessage` is for service messages: codes, confirmations). It refuses,
 * writing nothing, unless the player consents to marketing of that product on that channel
 * (issue #25; GDPR art. 6, PECR reg. 22), and then only to a confirmed contact of the channel's
 * kind the player has left subscribed (§3 contact `is_subscribed`, which `unsubscribe` clears).
 * A self-exclusion withdraws the consent (responsible/), so it stops here too. Push has no
 * transport yet; its consent is kept for when it has one.
 */
export async function queueMarketingMessage(
  db: Executor,
  message: {
    playerId: number;
    product: MarketingProduct;
    channel: 'email' | 'sms';
    subject: string;
    body: string;
  },
): Promise<MarketingQueued> {
  if (!(await hasMarketingConsent(db, message.playerId, message.product, message.channel))) {
    return { queued: false, reason: 'no_consent' };
  }
  const kind = message.channel === 'email' ? 'email' : 'phone';
  const target = (await contactsOf(db, message.playerId)).find(
    (c) => c.type === kind && c.isConfirmed && c.isSubscribed,
  );
  if (!target) return { queued: false, reason: 'no_subscribed_contact' };
  await sendMessage(db, {
    recipient: target.contact,
    channel: message.channel,
    subject: message.subject,
    body: message.body,
  });
  return { queued: true };
}
