import { and, eq, sql } from 'drizzle-orm';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { contacts, players } from '../../db/schema/index.ts';
import { sendMessage } from '../../providers/mail/index.ts';
import { assertBelow, record, type Limit } from '../../identity/index.ts';
import { unsubscribeLink } from './unsubscribe-link.ts';

/**
 * Marketing consent (§3): each contact has `is_subscribed`, and so does the account (getInfo).
 *
 * The rule: the account is subscribed when at least one of its contacts is. It is recomputed from
 * the contact rows in the same transaction as every contact change (changeSubscription, an
 * unsubscribe link), so two changes at once still leave the two flags consistent. Registration
 * sets both from `notify`, which already satisfies the rule when the player registers with an
 * e-mail or phone; an account without any contact keeps what registration chose.
 */
export async function setContactSubscription(
  db: Executor,
  target: { playerId: number; contactId: number; subscribed: boolean },
): Promise<{ type: 'email' | 'phone'; changed: boolean } | null> {
  return db.transaction(async (tx) => {
    // Matching on the player too: a contact id alone never reaches someone else's row.
    const [row] = await tx
      .select({ type: contacts.type, isSubscribed: contacts.isSubscribed })
      .from(contacts)
      .where(and(eq(contacts.id, target.contactId), eq(contacts.playerId, target.playerId)))
      .for('update');
    if (!row) return null;
    const changed = row.isSubscribed !== target.subscribed;
    if (changed) {
      await tx
        .update(contacts)
        .set({ isSubscribed: target.subscribed })
        .where(eq(contacts.id, target.contactId));
    }
    await tx
      .update(players)
      .set({
        isSubscribed: sql`exists (select 1 from ${contacts} where ${contacts.playerId} = ${target.playerId} and ${contacts.isSubscribed})`,
      })
      .where(eq(players.id, target.playerId));
    return { type: row.type === 'phone' ? 'phone' : 'email', changed };
  });
}

/**
 * §7 `account/unsubscribe` for a signed-in player: every contact and the account stop marketing
 * at once (the account flag follows the rule above: no contact subscribed, so not subscribed).
 */
export async function unsubscribePlayer(db: Executor, playerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(contacts).set({ isSubscribed: false }).where(eq(contacts.playerId, playerId));
    await tx.update(players).set({ isSubscribed: false }).where(eq(players.id, playerId));
  });
}

/** At most three "you are subscribed" mails per contact a day, however often it is toggled. */
const SUBSCRIBED_MAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
const SUBSCRIBED_MAIL_MAX = 3;

/**
 * The one marketing-type mail the platform sends so far: sent when an e-mail contact is switched
 * on, it confirms the choice and carries the contact's unsubscribe link (also the sandbox's way to
 * get a link for e2e tests, through `/dev/mail`). The address may still be unconfirmed, as after
 * registration with `notify`, so the mail is capped per contact: toggling cannot flood an address
 * someone else typed in, and whoever receives it can opt out in one click.
 */
export async function sendSubscribedMail(
  app: AppContext,
  target: { playerId: number; contactId: number; email: string },
): Promise<void> {
  const limits: Limit[] = [
    {
      key: `subscribed_mail:${target.contactId}`,
      max: SUBSCRIBED_MAIL_MAX,
      windowMs: SUBSCRIBED_MAIL_WINDOW_MS,
    },
  ];
  try {
    await assertBelow(app.database, limits, app.now());
  } catch (error) {
    // Over the cap the subscription still changes; only the courtesy mail is skipped.
    if (error instanceof ApiError && error.type === 'TooManyRequests') return;
    throw error;
  }
  await record(app.database, limits, app.now());
  const link = unsubscribeLink(
    app.secret,
    { playerId: target.playerId, contactId: target.contactId },
    app.config.publicUrl ?? null,
  );
  await sendMessage(app.database.db, {
    recipient: target.email,
    channel: 'email',
    subject: 'You are subscribed to Northstar news and offers',
    body: `You will now receive Northstar news and offers at this address. To stop them at any time, open this link (no sign-in needed): ${link}`,
  });
}
