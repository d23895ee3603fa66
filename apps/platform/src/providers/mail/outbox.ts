import type { Executor } from '../../db/client.ts';
import { mailOutbox } from './schema.ts';

/**
 * The sandbox mail/SMS transport: messages go to the outbox table, which the dev page `/dev/mail`
 * lists. A real transport implements the same function. Service messages only (codes,
 * confirmations): a marketing message goes through marketing/'s `queueMarketingMessage`, which
 * refuses it without the player's consent (issue #25).
 */
export async function sendMessage(
  db: Executor,
  message: { recipient: string; channel: 'email' | 'sms'; subject: string; body: string },
): Promise<void> {
  await db.insert(mailOutbox).values(message);
}
