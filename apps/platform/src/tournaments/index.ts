import { domain } from '../lib/domain.ts';
import { startConsumer } from '../play-events/index.ts';
import { startPayoutJob } from './jobs.ts';
import { LeaderboardHub, registerLiveRoute } from './live.ts';
import { applyPlayEvents, CONSUMER } from './service.ts';

/**
 * Tournaments' door (issue #27, §3 tournament, §7 Tournaments and Leaderboard). It owns
 * `tournaments` and `tournament_entries` (schema.ts). Scores come from the play-event stream
 * (play-events/, its own cursor `tournaments`), prizes are paid through wallet/ (cash) and the
 * bonus engine (bonuses/index.ts `grantTemplate`: bonuses and free spins), and the live
 * leaderboard is pushed over Server-Sent Events (live.ts).
 */
export { formatPoints, rank, awards, SCORINGS, statusAt, type Scoring } from './scoring.ts';
export {
  applyPlayEvents,
  createTournament,
  endTournamentNow,
  finalizeDue,
  listTournaments,
  participate,
  standings,
  tournamentById,
  CONSUMER as TOURNAMENTS_CONSUMER,
  type EntryRow,
  type TournamentInput,
  type TournamentRow,
} from './service.ts';
export type { PrizeSpec } from './schema.ts';
export { LeaderboardHub, pointsFormat, stateOf, type LiveState } from './live.ts';
export { seedDemoTournaments } from './seeding.ts';

/**
 * On every instance: the consumer of the play events, the payout job and the live streams. The
 * consumer and the payout are safe with several instances (play-events/consumer.ts,
 * service.ts `finalizeDue`). `tournamentsJobIntervalMs` 0 turns the consumer's poll and the
 * payout timer off (tests drive them); NOTIFY still wakes the consumer.
 */
export const tournamentsDomain = domain('tournaments', async (server, app) => {
  const interval = app.config.tournamentsJobIntervalMs ?? 5_000;
  const consumer = await startConsumer(app.database, CONSUMER, applyPlayEvents, {
    pollMs: interval,
  });
  const payout = interval > 0 ? startPayoutJob(app, interval) : null;
  const hub = new LeaderboardHub(app);
  await hub.start();
  registerLiveRoute(server, app, hub);
  // Before the server waits for open requests: an open live stream would hold it forever.
  server.addHook('preClose', async () => {
    await hub.stop();
  });
  server.addHook('onClose', async () => {
    await payout?.stop();
    await consumer.stop();
  });
});
