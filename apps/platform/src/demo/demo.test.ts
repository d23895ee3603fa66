import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlatformConfig } from '../config.ts';
import { PGLITE_EXTENSIONS, wrapPglite, type DatabaseHandle } from '../db/client.ts';
import { currencies, mailOutbox, players } from '../db/schema/index.ts';
import {
  checkProductionStart,
  DEMO_DEPOSIT_ID,
  DEMO_FREESPIN_GAME,
  DEMO_ON,
  DEMO_PLAYER,
  DEMO_STAFF,
  DEMO_BACKOFFICE,
  demoMode,
  modeBanner,
  PRODUCTION,
  seed,
  UnsafeStartError,
} from './index.ts';
import { hashPassword } from '../identity/index.ts';
import { createServer } from '../server.ts';
import { get, post, REGISTRATION_PROFILE } from '../testing/api.ts';
import { testDatabase } from '../testing/test-database.ts';
import { cookieFetch, testConfig } from '../testing/test-server.ts';

describe('demoMode: which demo pieces a start has', () => {
  it('turns every piece on without NODE_ENV=production, and every piece off with it', () => {
    expect(demoMode({})).toEqual(DEMO_ON);
    expect(demoMode({ NODE_ENV: 'test' })).toEqual(DEMO_ON);
    expect(demoMode({ NODE_ENV: 'production' })).toEqual(PRODUCTION);
  });

  it('lets a production start name the pieces it wants one by one', () => {
    const production = { NODE_ENV: 'production' };
    expect(demoMode({ ...production, DEMO_SEED: '1' })).toEqual({ ...PRODUCTION, seed: true });
    expect(demoMode({ ...production, MAIL_OUTBOX: '1' })).toEqual({
      ...PRODUCTION,
      mailOutbox: true,
    });
    expect(demoMode({ ...production, SOCIAL_SANDBOX: '1' })).toEqual({
      ...PRODUCTION,
      socialSandbox: true,
    });
    // 0 or empty leaves a production start without the piece.
    expect(demoMode({ ...production, DEMO_SEED: '0', MAIL_OUTBOX: '' })).toEqual(PRODUCTION);
  });

  it('lets a demo start turn a piece off, and refuses values other than 1 and 0', () => {
    expect(demoMode({ SOCIAL_SANDBOX: '0' })).toEqual({ ...DEMO_ON, socialSandbox: false });
    expect(() => demoMode({ NODE_ENV: 'production', DEMO_SEED: 'yes' })).toThrow(
      /DEMO_SEED must be 1 \(on\) or 0 \(off\)/,
    );
  });

  it('prints a loud banner whenever a demo piece is on, and which switches are set', () => {
    const demo = modeBanner(DEMO_ON).join('\n');
    expect(demo).toContain(
      'DEMO MODE: demo accounts, sandbox providers, mail outbox at /dev/mail — never use for real money',
    );
    expect(demo).toContain('DEMO_SEED=1 SOCIAL_SANDBOX=1 MAIL_OUTBOX=1');
    const production = modeBanner(PRODUCTION).join('\n');
    expect(production).not.toContain('DEMO MODE');
    expect(production).toContain('DEMO_SEED=0 SOCIAL_SANDBOX=0 MAIL_OUTBOX=0');
    expect(modeBanner({ ...PRODUCTION, mailOutbox: true }).join('\n')).toContain(
      'DEMO MODE: mail outbox at /dev/mail — never use for real money',
    );
  });
});

/**
 * One fresh database, migrated and never seeded, started as production and then in demo mode,
 * as an operator would: what each start seeds and serves, and the production boot check.
 */
describe('demo mode and a production start on a real server', () => {
  let folder: string;
  let database: DatabaseHandle;
  let config: PlatformConfig;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-demo-'));
    database = await wrapPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    config = testConfig(folder);
  }, 120_000);
  afterAll(async () => {
    await database?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function start(demo: typeof DEMO_ON): Promise<{ app: FastifyInstance; tab: typeof fetch }> {
    const app = await createServer(config, { database, demo });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, tab: cookieFetch(url) };
  }

  const demoLogins = async () =>
    (
      await database.db
        .select({ login: players.login, role: players.role })
        .from(players)
        .where(inArray(players.login, [DEMO_PLAYER.login, DEMO_STAFF.login]))
    ).sort((a, b) => a.login.localeCompare(b.login));

  it('production: reference data but no demo accounts, no outbox page, no sandbox provider', async () => {
    const { app, tab } = await start(PRODUCTION);
    try {
      expect(await demoLogins()).toEqual([]);
      expect(
        await database.db.select().from(currencies).where(eq(currencies.code, 'EUR')),
      ).toHaveLength(1);

      // A mail still goes to the outbox table (the transport in every mode)…
      await post(tab, 'auth/register', {
        ...REGISTRATION_PROFILE,
        email: 'ops-reader@example.com',
        password: 'Secret-123',
        terms: '1',
      });
      expect((await post(tab, 'auth/restore', { login: 'ops-reader@example.com' })).status).toBe(
        200,
      );
      const [sent] = await database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, 'ops-reader@example.com'));
      const code = /\b(\d{6})\b/.exec(sent!.body)![1]!;
      // …but no page shows it.
      for (const page of ['/dev/mail', '/dev/mail.json']) {
        const response = await tab(page);
        const body = await response.text();
        expect(body).not.toContain(code);
        expect(body).not.toContain('Sandbox outbox');
        expect(body).not.toContain('ops-reader@example.com');
      }

      // No social provider: the site's and the content backend's doors answer a typed error.
      const init = await tab('/oauth/init?service=google&redirect_url=/');
      expect(init.status).toBe(404);
      expect(((await init.json()) as { error: unknown }).error).toMatchObject({
        type: 'MethodNotFoundException',
      });
      const connect = await tab('/cms/connect/google?redirect_url=/');
      expect(connect.status).toBe(404);
      const consent = await tab(
        '/sandbox/oauth/google/authorize?response_type=token&redirect_uri=%2Foauth%2Fgoogle%2Fcallback&state=abc',
      );
      expect(consent.status).toBe(404);
      expect(((await consent.json()) as { error: unknown }).error).toMatchObject({
        type: 'MethodNotFoundException',
      });
    } finally {
      await app.close();
    }
  });

  it('demo mode: the demo accounts, the outbox page and the sandbox provider', async () => {
    const { app, tab } = await start(DEMO_ON);
    try {
      expect(await demoLogins()).toEqual([
        { login: DEMO_PLAYER.login, role: 'player' },
        { login: DEMO_STAFF.login, role: 'staff' },
      ]);
      const signIn = await post(tab, 'auth/login', {
        login: DEMO_PLAYER.login,
        password: DEMO_PLAYER.password,
      });
      expect(signIn.status).toBe(200);
      expect((await get(tab, 'account/getInfo')).status).toBe(200);

      const page = await tab('/dev/mail');
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('Sandbox outbox');
      expect(html).toContain('ops-reader@example.com');
      const list = (await (await tab('/dev/mail.json')).json()) as { recipient: string }[];
      expect(list.map((mail) => mail.recipient)).toContain('ops-reader@example.com');

      const init = await tab('/oauth/init?service=google&redirect_url=/');
      expect(init.status).toBe(302);
      const consentUrl = init.headers.get('location')!;
      expect(consentUrl).toMatch(/^\/sandbox\/oauth\/google\/authorize\?/);
      const consent = await tab(consentUrl);
      expect(consent.status).toBe(200);
      expect(await consent.text()).toContain('Sign in with Google');
    } finally {
      await app.close();
    }
  });

  it('refuses a production start while a demo account has its published password', async () => {
    // The database above was started in demo mode: both accounts have the README's passwords.
    const refused = createServer(config, { database, demo: PRODUCTION });
    await expect(refused).rejects.toBeInstanceOf(UnsafeStartError);
    await expect(refused).rejects.toThrow(
      /staff@northstar\.test, demo@northstar\.test, admin@northstar\.test, .* and finance@northstar\.test/,
    );
    // A production start that asked for the demo accounts, and a demo start, go on.
    await expect(checkProductionStart(database, { ...PRODUCTION, seed: true })).resolves.toBe(
      undefined,
    );
    await expect(checkProductionStart(database, DEMO_ON)).resolves.toBe(undefined);

    // The demo player's and the back office's passwords changed: the staff account alone still
    // stops the start.
    await database.db
      .update(players)
      .set({ passwordHash: await hashPassword('Changed-Player-1') })
      .where(inArray(players.login, [DEMO_PLAYER.login, ...DEMO_BACKOFFICE.map((a) => a.login)]));
    const staffOnly = checkProductionStart(database, PRODUCTION);
    await expect(staffOnly).rejects.toThrow(
      /^Refusing to start in production: staff@northstar\.test still has its published demo password/,
    );

    // Once the staff password is changed too, production starts (and seeds no demo account back).
    await database.db
      .update(players)
      .set({ passwordHash: await hashPassword('Changed-Staff-1') })
      .where(eq(players.login, DEMO_STAFF.login));
    await expect(checkProductionStart(database, PRODUCTION)).resolves.toBe(undefined);
    const app = await createServer(config, { database, demo: PRODUCTION });
    await app.close();
  });
});

describe('the demo seed, through the other domains’ doors (issue #23)', () => {
  it('makes the demo player’s profile, declined deposit, free spins and balances once; a second seed changes nothing', async () => {
    const database = await testDatabase();
    try {
      const snapshot = async () => {
        const [player] = await database.query<Record<string, unknown>>(
          sql`select id, role, currency, fakename, first_name, last_name, birth_date, country_code,
                home_town, address, postcode from players where login = ${DEMO_PLAYER.login}`,
        );
        const id = player!.id as number;
        return {
          player,
          staff: await database.query(
            sql`select role, fakename from players where login = ${DEMO_STAFF.login}`,
          ),
          contacts: await database.query(
            sql`select type, contact, is_confirmed from contacts where player_id = ${id}`,
          ),
          deposits: await database.query(
            sql`select id, kind, method, provider, currency, amount_minor::text, status,
                  reason_code, stages from payments where player_id = ${id}`,
          ),
          packs: await database.query(
            sql`select game_sysname, remaining_count, total_count, stake_minor::int as stake_minor, currency
                from freespin_packs where player_id = ${id}`,
          ),
          balances: await database.query(
            sql`select kind, currency, balance_minor::text from wallets
                where player_id = ${id} and balance_minor <> 0 order by kind`,
          ),
          providers: await database.query(sql`select count(*)::int as n from game_providers`),
          // The demo's codes a new player may enter, each granting its template's bonus.
          codes: await database.query(
            sql`select c.code, t.kind from promo_codes c join bonus_templates t on t.id = c.template_id
                where c.code in ('FREE10', 'SPINS10', 'FREEBET5') order by c.code`,
          ),
        };
      };
      const first = await snapshot();
      expect(first.player).toMatchObject({
        role: 'player',
        currency: 'EUR',
        fakename: 'DemoPlayer',
        birth_date: '1990-05-17',
        home_town: 'Valencia',
        postcode: '46004',
      });
      expect(first.staff).toEqual([{ role: 'staff', fakename: 'NorthstarStaff' }]);
      expect(first.contacts).toEqual([
        { type: 'email', contact: DEMO_PLAYER.login, is_confirmed: true },
      ]);
      expect(first.deposits).toEqual([
        {
          id: DEMO_DEPOSIT_ID,
          kind: 'deposit',
          method: 'card',
          provider: 'sandbox',
          currency: 'EUR',
          amount_minor: '2000',
          status: 'failed',
          reason_code: 'card_declined',
          stages: [
            { stage: 'pending', at: '2026-01-05T10:00:00.000Z' },
            { stage: 'failed', at: '2026-01-05T10:01:00.000Z' },
          ],
        },
      ]);
      expect(first.packs).toEqual([
        {
          game_sysname: DEMO_FREESPIN_GAME,
          remaining_count: 10,
          total_count: 10,
          stake_minor: 20,
          currency: 'EUR',
        },
      ]);
      expect(first.codes).toEqual([
        { code: 'FREE10', kind: 'no_deposit' },
        { code: 'FREEBET5', kind: 'betting_free_bet' },
        { code: 'SPINS10', kind: 'free_spins' },
      ]);
      expect(first.balances).toEqual([
        { kind: 'bonus', currency: 'EUR', balance_minor: '2500' },
        { kind: 'main', currency: 'EUR', balance_minor: '50000' },
      ]);
      await seed(database);
      expect(await snapshot()).toEqual(first);
    } finally {
      await database.close();
    }
  }, 120_000);
});
