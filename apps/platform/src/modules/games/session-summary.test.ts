import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from '../../demo/index.ts';
import { get, post } from '../../testing/api.ts';
import { sharedTestServer } from '../../testing/test-server.ts';

/** games/getSessionSummary (ours): the game page header's net position (UK RTS 14 and 2E). */
const testServer = sharedTestServer();

type Summary = {
  since: string;
  currency: string;
  stakes: string;
  wins: string;
  net: string;
  rounds: number;
};

async function signedIn() {
  const tab = testServer().browser();
  const answer = await post(tab, 'auth/login', {
    login: DEMO_PLAYER.login,
    password: DEMO_PLAYER.password,
  });
  expect(answer.status).toBe(200);
  return tab;
}

async function summary(tab: typeof fetch, since?: string): Promise<Summary> {
  const answer = await get(tab, 'games/getSessionSummary', since ? { since } : {});
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data as Summary;
}

/** One real dice round through the launch and the game server, as the frame plays it. */
async function playDice(tab: typeof fetch, stake: number) {
  const launched = await tab('/platform/game/northstar-hi-lo-dice/play?mode=real');
  const token = new URL(launched.headers.get('location')!, testServer().url).searchParams.get(
    'token',
  )!;
  const played = await fetch(new URL('/originals/api/play', testServer().url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token,
      game: 'northstar-hi-lo-dice',
      currency: 'EUR',
      bet: { stake, direction: 'under', target: 5000 },
    }),
  });
  expect(played.status).toBe(200);
  return (await played.json()) as { round: string; view: { win: number } };
}

const euros = (minor: number) => (minor / 100).toFixed(2);

describe('games/getSessionSummary', () => {
  it('sums the stakes and wins the wallet recorded since the session began', async () => {
    const tab = await signedIn();
    const start = await summary(tab);
    // Without `since` the session starts now, by the server's clock, with nothing moved yet.
    expect(Math.abs(Date.parse(start.since) - Date.now())).toBeLessThan(60_000);
    expect(start).toMatchObject({
      currency: 'EUR',
      stakes: '0.00',
      wins: '0.00',
      net: '0.00',
      rounds: 0,
    });

    const round = await playDice(tab, 500);
    const after = await summary(tab, start.since);
    const won = round.view.win;
    expect(after).toEqual({
      since: start.since,
      currency: 'EUR',
      stakes: '5.00',
      wins: euros(won),
      net: euros(won - 500),
      rounds: 1,
    });
    // The same round the game history lists.
    const history = (await get(tab, 'games/getHistory', { count: 1 })).body.data as {
      items: { round: string; stake: string; win: string }[];
    };
    expect(history.items[0]).toMatchObject({
      round: round.round,
      stake: after.stakes,
      win: after.wins,
    });

    // A session that starts after the round has moved nothing.
    const later = await summary(tab);
    expect(later).toMatchObject({ stakes: '0.00', wins: '0.00', net: '0.00', rounds: 0 });
  });

  it('leaves out a bet that was rolled back, and another currency', async () => {
    const tab = await signedIn();
    const start = await summary(tab);
    const [player] = await testServer().database.query<{ id: number }>(
      sql`select id from players where login = ${DEMO_PLAYER.login}`,
    );
    // What a rollback leaves behind: the bet marked rolled back (its money given back).
    await testServer().database.query(sql`
      insert into wallet_transactions
        (provider_id, transaction_uuid, type, state, player_id, game_code, round, currency,
         amount_minor, fingerprint)
      values
        ('northstar', 'rolled-back-bet', 'bet', 'rolled_back', ${player!.id},
         'northstar-hi-lo-dice', 'r-rolled-back', 'EUR', 700, 'fp-1'),
        ('northstar', 'other-currency-bet', 'bet', 'settled', ${player!.id},
         'northstar-hi-lo-dice', 'r-usd', 'USD', 900, 'fp-2')`);
    expect(await summary(tab, start.since)).toMatchObject({
      stakes: '0.00',
      net: '0.00',
      rounds: 0,
    });
  });

  it('refuses a start that is not a time, too old or in the future; visitors are refused', async () => {
    const tab = await signedIn();
    const refused = async (since: string, code: string) => {
      const answer = await get(tab, 'games/getSessionSummary', { since });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({
        type: 'InvalidParameterException',
        invalid_parameters: { since: [code] },
      });
    };
    await refused('yesterday', 'wrong_field');
    await refused('2026-13-45T99:00:00Z', 'wrong_field');
    await refused(new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString(), 'min_value');
    await refused(new Date(Date.now() + 60 * 60 * 1000).toISOString(), 'max_value');
    expect((await get(testServer().browser(), 'games/getSessionSummary')).status).toBe(401);
  });
});
