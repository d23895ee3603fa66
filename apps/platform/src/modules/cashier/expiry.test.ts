import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.ts';
import { createServer } from '../../server.ts';
import {
  configurePaymentProviders,
  SandboxPaymentProvider,
  signWebhook,
} from '../../providers/payments/index.ts';
import { get, post, signUp } from '../../testing/api.ts';
import { expectBooksBalance } from '../../testing/books.ts';
import { startTestServer, testConfig, type TestServer } from '../../testing/test-server.ts';
import { expireAbandonedDeposits } from '../../payments/index.ts';

/**
 * §4 abandoned deposits expire after the provider's payment session
 * (`PAYMENT_SANDBOX_SESSION_SECONDS`, 60 s here, on a clock the test moves), never credit, and
 * expire exactly once with two platform instances on one database.
 */
let server: TestServer;
let second: { app: FastifyInstance; url: string; folder: string };
let offsetMs = 0;
const secret = 'whsec_expiry_test';
const SESSION_S = 60;
let seq = 0;
const now = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  process.env.PAYMENT_SANDBOX_SECRET = secret;
  process.env.PAYMENT_SANDBOX_SESSION_SECONDS = String(SESSION_S);
  process.env.PAYMENT_SANDBOX_PENDING_SECONDS = '1';
  server = await startTestServer({ now });
  // A second platform instance on the same database (as two processes behind one balancer).
  const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-expiry-'));
  const app = await createServer(testConfig(folder, { dataDir: folder }), {
    database: server.database,
    seed: false,
    now,
  });
  second = { app, url: await app.listen({ port: 0, host: '127.0.0.1' }), folder };
}, 60_000);
afterAll(async () => {
  await second?.app.close();
  rmSync(second.folder, { recursive: true, force: true });
  await server.close();
});

async function newPlayer() {
  return (await signUp(server, 'expiry')).tab;
}

async function abandonedDeposit(tab: typeof fetch, amount = '40') {
  const made = await post(tab, 'cashier/makedeposit', { method: 'card', amount });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  return made.body.data as { transaction: number; url: string };
}

const info = async (tab: typeof fetch, id: number) =>
  (await get(tab, 'cashier/getdepositinfo', { id })).body.data as {
    status: string;
    reason_code: string | null;
  };

const balanceOf = async (tab: typeof fetch) =>
  ((await get(tab, 'account/getBalance')).body.data as { balance_main: { amount: string } })
    .balance_main.amount;

function webhook(base: string, transaction: number, amount = '40.00') {
  const raw = JSON.stringify({
    id: `evt_expiry_${++seq}_${Date.now()}`,
    type: 'payment.succeeded',
    data: { transaction, amount, currency: 'EUR' },
  });
  return fetch(`${base}/payments/sandbox/webhook`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'sandbox-signature': signWebhook(secret, raw, now()),
    },
    body: raw,
  });
}

describe('abandoned deposits', () => {
  it('stay pending within the session, then say expired in the deposit and in history', async () => {
    offsetMs = 0;
    const tab = await newPlayer();
    const { transaction, url } = await abandonedDeposit(tab);
    offsetMs = (SESSION_S - 5) * 1000;
    expect((await info(tab, transaction)).status).toBe('pending');

    offsetMs = (SESSION_S + 1) * 1000;
    expect(await info(tab, transaction)).toMatchObject({
      status: 'expired',
      reason_code: 'expired',
    });
    const history = await get(tab, 'cashier/gethistory', { type: 'deposit' });
    expect(history.body.data).toMatchObject({ items: [{ id: transaction, status: 'expired' }] });
    // The provider's page takes no payment any more.
    const page = await fetch(`${server.url}${url}`);
    expect(page.status).toBe(410);
    expect(await page.text()).toContain('expired');
    const paid = await fetch(`${server.url}${url}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number: '4242424242424242', expiry: '12/39', cvc: '123' }),
    });
    expect(paid.status).toBe(410);
    expect(await balanceOf(tab)).toBe('0.00');
  });

  it('never credit: a late success webhook is recorded as late_expired and moves no money', async () => {
    offsetMs = 0;
    const tab = await newPlayer();
    const { transaction } = await abandonedDeposit(tab);
    // Nothing read the deposit since: the webhook itself finds the session over.
    offsetMs = (SESSION_S + 1) * 1000;
    const late = await webhook(server.url, transaction);
    expect(late.status).toBe(200);
    expect(await late.json()).toEqual({ received: true, outcome: 'ignored' });
    const events = await server.database.query<{ outcome: string }>(
      sql`select outcome from payment_events where payment_id = ${transaction}`,
    );
    expect(events).toEqual([{ outcome: 'late_expired' }]);
    expect((await info(tab, transaction)).status).toBe('expired');
    expect(await balanceOf(tab)).toBe('0.00');
    await expectBooksBalance(server.database);
  });

  it('stop counting towards a deposit limit', async () => {
    offsetMs = 0;
    const tab = await newPlayer();
    expect((await post(tab, 'account/setDepositLimit', { period: '1', amount: '50' })).status).toBe(
      200,
    );
    await abandonedDeposit(tab, '40');
    const refused = await post(tab, 'cashier/makedeposit', { method: 'card', amount: '40' });
    expect(refused.body.error?.type).toBe('BillingDepositLimitExceededException');
    offsetMs = (SESSION_S + 1) * 1000;
    expect((await post(tab, 'cashier/makedeposit', { method: 'card', amount: '40' })).status).toBe(
      200,
    );
  });

  it('expire exactly once with two instances racing, and a success inside the session still credits', async () => {
    offsetMs = 0;
    const tabs = await Promise.all(Array.from({ length: 4 }, () => newPlayer()));
    const abandoned = await Promise.all(tabs.map((tab) => abandonedDeposit(tab, '25')));
    // One deposit is paid in time (its webhook is applied before the session ends).
    const paid = await abandonedDeposit(tabs[0]!, '30');
    expect(await (await webhook(server.url, paid.transaction, '30.00')).json()).toMatchObject({
      outcome: 'applied',
    });
    offsetMs = (SESSION_S + 1) * 1000;
    // Two instances' sweeps run concurrently, while late webhooks arrive on both instances and
    // the players read their deposits (each of which expires too).
    const contexts = [0, 1].map((): AppContext => {
      const context: AppContext = {
        database: server.database,
        config: testConfig(second.folder),
        secret: Buffer.alloc(32),
        now,
      };
      const provider = new SandboxPaymentProvider(context, secret);
      configurePaymentProviders(context, new Map([[provider.id, provider]]));
      return context;
    });
    const ids = abandoned.map((item) => item.transaction);
    const results = await Promise.all([
      ...contexts.flatMap((context) =>
        Array.from({ length: 3 }, () => expireAbandonedDeposits(context, server.database.db)),
      ),
      ...abandoned.map((item, index) =>
        webhook(index % 2 ? second.url : server.url, item.transaction, '25.00').then(() => []),
      ),
      ...tabs.map((tab, index) => info(tab, ids[index]!).then(() => [])),
    ]);
    const expiredIds = results.flat().filter((id) => ids.includes(id));
    // Whoever expired each deposit did it once (the reads and webhooks expire too: the sweeps
    // see fewer then, never more).
    expect(new Set(expiredIds).size).toBe(expiredIds.length);
    const rows = await server.database.query<{
      id: number;
      status: string;
      stages: { stage: string }[];
    }>(
      sql`select id, status, stages from payments where id in (${sql.join(
        [...ids, paid.transaction].map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
    );
    for (const row of rows) {
      if (row.id === paid.transaction) {
        expect(row.status).toBe('success');
        continue;
      }
      expect(row.status).toBe('expired');
      expect(row.stages.filter((item) => item.stage === 'expired')).toHaveLength(1);
    }
    for (const [index, tab] of tabs.entries()) {
      expect(await balanceOf(tab)).toBe(index === 0 ? '30.00' : '0.00');
    }
    await expectBooksBalance(server.database);
  });
});
