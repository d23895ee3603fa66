/**
 * The demo domain's door (architecture.md "Demo mode", issue #23 §1): the seed (reference data
 * and content always; the demo accounts, studios and promo codes in demo mode), which calls the
 * other domains' doors, and demo mode itself (which pieces are on, the banner, the production
 * start check). Nothing in db/ imports it; server.ts, main.ts and the test database do.
 */
export {
  accountsWithPublishedPasswords,
  checkProductionStart,
  DEMO_ON,
  DEMO_PIECES,
  demoMode,
  modeBanner,
  PRODUCTION,
  UnsafeStartError,
  type DemoMode,
} from './mode.ts';
export {
  DEMO_BACKOFFICE,
  DEMO_BACKOFFICE_PASSWORD,
  DEMO_DEPOSIT_ID,
  DEMO_FREESPIN_GAME,
  DEMO_PLAYER,
  DEMO_STAFF,
  DEMO_VERIFIED_PLAYER,
  ensureDemoStaffAuthenticators,
  seed,
} from './seed.ts';
