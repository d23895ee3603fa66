import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { FREE_SPINS_OFFER, templateByCode } from '../bonuses/index.ts';
import type { PrizeSpec } from './schema.ts';
import { createTournament } from './service.ts';

/** The demo's slot (demo/seed.ts DEMO_FREESPIN_GAME, an in-house game of games/catalogue.ts). */
const DEMO_SLOT = 'northstar-sunny-lemons-rising';
const DAY = 86_400_000;

/**
 * The demo's tournaments (issue #27), once: one active on the demo slot (sum of wins, open for a
 * month), one future (biggest multiplier, any in-house game), one finished last week (the job pays
 * its empty table and finalizes it). Through the domain's own door, like an operator would.
 */
export async function seedDemoTournaments(db: Executor, now: Date): Promise<void> {
  const [seeded] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from tournaments where tags ? 'demo'`,
  );
  if ((seeded?.n ?? 0) > 0) return;
  const spins = await templateByCode(db, FREE_SPINS_OFFER.code!, FREE_SPINS_OFFER.currency);
  const prizes: PrizeSpec[] = [
    { place: 1, type: 'cash', amount_minor: '10000' },
    { place: 2, type: 'cash', amount_minor: '5000' },
    { place: 3, type: 'cash', amount_minor: '2500' },
    ...(spins ? [{ place: 4, type: 'freespins' as const, template_id: spins.id }] : []),
  ];
  await createTournament(db, {
    title: 'Sunny Lemons Sprint',
    description: 'Win the most on Sunny Lemons Rising. Rounds from €0.20 count.',
    startsAt: new Date(now.getTime() - DAY),
    endsAt: new Date(now.getTime() + 30 * DAY),
    currency: 'EUR',
    scoring: 'wins',
    games: [DEMO_SLOT],
    minStakeMinor: 20n,
    prizes,
    tags: ['demo', 'slots'],
  });
  await createTournament(db, {
    title: 'Northstar Multiplier Cup',
    description: 'The biggest single win against its stake on any Northstar original.',
    startsAt: new Date(now.getTime() + 7 * DAY),
    endsAt: new Date(now.getTime() + 14 * DAY),
    currency: 'EUR',
    scoring: 'multiplier',
    providers: ['northstar'],
    minStakeMinor: 50n,
    prizes: prizes.slice(0, 3),
    tags: ['demo'],
  });
  await createTournament(db, {
    title: 'Autumn Rounds Race',
    description: 'Every round counted on the Northstar originals.',
    startsAt: new Date(now.getTime() - 14 * DAY),
    endsAt: new Date(now.getTime() - 7 * DAY),
    currency: 'EUR',
    scoring: 'rounds',
    providers: ['northstar'],
    prizes: prizes.slice(0, 3),
    entry: 'auto',
    tags: ['demo'],
  });
}
