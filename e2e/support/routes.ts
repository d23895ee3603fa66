import { isProtectedPath, pageDecision } from '@northstar/shell-sdk/page-rules';
import { ROUTE_MANIFEST, type ManifestEntry } from '@northstar/shell/route-manifest';

export { ROUTE_MANIFEST, type ManifestEntry };

/** The demo player's seeded deposit (apps/platform/src/demo/seed.ts, `DEMO_DEPOSIT_ID`). */
export const DEMO_DEPOSIT_ID = 900_000_001;

/**
 * Routes of §2 with no page of their own: `/bets/*` answers 404, `/responsible-game` redirects
 * to the profile's page (issue #25).
 */
export const LEGACY_ROUTE_IDS: ReadonlySet<string> = new Set([
  'legacyResponsibleGame',
  'legacyBets',
]);

/**
 * A concrete URL for a manifest path: each `:param` gets a sample value, `*` a legacy tail; the
 * slug is a page the demo content has (`about`), the game a game of the catalogue, a transaction
 * the demo player's deposit, the hall a studio, the jackpot a jackpot and the loyalty programme a
 * demo quest (an unknown sysname, hall, jackpot or quest is the not-found page, as an unknown slug
 * is).
 */
export function samplePath(pattern: string): string {
  return (
    pattern
      .replace(/:slug\b/, 'about')
      .replace(/\/game\/:sysname$/, '/game/northstar-dice')
      .replace(/\/jackpots\/:id$/, '/jackpots/northstar-mega')
      // A demo quest (apps/platform/src/loyalty/seeding.ts): an unknown one is 404.
      .replace(/\/loyalty\/:sysname$/, '/loyalty/slot-week')
      // A studio of the catalogue: a hall id that is no category, collection or studio is 404.
      .replace(/\/gamehall\/:id$/, '/gamehall/aurora')
      // §2 numeric ids (shell-sdk page-rules ROUTE_PARAM_RULES).
      .replace(/\/(tournaments|promotions|offers)\/:id\b/, '/$1/1')
      // The sandbox feed's first event (the book keeps every event it ingested; issue #29).
      .replace(/\/betting\/event\/:id$/, '/betting/event/1')
      // The demo player's seeded deposit (apps/platform/src/demo/seed.ts DEMO_DEPOSIT_ID): a result
      // page of a transaction that is no deposit of the player is the not-found page.
      .replace(/:transaction\b/, String(DEMO_DEPOSIT_ID))
      .replace(/:([A-Za-z_]+)/g, (_, name: string) => `demo-${name.toLowerCase()}`)
      .replace(/\*$/, 'old-page')
  );
}

/** Whether only a signed-in player may open the entry's page (§2, §9 protected segments). */
export function isProtectedEntry(entry: ManifestEntry): boolean {
  return !LEGACY_ROUTE_IDS.has(entry.id) && isProtectedPath(samplePath(entry.path));
}

/** Where a signed-in player opening `url` lands: `/profile/bets` and billing redirect (§2). */
export function landingFor(url: string): string {
  const decision = pageDecision(url, { signedIn: true });
  return decision.kind === 'redirect' ? decision.to : url;
}
