import { registrationsCounter } from '../ops/index.ts';
import type { Database, Transaction } from '../db/client.ts';
import type { Player } from './players.ts';
import { contacts, players } from './schema.ts';

export type NewPlayer = Omit<typeof players.$inferInsert, 'id'> & { regTime: Date };

export interface NewContact {
  type: 'email' | 'phone';
  /** Normalised: e-mails lower-cased, phones digits only (players.ts `normaliseContact`). */
  contact: string;
  phoneCountryCode?: string | null;
  isConfirmed?: boolean;
  isSubscribed?: boolean;
}

/** What another domain opens for every new player, inside the sign-up's transaction. */
export type SignUpStep = (tx: Transaction, created: Player) => Promise<void>;

const signUpSteps = new Map<string, SignUpStep>();

/**
 * Issue #23: identity does not call the wallet or loyalty. The sign-up flow that needs them
 * (sign-up/index.ts `wireSignUp`, run by the server and the staff tool at start) registers here
 * what each new player gets (a loyalty account, a main wallet); registering a name again
 * replaces its step, so starting several servers in one process is harmless.
 */
export function onPlayerCreated(name: string, step: SignUpStep): void {
  signUpSteps.set(name, step);
}

/**
 * Creates a player the one way every sign-up does (the application API's auth/register, the
 * content backend's /auth/local/register, social sign-in): in one transaction the player row,
 * its contacts and what the sign-up steps open (today: its loyalty account and its main wallet in
 * the account currency, at zero). `alsoInTransaction` runs in the same transaction, so a social
 * identity is linked or nothing is created. Checks (taken login, known currency and locale) are
 * the caller's. Without wired steps it refuses: a player without a wallet must never exist.
 */
export async function createPlayer(
  db: Database,
  player: NewPlayer,
  contactList: readonly NewContact[],
  alsoInTransaction?: (tx: Transaction, created: Player) => Promise<void>,
): Promise<Player> {
  if (signUpSteps.size === 0) {
    throw new Error('The sign-up steps are not wired: call wireSignUp() (sign-up/) at start');
  }
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
    for (const step of signUpSteps.values()) await step(tx, created!);
    if (alsoInTransaction) await alsoInTransaction(tx, created!);
    return created!;
  });
  registrationsCounter.inc();
  return created;
}
