import { describe, expect, it } from 'vitest';
import { settleSelection } from './markets.ts';
import { overround } from './odds.ts';
import { FIXTURE_EVERY, SandboxFeed } from './sandbox-feed.ts';
import { MODELS, selectionOf, SPORTS } from './sports.ts';
import type { FeedEvent } from './feed.ts';

const ORIGIN = Date.UTC(2026, 0, 1);
const MINUTE = 60_000;

describe('the sports models', () => {
  it('give every market of every sport a whole chance, from kick-off to the end', () => {
    for (const sport of SPORTS) {
      const model = MODELS[sport];
      const strengths = model.strengths(() => 0.5);
      for (const minute of [0, model.duration / 2, model.duration - 1]) {
        const score = sport === 'basketball' ? { home: 50, away: 47 } : { home: 1, away: 0 };
        for (const market of model.markets(strengths)) {
          // Double chance's outcomes overlap: each result is in two of them.
          const covers = market.kind === 'double-chance' ? 2 : 1;
          const total = market.outcomes.reduce(
            (sum, key) =>
              sum +
              model.probability(
                selectionOf(market.kind, market.line, key)!,
                minute,
                score,
                strengths,
              ),
            0,
          );
          // Markets without a push sum to one (every line offered is a half line).
          expect(total, `${sport} ${market.kind} ${market.line} at ${minute}`).toBeCloseTo(
            covers,
            6,
          );
        }
      }
    }
  });

  it('play matches whose final score settles the markets (basketball never ends level)', () => {
    for (const sport of SPORTS) {
      const model = MODELS[sport];
      let seed = 1;
      const random = () => {
        seed = (seed * 16807) % 2147483647;
        return seed / 2147483647;
      };
      for (let n = 0; n < 50; n += 1) {
        const script = model.script(random, model.strengths(random));
        const final = script.events.reduce(
          (score, e) => ({ ...score, [e.side]: score[e.side] + e.points }),
          { home: 0, away: 0 },
        );
        if (sport === 'basketball') expect(final.home).not.toBe(final.away);
        if (sport === 'tennis' || sport === 'esports') {
          expect(Math.max(final.home, final.away)).toBe(2);
          expect(script.endMinute).toBeGreaterThan(0);
        }
        expect(script.events.every((e, i, all) => i === 0 || all[i - 1]!.minute <= e.minute)).toBe(
          true,
        );
      }
    }
  });
});

describe('the sandbox feed', () => {
  const feed = (speed = 1) => new SandboxFeed({ speed, marginBasisPoints: 600, origin: ORIGIN });
  const at = (ms: number) => new Date(ORIGIN + ms);

  it('lists a calendar across five sports, the same on every poll and every instance', async () => {
    const first = await feed().poll(at(10 * FIXTURE_EVERY));
    const again = await feed().poll(at(10 * FIXTURE_EVERY));
    expect(JSON.stringify(again)).toBe(JSON.stringify(first));
    expect(new Set(first.competitions.map((c) => c.sport))).toEqual(new Set(SPORTS));
    const matches = first.events.filter((e) => e.kind === 'match');
    expect(matches.filter((e) => e.status === 'prematch').length).toBeGreaterThan(50);
    // Something is live (competitions are staggered across the fixture interval).
    expect(matches.some((e) => e.status === 'live')).toBe(true);
    expect(first.events.filter((e) => e.kind === 'outright')).toHaveLength(
      first.competitions.length,
    );
    for (const event of matches) expect(event.home).not.toBe(event.away);
  });

  it('prices open markets with the book margin, never under it', async () => {
    const batch = await feed().poll(at(10 * FIXTURE_EVERY + 7 * MINUTE));
    let priced = 0;
    for (const event of batch.events) {
      for (const market of event.markets) {
        if (market.status !== 'open') continue;
        const odds = market.outcomes.map((o) => o.odds);
        if (odds.some((o) => o === null)) continue;
        priced += 1;
        const covers = market.kind === 'double-chance' ? 2 : 1;
        expect(overround(odds as number[])).toBeGreaterThanOrEqual(covers * 1.06 - 1e-9);
        expect(overround(odds as number[])).toBeLessThan(covers * 1.2);
      }
    }
    expect(priced).toBeGreaterThan(200);
  });

  it('plays a match live and ends it with results that follow its final score', async () => {
    const sandbox = feed(60);
    // A football fixture: follow one from before its start to its result.
    const before = (await sandbox.poll(at(0))).events.find(
      (e) => e.ref.startsWith('sandbox:premier:') && e.status === 'prematch',
    )!;
    const start = before.startsAt.getTime();
    const seen: FeedEvent[] = [];
    for (let t = start - MINUTE; t < start + 3 * MINUTE; t += 1_000) {
      const event = (await sandbox.poll(new Date(t))).events.find((e) => e.ref === before.ref);
      if (event) seen.push(event);
    }
    const statuses = [...new Set(seen.map((e) => e.status))];
    expect(statuses[0]).toBe('prematch');
    if (statuses.includes('cancelled')) return; // one fixture in a hundred is called off
    expect(statuses).toContain('live');
    expect(statuses.at(-1)).toBe('ended');
    const live = seen.filter((e) => e.status === 'live');
    // The clock runs: at speed 60 a minute of play is a second.
    expect(live.at(-1)!.clock!.minute).toBeGreaterThan(live[0]!.clock!.minute);
    const last = seen.at(-1)!;
    for (const market of last.markets) {
      expect(market.status).toBe('settled');
      for (const outcome of market.outcomes) {
        const selection = selectionOf(market.kind, market.line, outcome.key)!;
        expect(outcome.result).toBe(settleSelection(selection, last.score!));
      }
    }
  });

  it('suspends the markets after a goal, and corrects a wrong result later', () => {
    const sandbox = feed(60);
    let corrected = 0;
    let suspended = 0;
    let cancelled = 0;
    for (let k = 0; k < 300; k += 1) {
      const ref = `sandbox:premier:${k}`;
      const kickOff = sandbox.eventAt(ref, at(0))!.startsAt.getTime();
      // At speed 60 a minute of play is a second.
      const atMinute = (minute: number) =>
        sandbox.eventAt(ref, new Date(kickOff + minute * 1_000))!;
      if (atMinute(1).status === 'cancelled') {
        cancelled += 1;
        expect(
          atMinute(1).markets.every(
            (m) => m.status === 'void' && m.voidReason === 'event_cancelled',
          ),
        ).toBe(true);
        continue;
      }
      // In the minute of the first goal the markets are suspended; a little later, open again.
      const goal = Array.from({ length: 89 }, (_, m) => m + 1).find(
        (m) => JSON.stringify(atMinute(m).score) !== JSON.stringify(atMinute(m - 1).score),
      );
      if (goal !== undefined && goal < 80) {
        expect(atMinute(goal).markets.every((m) => m.status === 'suspended')).toBe(true);
        // They open again (unless every minute after brings another goal).
        const reopened = [2, 3, 4, 5, 6, 7, 8].some((after) =>
          atMinute(goal + after).markets.some((m) => m.status === 'open'),
        );
        expect(reopened).toBe(true);
        suspended += 1;
      }
      const first = atMinute(91);
      const final = atMinute(100);
      expect(first.status).toBe('ended');
      if (JSON.stringify(first.score) !== JSON.stringify(final.score)) {
        corrected += 1;
        // One goal taken back, and the results follow the corrected score.
        expect(first.score!.home + first.score!.away).toBe(
          final.score!.home + final.score!.away + 1,
        );
        const winner = final.markets.find((m) => m.kind === '1x2')!;
        const outcome =
          final.score!.home > final.score!.away
            ? 'home'
            : final.score!.home < final.score!.away
              ? 'away'
              : 'draw';
        expect(winner.outcomes.find((o) => o.result === 'won')!.key).toBe(outcome);
      }
    }
    expect(suspended).toBeGreaterThan(200);
    expect(corrected).toBeGreaterThan(0);
    expect(cancelled).toBeGreaterThan(0);
  });
});
