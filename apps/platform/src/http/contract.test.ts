import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import * as v from 'valibot';
import { METHODS, methodKey, type MethodDefinition } from '@northstar/contract';
import { ERROR_TYPE_NAMES } from '@northstar/errors';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { apiCall } from '../testing/api.ts';
import { HANDLERS } from '../modules/index.ts';

/** A literal copy of spec §7's method list: the registry must hold exactly these. */
const SPEC_METHODS = `
account: addcontact changefakename changelocale changepassword changeSubscription changeTwoFactorAuth confirmContact confirmTwoFactorAuth getContactPhoneSettings getcurrencyrates getDepositLimit getInfo getBalance getPersonalDataFields getprofileinfo saveProfileInfo sendconfirmationtocontact setUserOnVerification setCurrency unsubscribe
auth: login logout restore register
banners: get
bettingbonuses: activate get remove
bonuses: activate deactivate get remove
campaigns: activateOffer checkPromocode getoffers takepromotions
cashbacks: get payout remove
cashier: cancelwithdrawal getbanks getdepositinfo getdepositsettings gethistory getwithdrawsettings makedeposit makewithdrawal
freespins: get
chat: storeChatEvent
games: get getLikes addLike removeLike getCategories getProviders getHistory gethistoryexportrequest createhistoryexportrequest
jackpots: get getWinners
leaderboard: get live top
loyalty: buyproduct getcharacters getinfo getnotifications getproducts setcharacter getPrograms getProgram
metadata: get getgeneralinfo
popups: get
storage: get getKeys set
sumsub: createApplicant getAccessToken
support: getsettings sendFeedback
tournaments: get participate
events: handle
`
  .trim()
  .split('\n')
  .flatMap((line) => {
    const [module, names] = line.split(':') as [string, string];
    return names
      .trim()
      .split(/\s+/)
      .map((name) => `${module}/${name}`);
  });

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

describe('the contract registry', () => {
  it('holds exactly the methods of §7', () => {
    expect(METHODS.map((m) => `${m.module}/${m.method}`).sort()).toEqual([...SPEC_METHODS].sort());
  });

  it('has a handler for every built method and none for planned ones', () => {
    for (const method of METHODS) {
      const key = methodKey(method.module, method.method);
      expect(HANDLERS.has(key), key).toBe(method.status === 'built');
    }
    expect(HANDLERS.size).toBe(METHODS.filter((m) => m.status === 'built').length);
  });

  it('generates the /api routes: no route under /api is registered by hand', () => {
    const routes = server.app.printRoutes({ commonPrefix: false });
    const apiLines = routes
      .split('\n')
      .map((line) => line.replace(/[│├└─\s]+/g, ' ').trim())
      .filter((line) => line.startsWith('/api'));
    for (const line of apiLines) {
      expect(
        ['/api/:module/:method', '/api', '/api/*'].some((allowed) => line.startsWith(allowed)),
        line,
      ).toBe(true);
    }
  });

  it('answers MethodNotFound for a planned method after validating its params', async () => {
    const planned = METHODS.filter((m) => m.status === 'planned');
    expect(planned.length).toBeGreaterThan(0);
    const tab = server.browser();
    await apiCall(
      tab,
      'auth/login',
      { login: 'demo@northstar.test', password: 'NorthstarDemo1' },
      { method: 'POST' },
    );
    for (const method of planned) {
      const answer = await apiCall(
        tab,
        `${method.module}/${method.method}`,
        { unexpected_param: 'x' },
        { method: method.http },
      );
      expect(answer.status, `${method.module}/${method.method}`).toBe(400);
      expect(answer.body.error?.invalid_parameters).toMatchObject({
        unexpected_param: ['unknown_parameter'],
      });
    }
    const bonus = await apiCall(tab, 'bonuses/activate', { bonus_id: '7' }, { method: 'POST' });
    expect(bonus.status).toBe(404);
    expect(bonus.body.error?.type).toBe('MethodNotFoundException');
    expect(bonus.body.data).toBeUndefined();
  });

  it('matches module and method names case-insensitively', async () => {
    const answer = await apiCall(server.browser(), 'METADATA/GetGeneralInfo');
    expect(answer.status).toBe(200);
  });
});

/** Malformed values of every kind, from a fixed seed. */
const junk = fc.oneof(
  fc.constant(''),
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 5000, maxLength: 20_000 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE players; --',
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '\u0000\u0001\u0002',
    '💥🎰🃏'.repeat(50),
    '{"$gt": ""}',
    'NaN',
    '-1',
    '1e309',
    '99999999999999999999999',
    '[]',
    '{}',
    '%00',
    'null',
  ),
  fc.integer().map(String),
  fc.double().map(String),
);

function paramNames(method: MethodDefinition): string[] {
  const schema = method.params as unknown as { entries?: Record<string, unknown> };
  return Object.keys(schema.entries ?? {});
}

describe('fuzz: malformed params never reach a 500', () => {
  it('answers a typed 4xx to every method, planned ones included', async () => {
    const tab = server.browser();
    const known = new Set<string>(ERROR_TYPE_NAMES);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...METHODS),
        fc.boolean(),
        fc.dictionary(fc.constantFrom('a', 'zz', '__proto__', 'constructor'), junk, { maxKeys: 2 }),
        fc.array(junk, { minLength: 0, maxLength: 6 }),
        async (method, signedIn, extra, values) => {
          const params: Record<string, string> = {};
          const names = paramNames(method);
          // Declared params get junk (or are left out), and unknown keys may come along.
          names.forEach((name, i) => {
            const value = values[i];
            if (value !== undefined) params[name] = value;
          });
          const useExtra =
            names.length === 0 || Object.keys(params).length === 0 || values.length % 2 === 0;
          if (useExtra) Object.assign(params, extra);
          const fetcher = signedIn ? tab : server.browser();
          const answer = await apiCall(fetcher, `${method.module}/${method.method}`, params, {
            method: method.http,
          });
          const label = `${method.module}/${method.method} ${JSON.stringify(params).slice(0, 200)}`;
          expect(answer.status, label).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(answer.status, label).toBeGreaterThanOrEqual(400);
            expect(known.has(answer.body.error?.type ?? ''), label).toBe(true);
          } else {
            // A 2xx is only possible when junk happened to be valid: then the answer honours the contract.
            expect(v.safeParse(method.response, answer.body.data).success, label).toBe(true);
          }
        },
      ),
      { seed: 20261121, numRuns: 800, endOnFailure: true },
    );
    await apiCall(
      tab,
      'auth/login',
      { login: 'demo@northstar.test', password: 'NorthstarDemo1' },
      { method: 'POST' },
    );
  }, 120_000);

  it('answers a typed 4xx to malformed bodies', async () => {
    const cases: { body: string; type: string }[] = [
      { body: '{"login": ', type: 'application/json' },
      { body: 'login=%E0%A4%A&password=x', type: 'application/x-www-form-urlencoded' },
      {
        body: '--xyz\r\nContent-Disposition: form-data; name="login"\r\n\r\nx',
        type: 'multipart/form-data; boundary=xyz',
      },
      { body: 'hello', type: 'text/plain' },
      { body: 'x'.repeat(1024 * 1024 + 1), type: 'application/x-www-form-urlencoded' },
    ];
    for (const c of cases) {
      const response = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': c.type, 'x-app-client': 'web/2.34' },
        body: c.body,
      });
      expect(response.status, c.type).toBeGreaterThanOrEqual(400);
      expect(response.status, c.type).toBeLessThan(500);
      const body = (await response.json()) as { error: { type: string } };
      expect(ERROR_TYPE_NAMES as readonly string[]).toContain(body.error.type);
    }
  });
});
