import { createHash } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { STAFF_ROLES } from '@northstar/contract';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { ensureLocale, seedContent, seedContentEntries } from '../content/index.ts';
import {
  ensureCharacter,
  openLoyaltyAccount,
  seedDemoLoyalty,
  seedLoyaltyRules,
} from '../loyalty/index.ts';
import { ensureCurrency } from '../reference/index.ts';
import {
  demoCatalogue,
  ensureGameProviders,
  originalGames,
  seedCatalogue,
  seedJackpots,
} from '../games/index.ts';
import {
  ensureSeedAccount,
  ensureSeedAuthenticator,
  fillEmptyProfile,
  findPlayerBySignIn,
} from '../identity/index.ts';
import { grantDemoFreeSpins, seedDemoBonusTemplates } from '../bonuses/index.ts';
import { seedDemoCashback } from '../cashback/index.ts';
import { seedDemoTournaments } from '../tournaments/index.ts';
import { seedDemoCampaigns, seedDemoPromoCodes } from '../campaigns/index.ts';
import { promotionEntries } from './promotions.ts';
import { ensureDeclinedDeposit } from '../payments/index.ts';
import { applyMovement } from '../wallet/index.ts';

/** The demo accounts printed at start (fixed, published in the README): demo mode only. */
export const DEMO_PLAYER = {
  login: 'demo@northstar.test',
  password: 'NorthstarDemo1',
  currency: 'EUR',
} as const;
export const DEMO_STAFF = {
  login: 'staff@northstar.test',
  password: 'NorthstarStaff1',
  currency: 'EUR',
} as const;
/**
 * Issue #30: the demo's back-office accounts, one per staff role, with the published password and
 * a published authenticator key each (printed at start; the back office always asks for a code
 * from the app). Demo mode only, like every published password here: a production start refuses
 * to run while one of them still has it (mode.ts).
 */
export const DEMO_BACKOFFICE_PASSWORD = 'NorthstarStaff1';
export const DEMO_BACKOFFICE = STAFF_ROLES.map((role) => ({
  role,
  login: `${role}@northstar.test`,
  password: DEMO_BACKOFFICE_PASSWORD,
  currency: 'EUR',
  /** Base32, as an authenticator app takes it (derived from the role: the same on every start). */
  totpSecret: OTPAuth.Secret.fromHex(
    createHash('sha256').update(`northstar-demo-staff:${role}`).digest('hex').slice(0, 40),
  ).base32,
}));

/**
 * A demo player whose identity is already verified (§3 is_verified; issue #25): the profile as a
 * verified player sees it, with what verification proved locked, for the demo and its browser
 * tests, which have no other way to a verified player until staff decide in a back office.
 */
export const DEMO_VERIFIED_PLAYER = {
  login: 'verified@northstar.test',
  password: 'NorthstarVerified1',
  currency: 'EUR',
} as const;

/**
 * The demo player's one past deposit (declined, no money moved): its payment result pages
 * (`/cashier/paysuccess/{id}`, …) are real pages to open, as the e2e suite's route samples do
 * (an id that is no deposit of the player is not found, §2). A fixed id far beyond what the
 * serial hands out, so it never meets a real payment's.
 */
export const DEMO_DEPOSIT_ID = 900_000_001;

/** The demo player's free spins are on this slot of the site's own games. */
export const DEMO_FREESPIN_GAME = 'northstar-sunny-lemons-rising';

const CURRENCIES = [
  { code: 'EUR', symbol: '€', decimals: 2, rate: '1', symbolPosition: 'after' },
  { code: 'USD', symbol: '$', decimals: 2, rate: '1.08', symbolPosition: 'before' },
  { code: 'BRL', symbol: 'R$', decimals: 2, rate: '5.95', symbolPosition: 'before' },
];

const LOCALES = [
  { code: 'en-US', name: 'English', isDefault: true },
  { code: 'es-ES', name: 'Español', isDefault: false },
  { code: 'pt-BR', name: 'Português', isDefault: false },
  { code: 'ru-RU', name: 'Русский', isDefault: false },
];

const PROVIDERS = [{ sysname: 'northstar', name: 'Northstar Originals', type: 'casino' }];

const CHARACTERS = [
  { sysname: 'navigator', name: 'The Navigator' },
  { sysname: 'stargazer', name: 'The Stargazer' },
  { sysname: 'comet', name: 'The Comet' },
];

async function ensurePlayer(
  database: DatabaseHandle,
  account: { login: string; password: string; currency: string },
  role: 'player' | 'staff',
): Promise<number> {
  const id = await ensureSeedAccount(database.db, {
    ...account,
    role,
    fakename: role === 'staff' ? 'NorthstarStaff' : 'DemoPlayer',
    countryCode: 'ES',
    firstName: role === 'staff' ? 'Sam' : 'Alex',
    lastName: role === 'staff' ? 'Operator' : 'Demo',
  });
  // What a sign-up also opens (sign-up/): the wallet opens with the starting balance's movement.
  await openLoyaltyAccount(database.db, id);
  return id;
}

/**
 * Idempotent seed, safe to run on every start. Always: the reference data (currencies, locales,
 * game providers, characters) and the content backend's starting content (content/seed.ts, once),
 * which a real site needs as much as a demo. With `demo` (DEMO_SEED, demo/mode.ts): the demo player
 * with a ledger-backed starting balance and the demo staff account, both with the published
 * passwords above, and the demo studios' game catalogue (games/catalogue.ts). A production
 * start seeds without them.
 */
export async function seed(
  database: DatabaseHandle,
  options: { demo: boolean } = { demo: true },
): Promise<void> {
  const db = database.db;
  for (const currency of CURRENCIES) await ensureCurrency(db, currency);
  for (const locale of LOCALES) await ensureLocale(db, locale);
  await ensureGameProviders(db, PROVIDERS);
  for (const character of CHARACTERS) await ensureCharacter(db, character);
  // Issue #27: the loyalty levels and earning rates (an operator edits them later).
  await seedLoyaltyRules(db);
  // The site's own games (games/catalogue.ts): real games of the built-in provider.
  await seedCatalogue(db, originalGames(), new Date());
  await seedJackpots(db);
  if (options.demo) {
    await seedDemoAccounts(database);
    await seedCatalogue(db, demoCatalogue(), new Date());
    await seedDemoPromoCodes(database);
    await seedDemoBonusTemplates(db);
    await seedDemoCashback(db);
    await seedDemoTournaments(db, new Date());
    await seedDemoLoyalty(db);
    await seedDemoCampaigns(db);
    // The promotions the demo's offers present (§2 /promotions), once.
    await seedContentEntries(database, 'demo-promotions-v1', promotionEntries);
  }
  // The content backend's demo content (content/seed.ts), once.
  await seedContent(database);
}

/**
 * The demo back-office accounts' authenticator apps, set up with their published keys: at start,
 * where the server's secret (which keeps the keys sealed) is known; once per database.
 */
export async function ensureDemoStaffAuthenticators(app: AppContext): Promise<void> {
  const db = app.database.db;
  for (const account of DEMO_BACKOFFICE) {
    const player = await findPlayerBySignIn(db, account.login);
    if (player) await ensureSeedAuthenticator(db, app.secret, player.id, account.totpSecret);
  }
}

/** The demo player (with its starting balance) and the demo staff account. */
async function seedDemoAccounts(database: DatabaseHandle): Promise<void> {
  const db = database.db;
  const demo = { id: await ensurePlayer(database, DEMO_PLAYER, 'player') };
  await ensurePlayer(database, DEMO_STAFF, 'staff');
  for (const account of DEMO_BACKOFFICE) {
    await ensureSeedAccount(db, {
      login: account.login,
      password: account.password,
      currency: account.currency,
      role: 'staff',
      staffRoles: [account.role],
      fakename: `Staff${account.role[0]!.toUpperCase()}${account.role.slice(1)}`,
      countryCode: 'ES',
      firstName: 'Sam',
      lastName: 'Operator',
    });
  }
  const verified = await ensureSeedAccount(db, {
    ...DEMO_VERIFIED_PLAYER,
    role: 'player',
    fakename: 'VerifiedDemo',
    countryCode: 'ES',
    firstName: 'Vera',
    lastName: 'Castell',
    isVerified: true,
  });
  await openLoyaltyAccount(db, verified);
  await fillEmptyProfile(db, verified, {
    birthDate: '1985-09-21',
    countryCode: 'ES',
    homeTown: 'Sevilla',
    address: 'Calle Sierpes 5',
    postcode: '41004',
  });
  // The demo player's profile is complete (the demo's withdrawals require the profile form's
  // fields and a confirmed contact, content/seed.ts): filled where empty, so a player's own
  // edits stay.
  await fillEmptyProfile(db, demo.id, {
    birthDate: '1990-05-17',
    countryCode: 'ES',
    homeTown: 'Valencia',
    address: 'Calle de Colón 12',
    postcode: '46004',
  });
  await ensureDeclinedDeposit(db, {
    id: DEMO_DEPOSIT_ID,
    playerId: demo.id,
    method: 'card',
    provider: 'sandbox',
    currency: DEMO_PLAYER.currency,
    amountMinor: 2000,
    reasonCode: 'card_declined',
    stages: [
      { stage: 'pending', at: '2026-01-05T10:00:00.000Z' },
      { stage: 'failed', at: '2026-01-05T10:01:00.000Z' },
    ],
  });
  // A pack of free spins on one of the site's own slots (games/catalogue.ts), once: the demo's
  // free-spins template (bonuses/seeding.ts) granted through the bonus engine (issue #26).
  await seedDemoBonusTemplates(db);
  await grantDemoFreeSpins(db, demo.id, new Date());
  // The starting balance is a ledger entry like any other money movement (its key makes it once).
  await applyMovement(db, {
    playerId: demo.id,
    kind: 'main',
    currency: DEMO_PLAYER.currency,
    amountMinor: 50_000n,
    reason: 'demo_welcome_credit',
    idempotencyKey: `seed:demo-welcome:${demo.id}`,
  });
  await applyMovement(db, {
    playerId: demo.id,
    kind: 'bonus',
    currency: DEMO_PLAYER.currency,
    amountMinor: 2_500n,
    reason: 'demo_welcome_bonus',
    idempotencyKey: `seed:demo-bonus:${demo.id}`,
  });
}
