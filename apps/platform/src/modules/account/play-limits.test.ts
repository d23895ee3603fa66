import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sql } from 'drizzle-orm';
import { api } from '@northstar/contract';
import { get, post, REGISTRATION_PROFILE } from '../../testing/api.ts';
import { cmsCall, cmsEditor } from '../../testing/cms.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * Issue #25 through `/api`: loss and session-time limits (a decrease at once, an increase only
 * after 24 hours), the reality check, the six-month review, and time-out / self-exclusion that
 * sign the player out everywhere and refuse every later sign-in. The server's clock is moved by
 * the test, so "24 hours later" and "six months later" are real for the server.
 */
let server: TestServer;
let clock = Date.now();
const HOUR = 3_600_000;
beforeAll(async () => {
  server = await startTestServer({ now: () => new Date(clock) });
}, 240_000);
afterAll(() => server.close());

let registered = 0;
async function newPlayer() {
  registered += 1;
  clock += 2 * HOUR; // sign-ups are limited per address and hour
  const email = `limits-${registered}-${Date.now()}@example.com`;
  const tab = server.browser();
  const answer = await post(tab, 'auth/register', {
    ...REGISTRATION_PROFILE,
    email,
    password: 'Secret-123',
    currency: 'EUR',
    terms: '1',
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { tab, email };
}

type Limits = v.InferOutput<typeof api.account.getPlayLimits.response>;
const data = (answer: { body: { data?: unknown } }) => answer.body.data as Limits;

describe('loss limits', () => {
  it('sets one, lowers it at once, raises it only after 24 hours with the date it applies', async () => {
    const { tab } = await newPlayer();
    const set = await post(tab, 'account/setLossLimit', { period: '7', amount: '100' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(v.safeParse(api.account.getPlayLimits.response, set.body.data).success).toBe(true);
    expect(data(set).loss).toMatchObject([
      { period: '7', limit_amount: '100.00', available_amount: '100.00', pending: null },
    ]);
    const lower = await post(tab, 'account/setLossLimit', { period: '7', amount: '50' });
    expect(data(lower).loss[0]).toMatchObject({ limit_amount: '50.00', pending: null });

    const raised = await post(tab, 'account/setLossLimit', { period: '7', amount: '500' });
    const appliesAt = new Date(clock + 24 * HOUR).toISOString();
    expect(data(raised).loss[0]).toMatchObject({
      limit_amount: '50.00',
      pending: { limit_amount: '500.00', applies_at: appliesAt },
    });
    clock += 23 * HOUR;
    expect(data(await get(tab, 'account/getPlayLimits')).loss[0]?.limit_amount).toBe('50.00');
    clock += 1 * HOUR;
    expect(data(await get(tab, 'account/getPlayLimits')).loss[0]).toMatchObject({
      limit_amount: '500.00',
      pending: null,
    });

    // A removal waits too.
    const removed = await post(tab, 'account/setLossLimit', { period: '7', amount: '' });
    expect(data(removed).loss[0]?.pending).toMatchObject({ limit_amount: null });
    clock += 24 * HOUR;
    expect(data(await get(tab, 'account/getPlayLimits')).loss).toEqual([]);
  });

  it('refuses a bad amount or period with field errors', async () => {
    const { tab } = await newPlayer();
    const bad = await post(tab, 'account/setLossLimit', { period: '3', amount: '0' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.invalid_parameters).toEqual({
      period: ['wrong_field'],
      amount: ['sum'],
    });
  });
});

describe('session-time limit', () => {
  it('ends the session once it has run, and the next sign-in starts a new one', async () => {
    const { tab, email } = await newPlayer();
    const set = await post(tab, 'account/setSessionLimit', { minutes: '30' });
    expect(data(set).session).toEqual({ minutes: 30, pending: null });
    clock += 29 * 60_000;
    expect((await get(tab, 'account/getInfo')).status).toBe(200);
    clock += 60_000;
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    const again = await post(tab, 'auth/login', { login: email, password: 'Secret-123' });
    expect(again.status).toBe(200);
    expect((await get(tab, 'account/getInfo')).status).toBe(200);
    // Raising it waits 24 hours: the session still ends at 30 minutes.
    const raised = await post(tab, 'account/setSessionLimit', { minutes: '120' });
    expect(data(raised).session).toMatchObject({ minutes: 30, pending: { minutes: 120 } });
    clock += 31 * 60_000;
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
  });

  it('a game launched in the session gets a token that ends with the limit', async () => {
    const { tab } = await newPlayer();
    await post(tab, 'account/setSessionLimit', { minutes: '30' });
    const launched = await tab('/platform/game/northstar-hi-lo-dice/play?mode=real');
    const token = new URL(launched.headers.get('location')!, server.url).searchParams.get('token');
    expect(token).toBeTruthy();
    const [row] = await server.database.query<{ expires_at: Date | string }>(
      sql`select expires_at from game_sessions where token = ${token}`,
    );
    // The session began at registration, on the server's clock.
    expect(new Date(row!.expires_at).getTime()).toBe(clock + 30 * 60_000);
  });

  it('refuses a limit under 5 minutes or over 24 hours', async () => {
    const { tab } = await newPlayer();
    const short = await post(tab, 'account/setSessionLimit', { minutes: '2' });
    expect(short.body.error?.invalid_parameters).toEqual({ minutes: ['min_value'] });
    const long = await post(tab, 'account/setSessionLimit', { minutes: '2000' });
    expect(long.body.error?.invalid_parameters).toEqual({ minutes: ['max_value'] });
  });
});

describe('reality check and review', () => {
  it('keeps the interval the player chose, and says when this session began', async () => {
    const { tab } = await newPlayer();
    expect(data(await get(tab, 'account/getPlayLimits')).reality_check).toBe(0);
    const set = await post(tab, 'account/setRealityCheck', { interval: '15' });
    expect(data(set).reality_check).toBe(15);
    expect(data(set).session_started_at).toBe(new Date(clock).toISOString());
    const bad = await post(tab, 'account/setRealityCheck', { interval: '20' });
    expect(bad.body.error?.invalid_parameters).toEqual({ interval: ['wrong_field'] });
  });

  it("keeps a market's reality check: a shorter interval may be chosen, never off or longer", async () => {
    const { tab, email } = await newPlayer();
    // A player of a market without the rule may turn reminders off.
    expect((await post(tab, 'account/setRealityCheck', { interval: '0' })).status).toBe(200);
    // The player lives in Great Britain: the site config's default imposes 60 minutes there.
    await server.database.query(sql`update players set country_code = 'GB' where login = ${email}`);
    const limits = data(await get(tab, 'account/getPlayLimits'));
    // Their earlier "off" gives way to the market's interval, which the page and shell read.
    expect(limits).toMatchObject({ reality_check: 60, reality_check_required: 60 });
    expect(v.safeParse(api.account.getPlayLimits.response, limits).success).toBe(true);

    const off = await post(tab, 'account/setRealityCheck', { interval: '0' });
    expect(off.status).toBe(400);
    expect(off.body.error?.invalid_parameters).toEqual({ interval: ['reality_check_required'] });
    const shorter = await post(tab, 'account/setRealityCheck', { interval: '30' });
    expect(shorter.status).toBe(200);
    expect(data(shorter)).toMatchObject({ reality_check: 30, reality_check_required: 60 });

    // The operator's site config names another market: Spain, every 15 minutes at the longest.
    const editor = await cmsEditor(server, ['content'], () => new Date(clock));
    const put = await cmsCall(server.url, 'PUT', '/cms/site-config?locale=en-US', {
      editor,
      body: { data: { responsibleGaming: { realityCheckByCountry: { ES: 15 } } } },
    });
    expect(put.status).toBe(200);
    await server.database.query(sql`update players set country_code = 'ES' where login = ${email}`);
    expect(data(await get(tab, 'account/getPlayLimits'))).toMatchObject({
      reality_check: 15,
      reality_check_required: 15,
    });
    const longer = await post(tab, 'account/setRealityCheck', { interval: '30' });
    expect(longer.body.error?.invalid_parameters).toEqual({ interval: ['reality_check_required'] });
  });

  it('asks for a review six months after a limit was set, until the player keeps it', async () => {
    const { tab, email } = await newPlayer();
    await post(tab, 'account/setDepositLimit', { period: '30', amount: '200' });
    await post(tab, 'account/setLossLimit', { period: '1', amount: '20' });
    expect(data(await get(tab, 'account/getPlayLimits')).review).toEqual([]);
    clock += 184 * 24 * HOUR;
    // The next sign-in (the old session ran out long ago) is when the review is asked.
    expect((await post(tab, 'auth/login', { login: email, password: 'Secret-123' })).status).toBe(
      200,
    );
    const due = data(await get(tab, 'account/getPlayLimits')).review;
    expect(due).toEqual(
      expect.arrayContaining([
        { type: 'deposit', period: '30' },
        { type: 'loss', period: '1' },
      ]),
    );
    const kept = await post(tab, 'account/keepLimits');
    expect(data(kept).review).toEqual([]);
  });
});

describe('time-out and self-exclusion', () => {
  it('a time-out needs the password, signs out every session, stops marketing, and closes deposits and play (not sign-in) until it ends', async () => {
    const { tab, email } = await newPlayer();
    const other = server.browser();
    expect((await post(other, 'auth/login', { login: email, password: 'Secret-123' })).status).toBe(
      200,
    );
    await post(tab, 'account/changeSubscription', { contact: email, subscription: '1' });
    const wrong = await post(tab, 'account/setTimeOut', { period: '24h', password: 'nope-123' });
    expect(wrong.body.error?.invalid_parameters).toEqual({ password: ['wrong_password'] });
    expect((await get(tab, 'account/getInfo')).status).toBe(200);

    const set = await post(tab, 'account/setTimeOut', { period: '24h', password: 'Secret-123' });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toMatchObject({ active: true, kind: 'time_out', period: '24h' });
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    expect((await get(other, 'account/getInfo')).status).toBe(401);
    const [player] = await server.database.query<{ is_subscribed: boolean }>(
      sql`select bool_or(c.is_subscribed) as is_subscribed from contacts c
          join players p on p.id = c.player_id where p.login = ${email}`,
    );
    expect(player?.is_subscribed).toBe(false);

    // Signed out, but not locked out of their money (withdrawals stay open): the player signs in
    // again; deposits and real-money play stay closed until the time-out ends.
    expect((await post(tab, 'auth/login', { login: email, password: 'Secret-123' })).status).toBe(
      200,
    );
    const deposit = await post(tab, 'cashier/makedeposit', { method: 'card', amount: '20' });
    expect(deposit.body.error?.error_data).toMatchObject({ reason: 'self_excluded' });
    // (Bets are refused by the bet function for any exclusion: wallet/seamless tests.)

    clock += 24 * HOUR + 1000;
    const after = await post(tab, 'cashier/makedeposit', { method: 'card', amount: '20' });
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  });

  it('a self-excluded player may sign in to withdraw, and never deposit again (permanent)', async () => {
    const { tab, email } = await newPlayer();
    const set = await post(tab, 'account/setSelfExclusion', {
      period: 'permanent',
      password: 'Secret-123',
    });
    expect(set.body.data).toMatchObject({ active: true, kind: 'self_exclusion', until: null });
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    clock += 400 * 24 * HOUR;
    expect((await post(tab, 'auth/login', { login: email, password: 'Secret-123' })).status).toBe(
      200,
    );
    const deposit = await post(tab, 'cashier/makedeposit', { method: 'card', amount: '20' });
    expect(deposit.body.error?.error_data).toMatchObject({ reason: 'self_excluded' });
  });
});
