import type { Executor } from '../../db/client.ts';
import { games } from '../../db/schema/index.ts';

/**
 * A small demo catalogue (DEMO_SEED): a real site receives its games from its providers. Its
 * categories are what the gamehall category middleware of §2 knows (`/gamehall/slots` →
 * `/gamehall?category=slots`).
 */
export const DEMO_GAMES = [
  {
    sysname: 'northstar-starburst',
    name: 'Star Burst',
    providerSysname: 'northstar',
    categories: ['slots', 'popular'],
  },
  {
    sysname: 'northstar-polar-gold',
    name: 'Polar Gold',
    providerSysname: 'northstar',
    categories: ['slots'],
  },
  {
    sysname: 'aurora-lights',
    name: 'Aurora Lights',
    providerSysname: 'aurora',
    categories: ['slots', 'new'],
  },
  {
    sysname: 'aurora-blackjack',
    name: 'Aurora Blackjack',
    providerSysname: 'aurora',
    categories: ['table'],
  },
  {
    sysname: 'polaris-live-roulette',
    name: 'Live Roulette',
    providerSysname: 'polaris-live',
    categories: ['live'],
  },
];

/** Idempotent: a game already there (by sysname) is left as it is. */
export async function seedDemoGames(db: Executor): Promise<void> {
  for (const game of DEMO_GAMES) await db.insert(games).values(game).onConflictDoNothing();
}
