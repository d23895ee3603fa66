import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, type ResponseOf } from '@northstar/contract';
import type { AppContext } from '../../context.ts';
import { get, post, signUp } from '../../testing/api.ts';
import { requestedWithdrawal, sandboxDeposit, waitFor } from '../../testing/cashier.ts';
import { reusedStaffTab, staffTab } from '../../testing/staff.ts';
import { startTestServer, testConfig, type TestServer } from '../../testing/test-server.ts';
import { bettor as bettorOf } from '../../testing/players.ts';
import { applyMovement } from '../../wallet/index.ts';

/**
 * The back office's daily report (issue #30) through `/api`: after a known set of deposits,
 * withdrawals, game rounds and sports movements on a test server, today's figures grow by exactly
 * what they were; the roles that may read it; its range checks as field errors.
 */

type Report = ResponseOf<typeof api.reports.staffdaily>;

let server: TestServer;
let app: AppContext;
const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-reports-'));
const SLOT = 'reports_test_slot';
const finance = reusedStaffTab(() => server, undefined, ['finance']);

beforeAll(async () => {
  process.env.PAYMENT_SANDBOX_SECRET = 'whsec_reports_test';
  process.env.PAYMENT_SANDBOX_PENDING_SECONDS = '0';
  process.env.PAYMENT_SANDBOX_PAYOUT_SECONDS = '0';
  server = await startTestServer();
  app = {
    database: server.database,
    config: testConfig(folder),
    secret: Buffer.alloc(32),
    now: () => new Date(),
  };
  await server.database.query(sql`
    insert into games (sysname, name, provider_sysname, categories) values
      (${SLOT}, 'Reports Test Slot', 'northstar', '["slots"]'::jsonb)
    on conflict (sysname) do nothing`);
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});
beforeEach(async () => {
  await server.database.query(sql`delete from rate_limits`);
});

const today = () => new Date().toISOString().slice(0, 10);

async function report(params: Record<string, string> = {}): Promise<Report> {
  const answer = await get(await finance(), 'reports/staffdaily', params);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const parsed = v.safeParse(api.reports.staffdaily.response, answer.body.data);
  expect(parsed.success, JSON.stringify(parsed.issues)).toBe(true);
  return answer.body.data as Report;
}

/** Today's EUR figures as numbers (zeros when EUR has none yet). */
async function todayInEur() {
  const data = await report({ from: today(), to: today() });
  const eur = data.currencies.find((c) => c.currency === 'EUR');
  const day = eur?.days[0];
  return {
    deposits: day?.deposits.count ?? 0,
    deposited: Number(day?.deposits.amount.amount ?? 0),
    withdrawals: day?.withdrawals.count ?? 0,
    withdrawn: Number(day?.withdrawals.amount.amount ?? 0),
    casino: Number(day?.ggr.casino.amount ?? 0),
    sports: Number(day?.ggr.sports.amount ?? 0),
    total: Number(day?.ggr.total.amount ?? 0),
    active: day?.active_players ?? 0,
  };
}

/** Rounds of the test slot, each answered `RS_OK` (the wallet took it). */
async function bettor(playerId: number) {
  const rounds = await bettorOf(app, playerId, SLOT);
  const ok = async (answer: Promise<{ status: string; uuid: string }>) => {
    const done = await answer;
    expect(done.status, JSON.stringify(done)).toBe('RS_OK');
    return done.uuid;
  };
  return {
    bet: (amount: number) => ok(rounds.bet(amount)),
    win: (amount: number, bet: string) => ok(rounds.win(amount, bet)),
    rollback: (bet: string) => ok(rounds.rollback(bet)),
  };
}

const credit = (playerId: number, amountMinor: bigint, reason: string, key: string) =>
  applyMovement(server.database.db, {
    playerId,
    kind: 'main',
    currency: 'EUR',
    amountMinor,
    reason,
    idempotencyKey: `reports-${key}-${playerId}`,
  });

describe('the daily report', () => {
  it("adds up today's deposits, approved withdrawals, real-money GGR and the players who bet", async () => {
    const before = await todayInEur();
    const admin = await staffTab(server, ['admin']);

    // A deposits 100 and asks for 40, which staff approve; B deposits 100 and asks for 30, which
    // staff reject (it no longer counts); C deposits 50 that the provider confirms.
    const a = await signUp(server, 'report-a');
    const approved = await requestedWithdrawal(server, a, '100', '40');
    const approval = await post(admin.tab, 'cashier/staffapprovewithdrawal', { id: approved });
    expect(approval.status, JSON.stringify(approval.body)).toBe(200);
    const b = await signUp(server, 'report-b');
    const rejected = await requestedWithdrawal(server, b, '100', '30');
    const rejection = await post(admin.tab, 'cashier/staffrejectwithdrawal', {
      id: rejected,
      reason_code: 'other',
    });
    expect(rejection.status, JSON.stringify(rejection.body)).toBe(200);
    const c = await signUp(server, 'report-c');
    const { transaction } = await sandboxDeposit(server, c.tab, '50', '4242424242424242');
    const paid = await waitFor(
      async () =>
        (await get(c.tab, 'cashier/getdepositinfo', { id: transaction })).body.data as {
          status: string;
        },
      (value) => value.status === 'success',
    );
    expect(paid.status).toBe('success');
    // A deposit the card declined counts nowhere.
    await sandboxDeposit(server, c.tab, '70', '4000000000000002');

    // Games: A stakes 30 and wins 10 (+20); B stakes 5, rolled back (0); C stakes 10 and wins
    // 25 (−15). Casino GGR +5.
    const playA = await bettor(a.id);
    await playA.win(10_00, await playA.bet(30_00));
    const playB = await bettor(b.id);
    await playB.rollback(await playB.bet(5_00));
    const playC = await bettor(c.id);
    await playC.win(25_00, await playC.bet(10_00));
    // Sports (the sportsbook's own movements): D stakes 8 and gets 3 back. Sports GGR +5.
    const d = await signUp(server, 'report-d');
    await credit(d.id, 20_00n, 'test_deposit', 'credit');
    await credit(d.id, -8_00n, 'sports_stake', 'stake');
    await credit(d.id, 3_00n, 'sports_cash_out', 'cash-out');
    // E is only credited (no bet): not an active player, no GGR.
    const e = await signUp(server, 'report-e');
    await credit(e.id, 15_00n, 'test_deposit', 'credit');

    const after = await todayInEur();
    expect(after.deposits - before.deposits).toBe(3);
    expect(after.deposited - before.deposited).toBeCloseTo(250, 2);
    expect(after.withdrawals - before.withdrawals).toBe(1);
    expect(after.withdrawn - before.withdrawn).toBeCloseTo(40, 2);
    expect(after.casino - before.casino).toBeCloseTo(5, 2);
    expect(after.sports - before.sports).toBeCloseTo(5, 2);
    expect(after.total - before.total).toBeCloseTo(10, 2);
    expect(after.active - before.active).toBe(4);
  }, 60_000);

  it("lists every day of the range, and the range's totals count each player once", async () => {
    const before = await todayInEur();
    const someone = await signUp(server, 'report-twice');
    const play = await bettor(someone.id);
    await credit(someone.id, 10_00n, 'test_deposit', 'credit');
    await play.bet(1_00);
    await play.bet(2_00);
    // Two bets, one player.
    expect((await todayInEur()).active - before.active).toBe(1);

    const to = today();
    const from = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const data = await report({ from, to });
    expect(data).toMatchObject({ from, to });
    const eur = data.currencies.find((c) => c.currency === 'EUR')!;
    expect(eur.days.map((day) => day.date)).toHaveLength(7);
    expect(eur.days[0]!.date).toBe(from);
    expect(eur.days.at(-1)!.date).toBe(to);
    const sum = (pick: (day: (typeof eur.days)[number]) => string) =>
      eur.days.reduce((total, day) => total + Number(pick(day)), 0);
    expect(Number(eur.totals.deposits.amount.amount)).toBeCloseTo(
      sum((day) => day.deposits.amount.amount),
      2,
    );
    expect(Number(eur.totals.ggr.total.amount)).toBeCloseTo(
      sum((day) => day.ggr.total.amount),
      2,
    );
    // A player who bet on several days counts once in the range: at least the busiest day's,
    // at most the days' sum.
    const daily = eur.days.map((day) => day.active_players);
    expect(eur.totals.active_players).toBeGreaterThanOrEqual(Math.max(...daily));
    expect(eur.totals.active_players).toBeLessThanOrEqual(daily.reduce((a, b) => a + b, 0));

    // Without dates: the last 30 days up to today. A range of days before any of this: nothing.
    const recent = await report();
    expect(recent.to).toBe(to);
    expect(recent.currencies.find((c) => c.currency === 'EUR')!.days).toHaveLength(30);
    const past = await report({ from: '2020-01-01', to: '2020-01-31' });
    expect(past.currencies).toEqual([]);
  }, 30_000);

  it('is for finance and admins; support, risk and content are refused, a player is not staff', async () => {
    for (const role of ['support', 'risk', 'content'] as const) {
      const tab = (await staffTab(server, [role])).tab;
      const answer = await get(tab, 'reports/staffdaily');
      expect(answer.status, role).toBe(403);
      expect(answer.body.error?.type).toBe('AccessDeniedException');
    }
    const admin = (await staffTab(server, ['admin'])).tab;
    expect((await get(admin, 'reports/staffdaily')).status).toBe(200);
    const player = await signUp(server, 'report-player');
    expect((await get(player.tab, 'reports/staffdaily')).status).toBe(401);
  }, 30_000);

  it('answers a bad range with a field error, never a 500', async () => {
    const tab = await finance();
    const cases: [Record<string, string>, Record<string, string[]>][] = [
      [{ from: '2026/11/29' }, { from: ['date'] }],
      [{ from: '2026-02-30' }, { from: ['date'] }],
      [{ from: '2026-03-02', to: '2026-03-01' }, { to: ['min_value'] }],
      [{ from: '2026-01-01', to: '2026-06-01' }, { to: ['max_value'] }],
    ];
    for (const [params, invalid] of cases) {
      const answer = await get(tab, 'reports/staffdaily', params);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      expect(answer.body.error?.type).toBe('InvalidParameterException');
      expect(answer.body.error?.invalid_parameters).toEqual(invalid);
    }
  });
});
