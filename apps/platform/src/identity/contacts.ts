import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { contacts, players } from './schema.ts';
import type { NewContact } from './registration.ts';

export type Contact = typeof contacts.$inferSelect;

/** The contact with this normalised value, whoever's it is (null when nobody has it). */
export async function findContact(
  db: Executor,
  type: 'email' | 'phone',
  contact: string,
): Promise<Contact | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.type, type), eq(contacts.contact, contact)))
    .limit(1);
  return row ?? null;
}

/** One of this player's contacts by its normalised value; null when the player has no such. */
export async function playerContact(
  db: Executor,
  playerId: number,
  type: 'email' | 'phone',
  contact: string,
): Promise<Contact | null> {
  const [row] = await db
    .select()
    .from(contacts)
    .where(
      and(eq(contacts.playerId, playerId), eq(contacts.type, type), eq(contacts.contact, contact)),
    )
    .limit(1);
  return row ?? null;
}

/** Adds a contact to the player (the caller has checked that nobody else has it). */
export async function addContact(
  db: Executor,
  playerId: number,
  contact: NewContact,
): Promise<Contact> {
  const [row] = await db
    .insert(contacts)
    .values({
      playerId,
      type: contact.type,
      contact: contact.contact,
      phoneCountryCode: contact.phoneCountryCode ?? null,
      isConfirmed: contact.isConfirmed ?? false,
      isSubscribed: contact.isSubscribed ?? false,
    })
    .returning();
  return row!;
}

/** Marks the player's contact confirmed (after its one-time code was consumed). */
export async function markContactConfirmed(
  db: Executor,
  playerId: number,
  type: 'email' | 'phone',
  contact: string,
): Promise<void> {
  await db
    .update(contacts)
    .set({ isConfirmed: true })
    .where(
      and(eq(contacts.playerId, playerId), eq(contacts.type, type), eq(contacts.contact, contact)),
    );
}

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
 * Every contact and the account stop marketing at once (§7 `account/unsubscribe` signed in, and a
 * self-exclusion: UKGC SR 3.5.3). The account flag follows the rule above: no contact subscribed,
 * so not subscribed.
 */
export async function unsubscribePlayer(db: Executor, playerId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(contacts).set({ isSubscribed: false }).where(eq(contacts.playerId, playerId));
    await tx.update(players).set({ isSubscribed: false }).where(eq(players.id, playerId));
  });
}
