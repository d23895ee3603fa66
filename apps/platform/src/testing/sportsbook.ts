import type { FeedBatch, FeedEvent, FeedProvider } from '../sportsbook/index.ts';

/**
 * A feed provider a test scripts (issue #29): it answers, at each poll, the events the test has
 * set, as a real feed would answer its current state. The sportsbook's ingest, placement and
 * settlement run for real on top of it.
 */
export class ScriptedFeed implements FeedProvider {
  readonly name = 'scripted';
  readonly events = new Map<string, FeedEvent>();

  async poll(): Promise<FeedBatch> {
    return {
      competitions: [
        {
          ref: 'scripted:league',
          sport: 'football',
          name: 'Test League',
          country: 'GB',
          position: 0,
        },
        { ref: 'scripted:tour', sport: 'tennis', name: 'Test Tour', country: 'INT', position: 1 },
      ],
      events: [...this.events.values()].map((event) => structuredClone(event)),
    };
  }

  /** A football match with the main markets at the given odds (thousandths). */
  match(
    ref: string,
    odds: { home: number; draw: number; away: number; over?: number; under?: number },
    startsAt = new Date(Date.now() + 3_600_000),
  ): FeedEvent {
    const event: FeedEvent = {
      ref: `scripted:${ref}`,
      competitionRef: 'scripted:league',
      kind: 'match',
      home: `${ref} Home`,
      away: `${ref} Away`,
      startsAt,
      status: 'prematch',
      score: null,
      clock: null,
      markets: [
        {
          key: '1x2',
          kind: '1x2',
          line: null,
          status: 'open',
          outcomes: [
            { key: 'home', odds: odds.home },
            { key: 'draw', odds: odds.draw },
            { key: 'away', odds: odds.away },
          ],
        },
        {
          key: 'total:2.5',
          kind: 'total',
          line: 2.5,
          status: 'open',
          outcomes: [
            { key: 'over', odds: odds.over ?? 1900 },
            { key: 'under', odds: odds.under ?? 1900 },
          ],
        },
      ],
    };
    this.events.set(event.ref, event);
    return event;
  }

  event(ref: string): FeedEvent {
    const event = this.events.get(`scripted:${ref}`);
    if (!event) throw new Error(`no scripted event ${ref}`);
    return event;
  }

  setOdds(ref: string, market: string, key: string, odds: number | null): void {
    const outcome = this.event(ref)
      .markets.find((m) => m.key === market)!
      .outcomes.find((o) => o.key === key)!;
    outcome.odds = odds;
  }

  suspend(ref: string, suspended = true): void {
    for (const market of this.event(ref).markets) market.status = suspended ? 'suspended' : 'open';
  }

  /** Ends the match with a score: every market settled from it (1x2 and total 2.5). */
  finish(ref: string, home: number, away: number): void {
    const event = this.event(ref);
    event.status = 'ended';
    event.score = { home, away };
    const winner = home > away ? 'home' : home < away ? 'away' : 'draw';
    for (const market of event.markets) {
      market.status = 'settled';
      for (const outcome of market.outcomes) {
        outcome.odds = null;
        if (market.kind === '1x2') outcome.result = outcome.key === winner ? 'won' : 'lost';
        else if (market.kind === 'total') {
          const over = home + away > (market.line ?? 0);
          outcome.result = (outcome.key === 'over') === over ? 'won' : 'lost';
        }
      }
    }
  }

  /** Calls the match off: every market void with the reason. */
  cancel(ref: string, reason = 'event_cancelled'): void {
    const event = this.event(ref);
    event.status = 'cancelled';
    for (const market of event.markets) {
      market.status = 'void';
      market.voidReason = reason;
      for (const outcome of market.outcomes) {
        outcome.odds = null;
        outcome.result = 'void';
      }
    }
  }
}
