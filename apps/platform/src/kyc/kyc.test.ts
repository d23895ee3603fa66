import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { api } from '@northstar/contract';
import { get, post, signUp, type ApiAnswer } from '../testing/api.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { reusedStaffTab } from '../testing/staff.ts';
import { kycEvent, kycWebhook, png, sandboxKyc } from '../testing/kyc.ts';

/**
 * Identity verification through its real doors (issue #25): `/api` for the player and staff,
 * the sandbox provider's hosted page posted as a browser posts it (multipart files), and the
 * provider's signed webhooks over HTTP, delivered by its worker or sent here by hand.
 */
let server: TestServer;
const secret = 'whsec_kyc_test';

beforeAll(async () => {
  // The providers' settings come from the environment, as in a real start.
  process.env.KYC_SANDBOX_SECRET = secret;
  process.env.KYC_SANDBOX_REVIEW_SECONDS = '0';
  process.env.PAYMENT_SANDBOX_SECRET = 'whsec_kyc_payments';
  server = await startTestServer();
}, 180_000);
afterAll(() => server.close());
beforeEach(async () => {
  await server.database.query(sql`delete from rate_limits`);
});

/** The sandbox provider's hosted page, on this file's server. */
const kyc = () => sandboxKyc(server);

async function newPlayer() {
  return signUp(server, 'kyc');
}

const staffTab = reusedStaffTab(() => server);

const expectError = (answer: ApiAnswer, type: string) => {
  expect(answer.status, JSON.stringify(answer.body)).toBeGreaterThanOrEqual(400);
  expect(answer.body.error?.type).toBe(`${type}Exception`);
};

type Verification = v.InferOutput<typeof api.sumsub.getVerification.response>;
const verification = async (tab: typeof fetch) => {
  const answer = await get(tab, 'sumsub/getVerification');
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(v.safeParse(api.sumsub.getVerification.response, answer.body.data).success).toBe(true);
  return answer.body.data as Verification;
};
const flags = async (tab: typeof fetch) =>
  (await get(tab, 'account/getInfo')).body.data as {
    is_verified: boolean;
    is_on_verification: boolean;
  };

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 8000) {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    value = await read();
  }
  return value;
}

/** createApplicant then getAccessToken: the hosted page's URL. */
/** Passes the sandbox with a passport and a selfie; a file named "reject…" is refused. */
async function passSandbox(
  tab: typeof fetch,
  names = { passport: 'passport.png', selfie: 'me.png' },
) {
  const started = await kyc().start(tab);
  expect(
    (
      await kyc().upload(started.url, 'document', [{ name: names.passport, bytes: png() }], {
        doc_type: 'PASSPORT',
      })
    ).status,
  ).toBe(303);
  expect(
    (await kyc().upload(started.url, 'selfie', [{ name: names.selfie, bytes: png(12) }])).status,
  ).toBe(303);
  expect((await kyc().submit(started.url)).status).toBe(303);
  return started;
}

const webhook = (body: object, options: { secret?: string; at?: Date } = {}) =>
  kycWebhook(server, options.secret ?? secret, body, options.at);
const event = kycEvent;

describe('sumsub/createApplicant and sumsub/getAccessToken', () => {
  it('a token needs an applicant; the applicant is made once; the page opens only with a valid token', async () => {
    const { tab } = await newPlayer();
    expectError(await post(tab, 'sumsub/getAccessToken'), 'KycUserProfile');
    expect((await verification(tab)).status).toBe('none');
    const first = await kyc().start(tab);
    const again = await post(tab, 'sumsub/createApplicant');
    expect((again.body.data as { applicant_id: string }).applicant_id).toBe(first.applicantId);
    const state = await verification(tab);
    expect(state.status).toBe('init');
    expect(state.documents.map((d) => [d.document, d.status])).toEqual([
      ['IDENTITY', 'missing'],
      ['SELFIE', 'missing'],
    ]);
    const page = await fetch(`${server.url}${first.url}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
    const html = await page.text();
    expect(html).toContain('Document type');
    // The page posts its state to the site's own origin only.
    expect(html).toContain(`data-parent-origin="${server.url}"`);
    const forged = `${first.url.slice(0, -3)}AAA`;
    expect((await fetch(`${server.url}${forged}`)).status).toBe(403);
    // Anonymous callers get no token.
    expectError(await post(server.browser(), 'sumsub/getAccessToken'), 'Authorization');
  });
});

describe('the sandbox page’s upload checks', () => {
  it('refuses a file that is not an image, a missing back side and an oversized file; keeps nothing', async () => {
    const { tab } = await newPlayer();
    const { url, applicantId } = await kyc().start(tab);
    const fake = await kyc().upload(
      url,
      'document',
      [{ name: 'passport.png', bytes: Buffer.from('<html>not an image</html>') }],
      { doc_type: 'PASSPORT' },
    );
    expect(fake.status).toBe(400);
    expect(await fake.text()).toContain('not a JPEG, PNG or WebP image');
    const noBack = await kyc().upload(url, 'document', [{ name: 'id.png', bytes: png() }], {
      doc_type: 'ID_CARD',
    });
    expect(noBack.status).toBe(400);
    expect(await noBack.text()).toContain('Upload the back of your document');
    const huge = await kyc().upload(
      url,
      'document',
      [{ name: 'big.png', bytes: Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024 + 1)]) }],
      { doc_type: 'PASSPORT' },
    );
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain('too large');
    const [kept] = await server.database.query<{ n: number }>(
      sql`select count(*)::int as n from sandbox_kyc_images where applicant_id = ${applicantId}`,
    );
    expect(kept!.n).toBe(0);
    // Submitting with nothing uploaded is refused too.
    expect((await kyc().submit(url)).status).toBe(400);
    expect((await verification(tab)).status).toBe('init');
  });
});

describe('the review, by the sandbox’s signed webhooks', () => {
  it('approved: every document green, the player is_verified and no longer on verification', async () => {
    const { tab } = await newPlayer();
    await passSandbox(tab);
    const done = await waitFor(
      () => verification(tab),
      (s) => s.status === 'approved',
    );
    expect(done.status).toBe('approved');
    expect(done.documents.map((d) => [d.document, d.status, d.doc_type])).toEqual([
      ['IDENTITY', 'approved', 'PASSPORT'],
      ['SELFIE', 'approved', 'SELFIE'],
    ]);
    expect(await flags(tab)).toMatchObject({ is_verified: true, is_on_verification: false });
  });

  it('rejected: the refused document says why, the others stay approved, and the player may try again', async () => {
    const { tab } = await newPlayer();
    const { url } = await passSandbox(tab, {
      passport: 'passport.png',
      selfie: 'reject-selfie.png',
    });
    const done = await waitFor(
      () => verification(tab),
      (s) => s.status === 'rejected',
    );
    expect(done.status).toBe('rejected');
    expect(done.documents).toEqual([
      {
        document: 'IDENTITY',
        status: 'approved',
        doc_type: 'PASSPORT',
        reason: null,
        comment: null,
      },
      {
        document: 'SELFIE',
        status: 'rejected',
        doc_type: 'SELFIE',
        reason: 'SELFIE_MISMATCH',
        comment: null,
      },
    ]);
    expect(await flags(tab)).toMatchObject({ is_verified: false, is_on_verification: false });
    // The provider's page offers a new attempt, which starts from the document step.
    await waitFor(
      async () => (await fetch(`${server.url}${url}`)).text(),
      (html) => html.includes('Upload documents again'),
    );
    expect((await kyc().submit(url, 'restart')).status).toBe(303);
    expect(await (await fetch(`${server.url}${url}`)).text()).toContain('Document type');
  });
});

describe('POST /kyc/sandbox/webhook', () => {
  it('refuses a bad signature and an unknown applicant; a replay changes nothing', async () => {
    const player = await newPlayer();
    const { applicantId } = await kyc().start(player.tab);
    const pending = event('evt_test_pending_1', applicantId, player.id, 'applicantPending', {
      IDENTITY: null,
      SELFIE: null,
    });

    const forged = await webhook(pending, { secret: 'whsec_not_the_secret' });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ error: 'signature' });
    const unsigned = await fetch(`${server.url}/kyc/sandbox/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(pending),
    });
    expect(unsigned.status).toBe(400);
    const old = await webhook(pending, { at: new Date(Date.now() - 301_000) });
    expect(old.status).toBe(400);
    expect((await verification(player.tab)).status).toBe('init');

    const unknown = await webhook(
      event('evt_test_unknown', 'app_000000000000000000000000', player.id, 'applicantReviewed', {
        IDENTITY: 'GREEN',
        SELFIE: 'GREEN',
      }),
    );
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: 'unknown_applicant' });
    // Another player's id with this applicant is not this applicant either.
    const wrongUser = await webhook(
      event('evt_test_wrong_user', applicantId, player.id + 100_000, 'applicantReviewed', {
        IDENTITY: 'GREEN',
        SELFIE: 'GREEN',
      }),
    );
    expect(wrongUser.status).toBe(400);
    expect(await flags(player.tab)).toMatchObject({ is_verified: false });

    const first = await webhook(pending);
    expect(await first.json()).toEqual({ received: true, outcome: 'applied' });
    expect((await verification(player.tab)).status).toBe('pending');
    expect(await flags(player.tab)).toMatchObject({ is_on_verification: true });
    const reviewed = await webhook(
      event('evt_test_reviewed_1', applicantId, player.id, 'applicantReviewed', {
        IDENTITY: 'RED',
        SELFIE: 'GREEN',
      }),
    );
    expect(reviewed.status).toBe(200);
    const refused = await verification(player.tab);
    expect(refused.documents[0]).toMatchObject({ status: 'rejected', reason: 'DOCUMENT_DAMAGED' });
    // The pending event again: answered, and the review stands.
    const replay = await webhook(pending);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: 'duplicate' });
    expect(await verification(player.tab)).toEqual(refused);
    const [count] = await server.database.query<{ n: number }>(
      sql`select count(*)::int as n from kyc_webhook_events where event_id = 'evt_test_pending_1'`,
    );
    expect(count!.n).toBe(1);
  });
});

describe('staff decisions', () => {
  it('only staff decide; a refusal needs a reason; approving every document verifies the player', async () => {
    const player = await newPlayer();
    const { applicantId } = await kyc().start(player.tab);
    expectError(
      await post(player.tab, 'sumsub/staffdecidedocument', {
        player_id: player.id,
        document: 'IDENTITY',
        decision: 'approve',
      }),
      'Authorization',
    );
    const desk = await staffTab();
    // Nothing sent yet: nothing to decide.
    expectError(
      await post(desk, 'sumsub/staffdecidedocument', {
        player_id: player.id,
        document: 'IDENTITY',
        decision: 'approve',
      }),
      'InvalidParameter',
    );
    expect(
      (
        await webhook(
          event('evt_staff_pending', applicantId, player.id, 'applicantPending', {
            IDENTITY: null,
            SELFIE: null,
          }),
        )
      ).status,
    ).toBe(200);
    const queue = await get(desk, 'sumsub/stafflistapplicants');
    expect(v.safeParse(api.sumsub.stafflistapplicants.response, queue.body.data).success).toBe(
      true,
    );
    expect(
      (queue.body.data as { player_id: number }[]).some((a) => a.player_id === player.id),
    ).toBe(true);

    const noReason = await post(desk, 'sumsub/staffdecidedocument', {
      player_id: player.id,
      document: 'IDENTITY',
      decision: 'reject',
    });
    expectError(noReason, 'InvalidParameter');
    expect(noReason.body.error?.invalid_parameters).toEqual({ reason: ['required'] });
    const rejected = await post(desk, 'sumsub/staffdecidedocument', {
      player_id: player.id,
      document: 'IDENTITY',
      decision: 'reject',
      reason: 'OTHER',
      comment: 'The photo is cut off at the bottom.',
    });
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    const state = await verification(player.tab);
    expect(state.status).toBe('rejected');
    expect(state.documents[0]).toMatchObject({
      status: 'rejected',
      reason: 'OTHER',
      comment: 'The photo is cut off at the bottom.',
    });
    expect(await flags(player.tab)).toMatchObject({
      is_verified: false,
      is_on_verification: false,
    });

    for (const document of ['IDENTITY', 'SELFIE']) {
      const approved = await post(desk, 'sumsub/staffdecidedocument', {
        player_id: player.id,
        document,
        decision: 'approve',
      });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    }
    expect((await verification(player.tab)).status).toBe('approved');
    expect(await flags(player.tab)).toMatchObject({ is_verified: true, is_on_verification: false });
  });
});

describe('account/setUserOnVerification', () => {
  it('needs an applicant, then marks the player on verification', async () => {
    const { tab } = await newPlayer();
    expectError(await post(tab, 'account/setUserOnVerification'), 'KycUserProfile');
    await kyc().start(tab);
    expect((await post(tab, 'account/setUserOnVerification')).body.data).toBe(1);
    expect(await flags(tab)).toMatchObject({ is_on_verification: true, is_verified: false });
  });
});

describe('withdrawals and the KYC block (§8 KycWithdrawal)', () => {
  /** A player with money and the withdrawal requirements of the demo content met. */
  async function funded() {
    const player = await newPlayer();
    await server.database.query(sql`
      update players set home_town = 'Lisbon', address = 'Rua Augusta 1', postcode = '1100048'
      where id = ${player.id}`);
    await server.database.query(
      sql`update contacts set is_confirmed = true where player_id = ${player.id}`,
    );
    const made = await post(player.tab, 'cashier/makedeposit', { method: 'card', amount: '200' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const { transaction, url } = made.body.data as { transaction: number; url: string };
    await fetch(`${server.url}${url}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: '4242424242424242',
        expiry: '12/39',
        cvc: '123',
        action: 'pay',
      }),
    });
    await waitFor(
      async () =>
        (
          (await get(player.tab, 'cashier/getdepositinfo', { id: transaction })).body.data as {
            status: string;
          }
        ).status,
      (status) => status === 'success',
    );
    return player;
  }
  const withdraw = (tab: typeof fetch) =>
    post(tab, 'cashier/makewithdrawal', {
      method: 'card',
      amount: '20',
      requisites: '4242424242424242',
    });

  it('with the block on, refused before verification and allowed after approval; without it, allowed', async () => {
    const blocked = await funded();
    // The operator's switch, through its staff method (a player may not call it).
    const switchOn = { player_id: blocked.id, enabled: '1' };
    expect((await post(blocked.tab, 'sumsub/staffsetkycblock', switchOn)).status).toBe(401);
    const unknown = await post(await staffTab(), 'sumsub/staffsetkycblock', {
      player_id: 999_999,
      enabled: '1',
    });
    expect(unknown.body.error?.invalid_parameters).toEqual({ player_id: ['wrong_field'] });
    expect((await post(await staffTab(), 'sumsub/staffsetkycblock', switchOn)).status).toBe(200);
    expect((await get(blocked.tab, 'account/getInfo')).body.data).toMatchObject({
      is_kyc_block_enabled: true,
    });
    expectError(await withdraw(blocked.tab), 'KycWithdrawal');
    await passSandbox(blocked.tab);
    await waitFor(
      () => verification(blocked.tab),
      (s) => s.status === 'approved',
    );
    const after = await withdraw(blocked.tab);
    expect(after.status, JSON.stringify(after.body)).toBe(200);

    const free = await funded();
    const allowed = await withdraw(free.tab);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
  });
});
