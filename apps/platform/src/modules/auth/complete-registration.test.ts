import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts, players } from '../../db/schema/index.ts';
import { hashPassword } from '../../identity/passwords.ts';
import { createPlayer } from '../../identity/registration.ts';
import { get, post, REGISTRATION_PROFILE } from '../../testing/api.ts';
import { sharedTestServer } from '../../testing/test-server.ts';

/**
 * §2 socialRegistration: a player a social sign-in created without completing the sign-up
 * finishes it with auth/register under its own session, under the sign-up's rules.
 */
const testServer = sharedTestServer();

async function incompletePlayer(email: string) {
  const player = await createPlayer(
    testServer().database.db,
    {
      login: email,
      passwordHash: await hashPassword('Secret-123'),
      currency: 'EUR',
      locale: 'en-US',
      isRegistrationCompleted: false,
      regTime: new Date(),
    },
    [{ type: 'email', contact: email, isConfirmed: true }],
  );
  const tab = testServer().browser();
  const signedIn = await post(tab, 'auth/login', { login: email, password: 'Secret-123' });
  expect(signedIn.status).toBe(200);
  return { player, tab };
}

describe('completing a social registration', () => {
  it('completes the account with the profile and a phone; getInfo says so', async () => {
    const { player, tab } = await incompletePlayer('social.one@example.com');
    type Info = { is_registration_completed: boolean; currency: string };
    const before = (await get(tab, 'account/getInfo')).body.data as Info;
    expect(before.is_registration_completed).toBe(false);
    const answer = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      currency: 'USD',
      phone: '34612345678',
      phone_country_code: '34',
      terms: '1',
      notify: '1',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ uid: player.id, two_factor_auth: false });
    const info = (await get(tab, 'account/getInfo')).body.data as Info;
    expect(info.is_registration_completed).toBe(true);
    expect(info.currency).toBe('USD');
    const [row] = await testServer()
      .database.db.select()
      .from(players)
      .where(eq(players.id, player.id));
    expect(row).toMatchObject({ firstName: 'Test', region: 'NV', birthDate: '1990-01-15' });
    const phones = await testServer()
      .database.db.select()
      .from(contacts)
      .where(eq(contacts.playerId, player.id));
    expect(phones.map((c) => c.contact).sort()).toEqual(['34612345678', 'social.one@example.com']);
  });

  it('holds the sign-up rules: terms, required profile fields, age', async () => {
    const { tab } = await incompletePlayer('social.two@example.com');
    const answer = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      first_name: undefined,
      birth_date: '2015-01-01',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error?.invalid_parameters).toEqual({
      terms: ['required'],
      first_name: ['required'],
      birth_date: ['date'],
    });
  });

  it('refuses a phone of another account and a player whose registration is complete', async () => {
    const { tab } = await incompletePlayer('social.three@example.com');
    const taken = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      terms: '1',
      email: 'social.one@example.com',
    });
    expect(taken.body.error?.invalid_parameters).toEqual({ email: ['already_exists'] });

    const done = await post(tab, 'auth/register', { ...REGISTRATION_PROFILE, terms: '1' });
    expect(done.status).toBe(200);
    const again = await post(tab, 'auth/register', { ...REGISTRATION_PROFILE, terms: '1' });
    expect(again.status).toBe(400);
    expect(again.body.error?.type).toBe('InvalidRequestException');
  });
});
