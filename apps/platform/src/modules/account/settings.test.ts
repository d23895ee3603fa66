import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { get, lastCode, post, registerPlayer, REGISTRATION_PROFILE } from '../../testing/api.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { queueMarketingMessage } from '../../marketing/index.ts';

/**
 * Issue #25 settings and notifications: the profile form's server rules, contact confirmation
 * refusals, and marketing consent (stored with time and source, required to queue marketing,
 * withdrawn by a self-exclusion). A clock the test moves, for expired codes.
 */
let server: TestServer;
let clock = new Date('2026-03-02T10:00:00Z');
beforeAll(async () => {
  server = await startTestServer({ now: () => clock });
}, 60_000);
afterAll(() => server.close());

const newPlayer = (email: string) => registerPlayer(server.browser(), email);

async function outboxTo(recipient: string) {
  const response = await server.browser()('/dev/mail.json');
  const mails = (await response.json()) as { recipient: string; subject: string }[];
  return mails.filter((m) => m.recipient === recipient);
}

async function confirmEmail(tab: typeof fetch, email: string) {
  expect((await post(tab, 'account/sendconfirmationtocontact', { contact: email })).status).toBe(
    200,
  );
  const code = await lastCode(tab, email);
  expect((await post(tab, 'account/confirmContact', { contact: email, code })).body.data).toBe(1);
}

describe('account/saveProfileInfo (issue #25)', () => {
  it("checks each value against the country's definitions: ZIP, region, adult birth date", async () => {
    const { tab } = await newPlayer('rita@example.com');
    // A US ZIP+4 carries a hyphen (the country's own format, §5 "or a custom regex").
    const zip = await post(tab, 'account/saveProfileInfo', {
      country_code: 'US',
      region: 'NV',
      postcode: '89101-1234',
      home_town: 'Las Vegas',
    });
    expect(zip.body.data).toBe(1);
    const bad = await post(tab, 'account/saveProfileInfo', {
      country_code: 'US',
      region: 'XX',
      postcode: '8910',
      birth_date: `${clock.getUTCFullYear() - 17}-01-01`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.invalid_parameters).toEqual({
      region: ['wrong_field'],
      postcode: ['postcode'],
      birth_date: ['date'],
    });
    const profile = await get(tab, 'account/getprofileinfo');
    expect(profile.body.data).toMatchObject({ postcode: '89101-1234', region: 'NV' });
  });

  it('keeps identity data read-only once the player is verified; the rest stays editable', async () => {
    const { tab, uid } = await newPlayer('sven@example.com');
    await server.database.query(sql`update players set is_verified = true where id = ${uid}`);
    const locked = await post(tab, 'account/saveProfileInfo', {
      first_name: 'Someone',
      birth_date: '1980-02-02',
      home_town: 'Reno',
    });
    expect(locked.status).toBe(400);
    expect(locked.body.error?.invalid_parameters).toEqual({
      first_name: ['locked'],
      birth_date: ['locked'],
    });
    // The same values again are no change; the address fields may move.
    const same = await post(tab, 'account/saveProfileInfo', {
      first_name: REGISTRATION_PROFILE.first_name,
      home_town: 'Reno',
    });
    expect(same.body.data).toBe(1);
    expect((await get(tab, 'account/getprofileinfo')).body.data).toMatchObject({
      first_name: REGISTRATION_PROFILE.first_name,
      home_town: 'Reno',
    });
  });
});

describe('account/confirmContact refusals (issue #25, §4)', () => {
  it('refuses a wrong code and an expired one; a fresh code confirms', async () => {
    const { tab } = await newPlayer('tess@example.com');
    await post(tab, 'account/sendconfirmationtocontact', { contact: 'tess@example.com' });
    const code = await lastCode(tab, 'tess@example.com');
    const wrong = await post(tab, 'account/confirmContact', {
      contact: 'tess@example.com',
      code: code === '111111' ? '222222' : '111111',
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.body.error?.message).toContain('code invalid');

    clock = new Date(clock.getTime() + 11 * 60 * 1000); // past the 10-minute validity
    const expired = await post(tab, 'account/confirmContact', {
      contact: 'tess@example.com',
      code,
    });
    expect(expired.status).toBeGreaterThanOrEqual(400);
    expect(expired.body.error?.message).toContain('time expired');
    const info = await get(tab, 'account/getprofileinfo', { fields: 'contacts' });
    expect(info.body.data).toMatchObject({ contacts: [{ is_confirmed: false }] });

    await confirmEmail(tab, 'tess@example.com');
  });
});

describe('marketing consent (issue #25)', () => {
  it('starts with no consent and records each change with its time and source', async () => {
    const { tab } = await newPlayer('uma@example.com');
    const start = await get(tab, 'account/getMarketingConsent');
    expect(start.body.data).toHaveLength(6);
    expect(start.body.data).toContainEqual({
      product: 'casino',
      channel: 'email',
      granted: false,
      recorded_at: null,
      source: null,
    });
    const given = await post(tab, 'account/setMarketingConsent', {
      product: 'sports',
      channel: 'sms',
      consent: '1',
    });
    expect(given.body.data).toContainEqual({
      product: 'sports',
      channel: 'sms',
      granted: true,
      recorded_at: clock.toISOString(),
      source: 'settings',
    });
    const wrong = await post(tab, 'account/setMarketingConsent', {
      product: 'poker',
      channel: 'sms',
      consent: '1',
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.error?.invalid_parameters ?? {})).toEqual(['product']);
  });

  it('refuses to queue a marketing message without consent, and queues it with consent', async () => {
    const { tab, uid } = await newPlayer('vera@example.com');
    await confirmEmail(tab, 'vera@example.com');
    await post(tab, 'account/changeSubscription', {
      contact: 'vera@example.com',
      subscription: '1',
    });
    const before = (await outboxTo('vera@example.com')).length;
    const offer = {
      playerId: uid,
      product: 'casino' as const,
      channel: 'email' as const,
      subject: 'Weekend free spins',
      body: '50 free spins this weekend',
    };
    expect(await queueMarketingMessage(server.database.db, offer)).toEqual({
      queued: false,
      reason: 'no_consent',
    });
    // Consent for sports e-mail is not consent for casino e-mail.
    await post(tab, 'account/setMarketingConsent', {
      product: 'sports',
      channel: 'email',
      consent: '1',
    });
    expect((await queueMarketingMessage(server.database.db, offer)).queued).toBe(false);
    expect(await outboxTo('vera@example.com')).toHaveLength(before);

    await post(tab, 'account/setMarketingConsent', {
      product: 'casino',
      channel: 'email',
      consent: '1',
    });
    expect(await queueMarketingMessage(server.database.db, offer)).toEqual({ queued: true });
    expect((await outboxTo('vera@example.com'))[0]?.subject).toBe('Weekend free spins');

    // An unsubscribed contact gets nothing, consent or not.
    await post(tab, 'account/changeSubscription', {
      contact: 'vera@example.com',
      subscription: '0',
    });
    expect(await queueMarketingMessage(server.database.db, offer)).toEqual({
      queued: false,
      reason: 'no_subscribed_contact',
    });
  });

  it('a self-exclusion withdraws every consent it finds given (through the marketing door)', async () => {
    const { tab, uid } = await newPlayer('wade@example.com');
    await confirmEmail(tab, 'wade@example.com');
    for (const product of ['casino', 'sports']) {
      await post(tab, 'account/setMarketingConsent', { product, channel: 'email', consent: '1' });
    }
    const excluded = await post(tab, 'account/setSelfExclusion', {
      period: '7d',
      password: 'Secret-123',
    });
    expect(excluded.status).toBe(200);
    // The exclusion signs the player out; a new sign-in is refused too, so read the table.
    const rows = await server.database.query<{
      product: string;
      channel: string;
      granted: boolean;
      source: string;
    }>(
      sql`select distinct on (product, channel) product, channel, granted, source
          from marketing_consents where player_id = ${uid} order by product, channel, id desc`,
    );
    // What was given is withdrawn, recorded as the exclusion's doing; nothing else is granted.
    expect(rows).toEqual([
      { product: 'casino', channel: 'email', granted: false, source: 'self_exclusion' },
      { product: 'sports', channel: 'email', granted: false, source: 'self_exclusion' },
    ]);
    expect(
      (
        await queueMarketingMessage(server.database.db, {
          playerId: uid,
          product: 'casino',
          channel: 'email',
          subject: 'Offer',
          body: 'Offer',
        })
      ).queued,
    ).toBe(false);
  });

  it('refuses to give consent while self-excluded', async () => {
    const { tab, uid } = await newPlayer('xena@example.com');
    await server.database.query(
      sql`insert into self_exclusions (player_id, period, started_at, ends_at)
          values (${uid}, '30d', ${clock.toISOString()}::timestamptz,
                  ${new Date(clock.getTime() + 30 * 86_400_000).toISOString()}::timestamptz)`,
    );
    const refused = await post(tab, 'account/setMarketingConsent', {
      product: 'casino',
      channel: 'push',
      consent: '1',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error?.type).toBe('InvalidRequestException');
    // Withdrawing is always allowed.
    const off = await post(tab, 'account/setMarketingConsent', {
      product: 'casino',
      channel: 'push',
      consent: '0',
    });
    expect(off.status).toBe(200);
  });
});
