import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { sealSecret } from './authenticator.ts';
import { contacts, players, totpAuthenticators } from './schema.ts';
import { hashPassword } from './passwords.ts';

/**
 * Identity's door for seeded accounts (the demo domain's accounts, demo/seed.ts): the seed asks
 * identity to make them rather than writing `players` and `contacts` itself (issue #23 §1).
 */
export interface SeedAccount {
  login: string;
  password: string;
  currency: string;
  role: 'player' | 'staff';
  fakename: string;
  firstName: string;
  lastName: string;
  countryCode: string;
  /** Identity verified (§3 is_verified); false unless said. */
  isVerified?: boolean;
  /** Issue #30: a back-office account's roles (role `staff`). */
  staffRoles?: readonly string[];
}

/**
 * The account with this login, made once (with a confirmed e-mail contact; the demo seed opens
 * its other accounts through their domains' doors) and left as it is when it exists, so a player's own edits stay.
 */
export async function ensureSeedAccount(db: Executor, account: SeedAccount): Promise<number> {
  const [existing] = await db
    .select({ id: players.id })
    .from(players)
    .where(eq(players.login, account.login));
  if (existing) return existing.id;
  const [created] = await db
    .insert(players)
    .values({
      login: account.login,
      passwordHash: await hashPassword(account.password),
      role: account.role,
      currency: account.currency,
      locale: 'en-US',
      fakename: account.fakename,
      countryCode: account.countryCode,
      firstName: account.firstName,
      lastName: account.lastName,
      isVerified: account.isVerified ?? false,
      isSubscribed: false,
      staffRoles: [...(account.staffRoles ?? [])],
    })
    .returning({ id: players.id });
  await db
    .insert(contacts)
    .values({ playerId: created!.id, type: 'email', contact: account.login, isConfirmed: true });
  return created!.id;
}

/** Fills the profile fields that are still empty (a player's own edits stay). */
export async function fillEmptyProfile(
  db: Executor,
  playerId: number,
  profile: {
    birthDate: string;
    countryCode: string;
    homeTown: string;
    address: string;
    postcode: string;
  },
): Promise<void> {
  await db.execute(sql`
    update players set
      birth_date = coalesce(birth_date, ${profile.birthDate}),
      country_code = coalesce(country_code, ${profile.countryCode}),
      home_town = coalesce(home_town, ${profile.homeTown}),
      address = coalesce(address, ${profile.address}),
      postcode = coalesce(postcode, ${profile.postcode})
    where id = ${playerId}`);
}

/**
 * A seeded back-office account's authenticator app, set up and confirmed with a known key (the
 * demo's staff accounts, whose keys are printed at start: demo mode only), once.
 */
export async function ensureSeedAuthenticator(
  db: Executor,
  secret: Buffer,
  playerId: number,
  secretBase32: string,
): Promise<void> {
  await db
    .insert(totpAuthenticators)
    .values({
      playerId,
      secretEncrypted: sealSecret({ secret }, secretBase32),
      createdAt: new Date(),
      confirmedAt: new Date(),
      lastStep: 0,
    })
    .onConflictDoNothing();
}
