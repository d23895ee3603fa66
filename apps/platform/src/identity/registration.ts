import { registrationsCounter } from '../ops/index.ts';
import type { Database, Transaction } from '../db/client.ts';
import { contacts, loyaltyAccounts, players } from '../db/schema/index.ts';
import { openWallet } from '../wallet/index.ts';
import type { Player } from './players.ts';

export type NewPlayer = Omit<typeof players.$inferInsert, 'id'> & { regTime: Date };

export interface NewContact {
  type: 'email' | 'phone';
  /** Normalised: e-mails lower-cased, phones digits only (players.ts `normaliseContact`). */
  contact: string;
  phoneCountryCode?: string | null;
  isConfirmed?: boolean;
  isSubscribed?: boolean;
}

/**
 * Creates a player the one way every sign-up does (the application API's auth/register, the
 * content backend's /auth/local/register, social sign-in): in one transaction the player row,
 * its contacts, its loyalty account and its main wallet in the account currency (at zero).
 * `alsoInTransaction` runs in the same transaction, so a social identity is linked or nothing is
 * created. Checks (taken login, known currency and locale) are the caller's.
 */
export async function createPlayer(
  db: Database,
  player: NewPlayer,
  contactList: readonly NewContact[],
  alsoInTransaction?: (tx: Transaction, created: Player) => Promise<void>,
): Promise<Player> {
  const created = await db.transaction(async (tx) => {
    const [created] = await tx.insert(players).values(player).returning();
    for (const contact of contactList) {
      await tx.insert(contacts).values({
        playerId: created!.id,
        type: contact.type,
        contact: contact.contact,
        phoneCountryCode: contact.phoneCountryCode ?? null,
        isConfirmed: contact.isConfirmed ?? false,
        isSubscribed: contact.isSubscribed ?? false,
      });
    }
    await tx.insert(loyaltyAccounts).values({ playerId: created!.id });
    await openWallet(tx, created!.id, created!.currency);
    if (alsoInTransaction) await alsoInTransaction(tx, created!);
    return created!;
  });
  registrationsCounter.inc();
  return created;
}
