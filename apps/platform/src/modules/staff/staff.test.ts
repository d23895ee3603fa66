import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { METHODS, STAFF_ROLES, type MethodDefinition, type StaffRole } from '@northstar/contract';
import { DEMO_BACKOFFICE } from '../../demo/index.ts';
import { get, post, signUp, type ApiAnswer } from '../../testing/api.ts';
import { requestedWithdrawal } from '../../testing/cashier.ts';
import { kycEvent, kycWebhook, png, sandboxKyc } from '../../testing/kyc.ts';
import {
  STAFF_TEST_PASSWORD,
  staffAccount,
  staffTab,
  totpCode,
  type StaffTab,
} from '../../testing/staff.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';

/**
 * The back office's door and rules (issue #30) through `/api`: staff sign-in with a required
 * authenticator app, sessions of their own (30 minutes idle), every staff method's roles, and one
 * audit row for every change a staff method makes.
 */
let server: TestServer;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);
const KYC_SECRET = 'whsec_staff_kyc';

beforeAll(async () => {
  process.env.PAYMENT_SANDBOX_SECRET = 'whsec_staff_test';
  process.env.PAYMENT_SANDBOX_PENDING_SECONDS = '0';
  process.env.PAYMENT_SANDBOX_PAYOUT_SECONDS = '0';
  process.env.KYC_SANDBOX_SECRET = KYC_SECRET;
  process.env.KYC_SANDBOX_REVIEW_SECONDS = '600';
  server = await startTestServer({ now: clock });
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  offsetMs = 0;
  await server.database.query(sql`delete from rate_limits`);
});

const STAFF_METHODS = METHODS.filter((m) => m.access === 'staff');
const key = (m: MethodDefinition) => `${m.module}/${m.method}`;
const call = (tab: typeof fetch, m: MethodDefinition, params: Record<string, string> = {}) =>
  m.http === 'GET' ? get(tab, key(m), params) : post(tab, key(m), params);
const errorOf = (answer: ApiAnswer) => answer.body.error;

async function auditRows(action: string, kind: 'read' | 'change' = 'change') {
  return server.database.query<{
    actor_id: number;
    actor_roles: string[];
    player_id: number | null;
    subject_type: string;
    subject_id: string | null;
    before: unknown;
    after: unknown;
    reason: string | null;
  }>(sql`select * from audit_log where action = ${action} and kind = ${kind} order by id`);
}

describe('staff sign-in', () => {
  it('always needs an authenticator app: the first sign-in sets it up, the next asks for a code', async () => {
    const account = await staffAccount(server, ['support']);
    const tab = server.browser();
    const first = await post(tab, 'staff/signin', {
      login: account.login,
      password: STAFF_TEST_PASSWORD,
    });
    expect(first.status).toBe(401);
    const setup = errorOf(first)?.error_data?.two_factor_setup as {
      secret: string;
      otpauth_url: string;
      qr_code: string;
    };
    expect(setup.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    // No session before the app's first code.
    expect((await get(tab, 'staff/me')).status).toBe(401);

    const wrong = await post(tab, 'staff/signin', {
      login: account.login,
      password: STAFF_TEST_PASSWORD,
      code: totpCode(setup.secret, new Date(Date.now() - 10 * 60_000)),
    });
    expect(wrong.status).toBe(401);
    expect(errorOf(wrong)?.invalid_parameters).toEqual({ code: ['code_invalid'] });

    const confirmed = await post(tab, 'staff/signin', {
      login: account.login,
      password: STAFF_TEST_PASSWORD,
      code: totpCode(setup.secret),
    });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const data = confirmed.body.data as { staff: object; recovery_codes: string[] };
    expect(data.staff).toEqual({ id: account.id, login: account.login, roles: ['support'] });
    expect(data.recovery_codes).toHaveLength(10);
    expect((await get(tab, 'staff/me')).body.data).toEqual(data.staff);

    // The next sign-in (another browser) asks for a code and sets nothing up again.
    const other = server.browser();
    const again = await post(other, 'staff/signin', {
      login: account.login,
      password: STAFF_TEST_PASSWORD,
    });
    expect(again.status).toBe(401);
    expect(errorOf(again)?.error_data).toEqual({ two_factor_auth: true, two_factor_method: 'app' });
    expect((await get(other, 'staff/me')).status).toBe(401);
    // A recovery code works once.
    const recovered = await post(other, 'staff/signin', {
      login: account.login,
      password: STAFF_TEST_PASSWORD,
      code: data.recovery_codes[0]!,
    });
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
  });

  it('answers one message for an unknown account, a wrong password and a player account', async () => {
    const player = await signUp(server, 'not-staff');
    const answers = await Promise.all([
      post(server.browser(), 'staff/signin', { login: 'nobody@example.test', password: 'x1' }),
      post(server.browser(), 'staff/signin', {
        login: DEMO_BACKOFFICE[0]!.login,
        password: 'Wrong-123',
      }),
      post(server.browser(), 'staff/signin', { login: player.email, password: 'Secret-123' }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(errorOf(answer)).toMatchObject({ message: 'Wrong login or password' });
      expect(errorOf(answer)?.error_data ?? {}).toEqual({});
    }
  });

  it('refuses the sixth wrong password of an account in 15 minutes, even the right one after', async () => {
    const account = await staffAccount(server, ['risk']);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await post(server.browser(), 'staff/signin', {
        login: account.login,
        password: `Wrong-${i}-pass`,
      });
      expect(wrong.status).toBe(401);
    }
    const limited = await post(server.browser(), 'staff/signin', {
      login: account.login,
      password: STAFF_TEST_PASSWORD,
    });
    expect(limited.status).toBe(429);
    expect(errorOf(limited)?.type).toBe('TooManyRequestsException');
  });

  it('keeps its own HttpOnly, SameSite=Strict cookie, apart from the player session', async () => {
    const account = await staffAccount(server, ['admin']);
    const tab = server.browser();
    const setup = await post(tab, 'staff/signin', {
      login: account.login,
      password: STAFF_TEST_PASSWORD,
    });
    const secret = (errorOf(setup)?.error_data?.two_factor_setup as { secret: string }).secret;
    const response = await tab('/api/staff/signin?v=2.34&locale=en-US', {
      method: 'POST',
      headers: { 'X-App-Client': 'web/2.34' },
      body: new URLSearchParams({
        login: account.login,
        password: STAFF_TEST_PASSWORD,
        code: totpCode(secret),
      }),
    });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie();
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatch(/^ns_staff=/);
    expect(cookies[0]).toMatch(/HttpOnly/i);
    expect(cookies[0]).toMatch(/SameSite=Strict/i);
    // The staff session is no player session, and a player session opens no staff method.
    expect((await get(tab, 'account/getInfo')).status).toBe(401);
    const player = await signUp(server, 'player-with-staff-method');
    expect((await get(player.tab, 'staff/me')).status).toBe(401);
    expect((await get(player.tab, 'cashier/staffgetwithdrawals')).status).toBe(401);
  });

  it('ends after 30 minutes without a request, and at sign-out', async () => {
    const staff = await staffTab(server, ['support'], clock);
    offsetMs = 29 * 60_000;
    expect((await get(staff.tab, 'staff/me')).status).toBe(200);
    offsetMs = 29 * 60_000 + 29 * 60_000;
    expect((await get(staff.tab, 'staff/me')).status).toBe(200);
    offsetMs += 31 * 60_000;
    expect((await get(staff.tab, 'staff/me')).status).toBe(401);

    offsetMs = 0;
    const other = await staffTab(server, ['support'], clock);
    expect((await post(other.tab, 'staff/signout')).status).toBe(200);
    expect((await get(other.tab, 'staff/me')).status).toBe(401);
  });

  it('a role taken away takes effect on the next request', async () => {
    const staff = await staffTab(server, ['finance'], clock);
    expect((await get(staff.tab, 'cashier/staffgetwithdrawals')).status).toBe(200);
    await server.database.query(
      sql`update players set staff_roles = '{support}'::text[] where id = ${staff.id}`,
    );
    expect((await get(staff.tab, 'cashier/staffgetwithdrawals')).status).toBe(403);
    await server.database.query(
      sql`update players set staff_roles = '{}'::text[] where id = ${staff.id}`,
    );
    expect((await get(staff.tab, 'staff/me')).status).toBe(401);
  });
});

describe("every staff method's roles", () => {
  it('every staff method names its roles, admin among them', () => {
    expect(STAFF_METHODS.length).toBeGreaterThan(20);
    for (const m of STAFF_METHODS) {
      expect(m.roles, key(m)).toContain('admin');
      for (const role of m.roles ?? []) expect(STAFF_ROLES).toContain(role);
    }
    for (const m of METHODS.filter((m) => m.access !== 'staff'))
      expect(m.roles, key(m)).toBeUndefined();
  });

  it('each role is refused (403) exactly where the method does not name it, and nobody signed out gets in', async () => {
    const tabs = new Map<StaffRole, StaffTab>();
    for (const role of STAFF_ROLES) tabs.set(role, await staffTab(server, [role], clock));
    const visitor = server.browser();
    // Who is asked comes before what was sent: no params are needed to learn the answer, and a
    // method a role may call answers about its params (or succeeds), never 401 or 403.
    for (const m of STAFF_METHODS.filter((m) => m.method !== 'signout')) {
      expect((await call(visitor, m)).status, `${key(m)} signed out`).toBe(401);
      for (const role of STAFF_ROLES) {
        const answer = await call(tabs.get(role)!.tab, m);
        if (m.roles!.includes(role)) {
          expect([401, 403], `${key(m)} as ${role}: ${JSON.stringify(answer.body)}`).not.toContain(
            answer.status,
          );
        } else {
          expect(answer.status, `${key(m)} as ${role}`).toBe(403);
          expect(errorOf(answer)?.type).toBe('AccessDeniedException');
        }
      }
    }
  }, 120_000);
});

describe('the audit log of staff changes', () => {
  /** A new player signed up in a tab of its own. */
  const player = () => signUp(server, 'audited');

  let templates = 0;
  async function templateId(
    admin: typeof fetch,
    trigger: 'promo_code' | 'offer' = 'offer',
  ): Promise<number> {
    const made = await post(admin, 'bonuses/staffcreatetemplate', {
      name: 'Audited bonus',
      kind: 'no_deposit',
      trigger,
      ...(trigger === 'promo_code'
        ? { code: `AUDIT${(templates += 1)}${Date.now() % 100_000}` }
        : {}),
      currency: 'EUR',
      amount: '10',
      wagering_multiplier: 10,
      default_weight: 100,
      activate_hours: 24,
      wager_hours: 72,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return (made.body.data as { id: number }).id;
  }

  /**
   * One valid call of each state-changing staff method, made by `admin`, with what it needs made
   * first. A staff method that changes state and has no entry here fails the walk below.
   */
  const FIXTURES: Record<string, (admin: StaffTab) => Promise<ApiAnswer>> = {
    'staff/signout': async () =>
      post((await staffTab(server, ['support'], clock)).tab, 'staff/signout'),
    'staff/blockplayer': async (admin) =>
      post(admin.tab, 'staff/blockplayer', {
        player_id: (await player()).id,
        reason: 'fraud ring',
      }),
    'staff/unblockplayer': async (admin) => {
      const { id } = await player();
      await post(admin.tab, 'staff/blockplayer', { player_id: id, reason: 'checking' });
      return post(admin.tab, 'staff/unblockplayer', { player_id: id, reason: 'all clear' });
    },
    'staff/addplayernote': async (admin) =>
      post(admin.tab, 'staff/addplayernote', { player_id: (await player()).id, text: 'Called' }),
    'sumsub/staffsetkycblock': async (admin) =>
      post(admin.tab, 'sumsub/staffsetkycblock', { player_id: (await player()).id, enabled: 1 }),
    'sumsub/staffdecidedocument': async (admin) => {
      const someone = await player();
      const kyc = sandboxKyc(server);
      const started = await kyc.start(someone.tab);
      const sent = await kyc.upload(started.url, 'document', [{ name: 'p.png', bytes: png() }], {
        doc_type: 'PASSPORT',
      });
      expect(sent.status).toBe(303);
      const pending = kycEvent(
        `evt_${someone.id}`,
        started.applicantId,
        someone.id,
        'applicantPending',
        {
          IDENTITY: null,
          SELFIE: null,
        },
      );
      expect((await kycWebhook(server, KYC_SECRET, pending)).status).toBe(200);
      return post(admin.tab, 'sumsub/staffdecidedocument', {
        player_id: someone.id,
        document: 'IDENTITY',
        decision: 'approve',
      });
    },
    'bonuses/staffcreatetemplate': async (admin) => {
      await templateId(admin.tab);
      return { status: 200, body: {} };
    },
    'bonuses/staffgrant': async (admin) =>
      post(admin.tab, 'bonuses/staffgrant', {
        player_id: (await player()).id,
        template_id: await templateId(admin.tab),
      }),
    'cashbacks/staffsetsettings': async (admin) =>
      post(admin.tab, 'cashbacks/staffsetsettings', {
        currency: 'EUR',
        percent: '10',
        min_loss: '10',
        period: 'weekly',
        payout_to: 'main',
        claim_hours: 72,
      }),
    'cashbacks/staffgrant': async (admin) =>
      post(admin.tab, 'cashbacks/staffgrant', { player_id: (await player()).id, amount: '5' }),
    'campaigns/staffcreatepromocode': async (admin) =>
      post(admin.tab, 'campaigns/staffcreatepromocode', {
        code: `AUDIT${Date.now() % 1_000_000}`,
        template_id: await templateId(admin.tab, 'promo_code'),
      }),
    'campaigns/staffsaveoffer': async (admin) =>
      post(admin.tab, 'campaigns/staffsaveoffer', {
        template_id: await templateId(admin.tab),
        title: 'Audited offer',
      }),
    'campaigns/staffsetpromocodeactive': async (admin) => {
      const made = await post(admin.tab, 'campaigns/staffcreatepromocode', {
        code: `SWITCH${Date.now() % 1_000_000}`,
        template_id: await templateId(admin.tab, 'promo_code'),
      });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return post(admin.tab, 'campaigns/staffsetpromocodeactive', {
        id: (made.body.data as { id: number }).id,
        is_active: 0,
      });
    },
    'campaigns/staffsetofferactive': async (admin) => {
      const template_id = await templateId(admin.tab);
      const saved = await post(admin.tab, 'campaigns/staffsaveoffer', {
        template_id,
        title: 'Switched offer',
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      return post(admin.tab, 'campaigns/staffsetofferactive', { template_id, is_active: 0 });
    },
    'cashier/staffreviewwithdrawal': async (admin) =>
      post(admin.tab, 'cashier/staffreviewwithdrawal', {
        id: await requestedWithdrawal(server, await player()),
      }),
    'cashier/staffapprovewithdrawal': async (admin) =>
      post(admin.tab, 'cashier/staffapprovewithdrawal', {
        id: await requestedWithdrawal(server, await player()),
      }),
    'cashier/staffrejectwithdrawal': async (admin) =>
      post(admin.tab, 'cashier/staffrejectwithdrawal', {
        id: await requestedWithdrawal(server, await player()),
        reason_code: 'other',
        reason_text: 'Requisites do not match',
      }),
    'staff/createstaff': async (admin) =>
      post(admin.tab, 'staff/createstaff', {
        email: `made-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`,
        password: 'Made-Secret-1',
        roles: 'support,risk',
      }),
    'staff/setstaffroles': async (admin) =>
      post(admin.tab, 'staff/setstaffroles', {
        staff_id: await someStaff(),
        roles: 'finance',
        reason: 'moved to payments',
      }),
    'staff/setstaffblocked': async (admin) =>
      post(admin.tab, 'staff/setstaffblocked', {
        staff_id: await someStaff(),
        blocked: 1,
        reason: 'left the company',
      }),
    'staff/resetstafftwofactor': async (admin) =>
      post(admin.tab, 'staff/resetstafftwofactor', {
        staff_id: await someStaff(),
        reason: 'lost phone',
      }),
    'chat/stafftake': async (admin) =>
      post(admin.tab, 'chat/stafftake', { conversation_id: (await chatting()).conversation_id }),
    'chat/stafftransfer': async (admin) =>
      post(admin.tab, 'chat/stafftransfer', {
        conversation_id: (await chatting()).conversation_id,
        staff_id: await someStaff(),
      }),
    'chat/staffsend': async (admin) =>
      post(admin.tab, 'chat/staffsend', {
        conversation_id: (await chatting()).conversation_id,
        text: 'Looking into it',
        client_id: randomUUID(),
      }),
    'chat/stafftyping': async (admin) =>
      post(admin.tab, 'chat/stafftyping', {
        conversation_id: (await chatting()).conversation_id,
        typing: 1,
      }),
    'chat/staffread': async (admin) => {
      const chat = await chatting();
      return post(admin.tab, 'chat/staffread', {
        conversation_id: chat.conversation_id,
        up_to_seq: chat.seq,
      });
    },
    'chat/staffclose': async (admin) =>
      post(admin.tab, 'chat/staffclose', { conversation_id: (await chatting()).conversation_id }),
    'chat/staffsavecanned': async (admin) =>
      post(admin.tab, 'chat/staffsavecanned', { title: 'Bye', text: 'Have a nice day!' }),
    'chat/staffdeletecanned': async (admin) =>
      post(admin.tab, 'chat/staffdeletecanned', { id: await cannedReply(admin) }),
    'loyalty/staffsavelevel': async (admin) =>
      post(admin.tab, 'loyalty/staffsavelevel', {
        level: 1,
        name: 'Bronze',
        points_from: 0,
        cashback_percent: 0,
        shop_discount_percent: 0,
      }),
    'loyalty/staffsetprogramactive': async (admin) => {
      const [quest] = await server.database.query<{ id: number }>(
        sql`insert into loyalty_programs (sysname, title, kind, target, reward_type, reward_points)
            values (${`audit-quest-${Date.now()}`}, 'Audited quest', 'deposits', 1, 'points', 10)
            returning id`,
      );
      return post(admin.tab, 'loyalty/staffsetprogramactive', { id: quest!.id, is_active: 0 });
    },
    'loyalty/staffsetproductactive': async (admin) => {
      const [product] = await server.database.query<{ id: number }>(
        sql`insert into loyalty_products (sysname, title, price_points, type, amount_minor, currency)
            values (${`audit-product-${Date.now()}`}, 'Audited €1', 100, 'cash', 100, 'EUR')
            returning id`,
      );
      return post(admin.tab, 'loyalty/staffsetproductactive', { id: product!.id, is_active: 0 });
    },
    'sportsbook/staffsettlemarket': async (admin) =>
      post(admin.tab, 'sportsbook/staffsettlemarket', {
        market_id: await someMarket(),
        results: JSON.stringify({ home: 'won', away: 'lost' }),
        reason: 'the feed lost the match',
      }),
    'sportsbook/staffvoidmarket': async (admin) =>
      post(admin.tab, 'sportsbook/staffvoidmarket', {
        market_id: await someMarket(),
        reason_code: 'event_cancelled',
        reason: 'match called off',
      }),
    'tournaments/staffcreate': async (admin) =>
      post(admin.tab, 'tournaments/staffcreate', tournament()),
    'tournaments/staffend': async (admin) => {
      const made = await post(admin.tab, 'tournaments/staffcreate', tournament());
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      return post(admin.tab, 'tournaments/staffend', {
        tournament_id: (made.body.data as { id: number }).id,
      });
    },
  };

  /** A market of the book with two outcomes (the test server runs no feed): its id. */
  async function someMarket(): Promise<number> {
    const ref = `audit:${Date.now()}:${Math.random().toString(36).slice(2)}`;
    const [competition] = await server.database.query<{ id: number }>(
      sql`insert into sb_competitions (feed_ref, sport, name, country)
          values (${ref}, 'football', 'Audit League', 'GB') returning id`,
    );
    const [event] = await server.database.query<{ id: number }>(
      sql`insert into sb_events (feed_ref, competition_id, home, away, starts_at)
          values (${ref}, ${competition!.id}, 'Audit Home', 'Audit Away', now()) returning id`,
    );
    const [market] = await server.database.query<{ id: number }>(
      sql`insert into sb_markets (event_id, kind, key) values (${event!.id}, 'winner', 'winner')
          returning id`,
    );
    await server.database.query(
      sql`insert into sb_outcomes (market_id, key, odds, position)
          values (${market!.id}, 'home', 1900, 0), (${market!.id}, 'away', 1900, 1)`,
    );
    return market!.id;
  }

  /** A staff account made for a fixture to change. */
  const someStaff = async () => (await staffAccount(server, ['support'])).id;

  /** A new player's open chat (issue #30): its conversation and first message's seq. */
  async function chatting(): Promise<{ conversation_id: number; seq: number }> {
    const sent = await post((await player()).tab, 'chat/send', {
      text: 'Where is my withdrawal?',
      client_id: randomUUID(),
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    return sent.body.data as { conversation_id: number; seq: number };
  }
  async function cannedReply(admin: StaffTab): Promise<number> {
    const made = await post(admin.tab, 'chat/staffsavecanned', { title: 'Hi', text: 'Hello!' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    return (made.body.data as { id: number }).id;
  }

  function tournament() {
    const now = Date.now() + offsetMs;
    return {
      title: 'Audited race',
      currency: 'EUR',
      scoring: 'rounds',
      starts_at: new Date(now - 60_000).toISOString(),
      ends_at: new Date(now + 3_600_000).toISOString(),
      prizes: JSON.stringify([{ place: 1, type: 'cash', amount: '10' }]),
    };
  }

  const changing = STAFF_METHODS.filter((m) => m.http === 'POST' || m.mutates === true);

  it('has a valid call for every state-changing staff method', () => {
    expect(changing.map(key).sort()).toEqual(Object.keys(FIXTURES).sort());
  });

  it.each(changing.map(key))(
    '%s writes exactly one change row, with who did it',
    async (action) => {
      const admin = await staffTab(server, ['admin'], clock);
      const before = (await auditRows(action)).length;
      const answer = await FIXTURES[action]!(admin);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const rows = await auditRows(action);
      // Fixtures may call other staff methods first (other actions); this call left one row.
      expect(rows.length - before, action).toBe(1);
      const last = rows.at(-1)!;
      expect(last.actor_roles.length).toBeGreaterThan(0);
      expect(last.after, action).not.toBeNull();
    },
    60_000,
  );

  it("keeps a block's before and after, reason and whose account", async () => {
    const admin = await staffTab(server, ['risk'], clock);
    const someone = await player();
    expect(
      (await post(admin.tab, 'staff/blockplayer', { player_id: someone.id, reason: 'chargebacks' }))
        .status,
    ).toBe(200);
    const [row] = (await auditRows('staff/blockplayer')).filter((r) => r.player_id === someone.id);
    expect(row).toMatchObject({
      actor_id: admin.id,
      actor_roles: ['risk'],
      subject_type: 'player',
      subject_id: String(someone.id),
      before: { status: 'active' },
      after: { status: 'banned' },
      reason: 'chargebacks',
    });
    // The block holds: the player's session ended, and signing in answers UserBanned.
    expect((await get(someone.tab, 'account/getInfo')).status).toBe(401);
    const signIn = await post(server.browser(), 'auth/login', {
      login: someone.email,
      password: 'Secret-123',
    });
    expect(errorOf(signIn)?.type).toBe('UserBannedException');
  });

  it('a refused change leaves no row (the change and its row are one transaction)', async () => {
    const admin = await staffTab(server, ['admin'], clock);
    const someone = await player();
    const before = (await auditRows('staff/unblockplayer')).length;
    const refused = await post(admin.tab, 'staff/unblockplayer', {
      player_id: someone.id,
      reason: 'not blocked at all',
    });
    expect(refused.status).toBe(400);
    expect((await auditRows('staff/unblockplayer')).length).toBe(before);
  });

  it("reading a player's account writes a read row naming whose", async () => {
    const admin = await staffTab(server, ['support'], clock);
    const someone = await player();
    const answer = await get(admin.tab, 'staff/getplayer', { player_id: someone.id });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: someone.id,
      email: someone.email,
      status: 'active',
      balances: { balance_main: { currency: 'EUR' } },
    });
    const rows = (await auditRows('staff/getplayer', 'read')).filter(
      (r) => r.player_id === someone.id,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.id, subject_type: 'player' });
  });

  it('lists the log filtered by player, newest first', async () => {
    const admin = await staffTab(server, ['admin'], clock);
    const someone = await player();
    await post(admin.tab, 'staff/addplayernote', { player_id: someone.id, text: 'first' });
    await post(admin.tab, 'staff/addplayernote', { player_id: someone.id, text: 'second' });
    const listed = await get(admin.tab, 'staff/listaudit', { player_id: someone.id });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const data = listed.body.data as { total: number; items: { after: { text: string } }[] };
    expect(data.total).toBe(2);
    expect(data.items.map((item) => item.after.text)).toEqual(['second', 'first']);
  });
});

describe('staff accounts, as admins manage them', () => {
  it('an admin makes an account; its first sign-in sets up the app; the audit never holds the password', async () => {
    const admin = await staffTab(server, ['admin'], clock);
    const email = `new-agent-${Date.now()}@example.test`;
    const made = await post(admin.tab, 'staff/createstaff', {
      email,
      password: 'Agent-Secret-1',
      roles: 'support,support,risk',
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({
      login: email,
      roles: ['support', 'risk'],
      status: 'active',
      two_factor: false,
    });
    const listed = await get(admin.tab, 'staff/liststaff');
    expect((listed.body.data as { login: string }[]).map((a) => a.login)).toContain(email);
    const [row] = (await auditRows('staff/createstaff')).slice(-1);
    expect(JSON.stringify(row)).not.toContain('Agent-Secret-1');
    expect(row!.after).toMatchObject({ login: email, roles: ['support', 'risk'] });

    const first = await post(server.browser(), 'staff/signin', {
      login: email,
      password: 'Agent-Secret-1',
    });
    expect(errorOf(first)?.error_data?.two_factor_setup).toBeDefined();
    // A taken e-mail, no role, an unknown role: field errors.
    const again = await post(admin.tab, 'staff/createstaff', {
      email,
      password: 'Agent-Secret-1',
      roles: 'support',
    });
    expect(errorOf(again)?.invalid_parameters).toEqual({ email: ['already_exists'] });
    const noRole = await post(admin.tab, 'staff/createstaff', {
      email: `x-${email}`,
      password: 'Agent-Secret-1',
      roles: '',
    });
    expect(errorOf(noRole)?.invalid_parameters?.roles).toBeDefined();
    const badRole = await post(admin.tab, 'staff/createstaff', {
      email: `y-${email}`,
      password: 'Agent-Secret-1',
      roles: 'boss',
    });
    expect(errorOf(badRole)?.invalid_parameters).toEqual({ roles: ['wrong_field'] });
  });

  it("blocking, new roles and a reset app end the account's sessions at once", async () => {
    const admin = await staffTab(server, ['admin'], clock);
    const agent = await staffTab(server, ['support'], clock);
    const change = (method: string, params: Record<string, string | number>) =>
      post(admin.tab, method, { staff_id: agent.id, reason: 'as the test says', ...params });

    expect((await change('staff/setstaffroles', { roles: 'risk' })).status).toBe(200);
    expect((await get(agent.tab, 'staff/me')).status).toBe(401);

    const again = await staffTab(server, ['support'], clock);
    expect(
      (
        await post(admin.tab, 'staff/setstaffblocked', {
          staff_id: again.id,
          blocked: 1,
          reason: 'left',
        })
      ).body.data,
    ).toMatchObject({ status: 'blocked' });
    expect((await get(again.tab, 'staff/me')).status).toBe(401);
    const blockedSignIn = await post(server.browser(), 'staff/signin', {
      login: again.login,
      password: STAFF_TEST_PASSWORD,
      code: totpCode(again.secret, clock()),
    });
    expect(errorOf(blockedSignIn)?.message).toBe('Wrong login or password');

    const third = await staffTab(server, ['support'], clock);
    const reset = await post(admin.tab, 'staff/resetstafftwofactor', {
      staff_id: third.id,
      reason: 'lost phone',
    });
    expect(reset.body.data).toMatchObject({ two_factor: false });
    expect((await get(third.tab, 'staff/me')).status).toBe(401);
    const setUpAgain = await post(server.browser(), 'staff/signin', {
      login: third.login,
      password: STAFF_TEST_PASSWORD,
    });
    expect(errorOf(setUpAgain)?.error_data?.two_factor_setup).toBeDefined();
  });

  it('an admin cannot change their own account, and only admins manage staff', async () => {
    const admin = await staffTab(server, ['admin'], clock);
    const own = await post(admin.tab, 'staff/setstaffroles', {
      staff_id: admin.id,
      roles: 'support',
      reason: 'oops',
    });
    expect(errorOf(own)?.invalid_parameters).toEqual({ staff_id: ['wrong_field'] });
    const risk = await staffTab(server, ['risk'], clock);
    expect((await get(risk.tab, 'staff/liststaff')).status).toBe(403);
    expect((await get(admin.tab, 'staff/me')).status).toBe(200);
  });
});
