import { expect, type APIRequestContext } from '@playwright/test';

/**
 * The in-house games' round endpoint as their page (apps/platform/src/games/client/game.js) uses
 * it: a real-money launch gives the game session's token, every round is a POST to
 * `/originals/api/play` with it. The platform paces rounds (UK RTS 14, games/rounds.ts: 2.5 s
 * after the game's last result): a 429 says how long to wait, and the round is tried again then.
 */

/** A real-money game session's token, as the game page receives it from its launch. */
export async function launchToken(request: APIRequestContext, game: string): Promise<string> {
  const launched = await request.get(`/platform/game/${game}/play?mode=real`, { maxRedirects: 0 });
  const location = launched.headers()['location'];
  expect(location, `the launch of ${game}`).toBeTruthy();
  const token = new URL(location!, 'http://x').searchParams.get('token');
  expect(token, `the token of ${game}`).toBeTruthy();
  return token!;
}

/**
 * One real-money round of `game` (a slot's `{ stake }`, roulette's `{ bets }`, in cents), paced as
 * the platform asks. Answers the round (its `balance` after it, in cents).
 */
export async function playRound(
  request: APIRequestContext,
  game: string,
  bet: Record<string, unknown>,
  token?: string,
): Promise<{ balance: number }> {
  const body = {
    token: token ?? (await launchToken(request, game)),
    game,
    currency: 'EUR',
    bet,
  };
  for (let i = 0; i < 5; i++) {
    const played = await request.post('/originals/api/play', { data: body });
    if (played.status() === 200) return (await played.json()) as { balance: number };
    expect(played.status(), await played.text()).toBe(429); // the game paces rounds
    const { retryAfterMs } = (await played.json()) as { retryAfterMs: number };
    await new Promise((resolve) => setTimeout(resolve, retryAfterMs + 50));
  }
  throw new Error(`the round of ${game} was never played`);
}
