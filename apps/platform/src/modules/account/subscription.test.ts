import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { api } from '@northstar/contract';
import { get, lastMailBody, post, registerPlayer } from '../../testing/api.ts';
import { startTestServer, type TestServer } from '../../testing/test-server.ts';
import { unsubscribeToken } from './unsubscribe-link.ts';

/** A known server secret, so a test can sign a token the server would sign for other ids. */
const SECRET = 'subscription-test-secret-0123456789abcdef';

let server: TestServer;
beforeAll(async () => {
  vi.stubEnv('SECRET_KEY', SECRET);
  try {
    server = await startTestServer();
  } finally {
    vi.unstubAllEnvs();
  }
}, 60_000);
afterAll(() => server.close());

const newPlayer = (email: string) => registerPlayer(server.browser(), email);

type ContactView = { type: string; contact: string; is_subscribed: boolean };

async function contactsOf(tab: typeof fetch): Promise<ContactView[]> {
  const profile = await get(tab, 'account/getprofileinfo', { fields: 'contacts' });
  expect(profile.status).toBe(200);
  return (profile.body.data as { contacts: ContactView[] }).contacts;
}

async function accountSubscribed(tab: typeof fetch): Promise<boolean> {
  const info = await get(tab, 'account/getInfo');
  expect(info.status).toBe(200);
  return (info.body.data as { is_subscribed: boolean }).is_subscribed;
}

async function mailsTo(recipient: string): Promise<{ subject: string; body: string }[]> {
  const response = await server.browser()('/dev/mail.json');
  const mails = (await response.json()) as { recipient: string; subject: string; body: string }[];
  return mails.filter((m) => m.recipient === recipient);
}

/** The token of the unsubscribe link in the newest mail to `email`. */
async function mailedToken(email: string): Promise<string> {
  const body = await lastMailBody(server.browser(), email);
  const token = /\/unsubscribe\?token=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`no unsubscribe link in: ${body}`);
  return token;
}

/** The contact id a token names (its payload is "1:<playerId>:<contactId>" in base64url). */
function contactIdOf(token: string): number {
  const payload = Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8');
  return Number(payload.split(':')[2]);
}

describe('account/changeSubscription', () => {
  it('switches an own contact on and off; getInfo is subscribed while any contact is', async () => {
    const { tab } = await newPlayer('ivy@example.com');
    expect((await post(tab, 'account/addcontact', { contact: '+55 11 93456-7890' })).status).toBe(
      200,
    );
    expect(await accountSubscribed(tab)).toBe(false);

    // The contact is matched as addcontact stores it: e-mail case and phone punctuation ignored.
    const on = await post(tab, 'account/changeSubscription', {
      contact: 'Ivy@Example.com',
      subscription: '1',
    });
    expect(on.body).toEqual({ data: 1 });
    expect(v.safeParse(api.account.changeSubscription.response, on.body.data).success).toBe(true);
    expect(await contactsOf(tab)).toMatchObject([
      { type: 'email', contact: 'ivy@example.com', is_subscribed: true },
      { type: 'phone', contact: '5511934567890', is_subscribed: false },
    ]);
    expect(await accountSubscribed(tab)).toBe(true);

    expect(
      (
        await post(tab, 'account/changeSubscription', {
          contact: '+55 (11) 93456-7890',
          subscription: '1',
        })
      ).body,
    ).toEqual({ data: 1 });
    expect(
      (
        await post(tab, 'account/changeSubscription', {
          contact: 'ivy@example.com',
          subscription: '0',
        })
      ).body,
    ).toEqual({ data: 1 });
    expect((await contactsOf(tab)).map((c) => c.is_subscribed)).toEqual([false, true]);
    // The phone is still on, so the account stays subscribed.
    expect(await accountSubscribed(tab)).toBe(true);

    expect(
      (
        await post(tab, 'account/changeSubscription', {
          contact: '5511934567890',
          subscription: '0',
        })
      ).body,
    ).toEqual({ data: 1 });
    expect((await contactsOf(tab)).map((c) => c.is_subscribed)).toEqual([false, false]);
    expect(await accountSubscribed(tab)).toBe(false);

    const wrongFlag = await post(tab, 'account/changeSubscription', {
      contact: 'ivy@example.com',
      subscription: 'yes',
    });
    expect(wrongFlag.status).toBe(400);
    expect(wrongFlag.body.error?.invalid_parameters).toEqual({ subscription: ['wrong_field'] });
  });

  it("refuses someone else's contact exactly like an unknown one, and leaves it alone", async () => {
    const owner = await newPlayer('jack@example.com');
    const other = await newPlayer('kate@example.com');
    const foreign = await post(other.tab, 'account/changeSubscription', {
      contact: 'jack@example.com',
      subscription: '1',
    });
    const unknown = await post(other.tab, 'account/changeSubscription', {
      contact: 'nobody@example.com',
      subscription: '1',
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({
      type: 'InvalidParameterException',
      invalid_parameters: { contact: ['wrong_field'] },
    });
    // No enumeration: the two answers are identical.
    expect(unknown).toEqual(foreign);
    expect(await contactsOf(owner.tab)).toMatchObject([{ is_subscribed: false }]);
    expect(await accountSubscribed(owner.tab)).toBe(false);
    expect(await mailsTo('jack@example.com')).toEqual([]);
  });

  it('refuses visitors with the typed 401', async () => {
    const answer = await post(server.browser(), 'account/changeSubscription', {
      contact: 'jack@example.com',
      subscription: '1',
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error?.type).toBe('AuthorizationException');
  });
});

describe('account/unsubscribe with the link of the "you are subscribed" mail', () => {
  it('mails a link on switch-on whose token unsubscribes with no session, twice over', async () => {
    const { tab } = await newPlayer('lena@example.com');
    await post(tab, 'account/changeSubscription', {
      contact: 'lena@example.com',
      subscription: '1',
    });
    const mails = await mailsTo('lena@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/subscribed/i);
    const token = await mailedToken('lena@example.com');
    // The link names ids, not the address.
    expect(decodeURIComponent(token)).not.toContain('lena');
    expect(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')).not.toContain('lena');

    // Switching on what is already on sends nothing more.
    await post(tab, 'account/changeSubscription', {
      contact: 'lena@example.com',
      subscription: '1',
    });
    expect(await mailsTo('lena@example.com')).toHaveLength(1);

    const visitor = server.browser();
    const first = await post(visitor, 'account/unsubscribe', { token });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { contact_type: 'email', unsubscribed: true } });
    expect(v.safeParse(api.account.unsubscribe.response, first.body.data).success).toBe(true);
    expect(await contactsOf(tab)).toMatchObject([
      { contact: 'lena@example.com', is_subscribed: false },
    ]);
    expect(await accountSubscribed(tab)).toBe(false);

    const again = await post(visitor, 'account/unsubscribe', { token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await contactsOf(tab)).toMatchObject([{ is_subscribed: false }]);

    // The link keeps working after the player switches back on (no expiry, no one-time use).
    await post(tab, 'account/changeSubscription', {
      contact: 'lena@example.com',
      subscription: '1',
    });
    expect(await accountSubscribed(tab)).toBe(true);
    expect(await mailedToken('lena@example.com')).toBe(token);
    expect((await post(visitor, 'account/unsubscribe', { token })).status).toBe(200);
    expect(await accountSubscribed(tab)).toBe(false);
  });

  it('lets the token decide: a signed-in other player unsubscribes the link, not themselves', async () => {
    const owner = await newPlayer('mona@example.com');
    const other = await newPlayer('nils@example.com');
    for (const [player, email] of [
      [owner, 'mona@example.com'],
      [other, 'nils@example.com'],
    ] as const) {
      await post(player.tab, 'account/changeSubscription', { contact: email, subscription: '1' });
    }
    const answer = await post(other.tab, 'account/unsubscribe', {
      token: await mailedToken('mona@example.com'),
    });
    expect(answer.body).toEqual({ data: { contact_type: 'email', unsubscribed: true } });
    expect(await accountSubscribed(owner.tab)).toBe(false);
    expect(await accountSubscribed(other.tab)).toBe(true);
    expect(await contactsOf(other.tab)).toMatchObject([{ is_subscribed: true }]);
  });

  it("signed in and without a token (§7 account call), unsubscribes the session's player only", async () => {
    const me = await newPlayer('ruth@example.com');
    const other = await newPlayer('sven@example.com');
    for (const [player, email] of [
      [me, 'ruth@example.com'],
      [other, 'sven@example.com'],
    ] as const) {
      await post(player.tab, 'account/changeSubscription', { contact: email, subscription: '1' });
    }
    const answer = await post(me.tab, 'account/unsubscribe', {});
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ data: { unsubscribed: true } });
    expect(await accountSubscribed(me.tab)).toBe(false);
    expect(await contactsOf(me.tab)).toMatchObject([{ is_subscribed: false }]);
    expect(await accountSubscribed(other.tab)).toBe(true);
  });

  it('refuses tampered, foreign, malformed, empty and huge tokens with a typed 400 on token', async () => {
    const owner = await newPlayer('olga@example.com');
    const other = await newPlayer('piet@example.com');
    await post(owner.tab, 'account/changeSubscription', {
      contact: 'olga@example.com',
      subscription: '1',
    });
    await post(other.tab, 'account/changeSubscription', {
      contact: 'piet@example.com',
      subscription: '1',
    });
    const token = await mailedToken('olga@example.com');
    const otherToken = await mailedToken('piet@example.com');
    const [payload, signature] = token.split('.') as [string, string];
    const [otherPayload] = otherToken.split('.') as [string, string];
    const contactId = contactIdOf(token);
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

    const refused: [string, string][] = [
      ['a flipped signature character', `${payload}.${flip(signature, 5)}`],
      ['a flipped payload character', `${flip(payload, 2)}.${signature}`],
      ["the other player's payload under this signature", `${otherPayload}.${signature}`],
      [
        'another secret',
        unsubscribeToken(Buffer.from('not-the-server-secret'), {
          playerId: owner.uid,
          contactId,
        }),
      ],
      // Correctly signed, but the contact is not that player's: the pair must match a row.
      [
        "the other player's id with this contact",
        unsubscribeToken(Buffer.from(SECRET), { playerId: other.uid, contactId }),
      ],
      [
        'a contact that does not exist',
        unsubscribeToken(Buffer.from(SECRET), { playerId: owner.uid, contactId: 2_000_000_000 }),
      ],
      ['a signature cut short', `${payload}.${signature.slice(0, 20)}`],
      ['no signature', payload],
      ['three parts', `${token}.${signature}`],
      ['junk', '<script>alert(1)</script>'],
    ];
    for (const [label, candidate] of refused) {
      const answer = await post(server.browser(), 'account/unsubscribe', { token: candidate });
      expect(answer.status, label).toBe(400);
      expect(answer.body.error?.type, label).toBe('InvalidParameterException');
      expect(answer.body.error?.invalid_parameters, label).toEqual({ token: ['wrong_field'] });
    }
    const empty = await post(server.browser(), 'account/unsubscribe', { token: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error?.type).toBe('InvalidParameterException');
    expect(empty.body.error?.invalid_parameters?.token).toContain('required');
    const missing = await post(server.browser(), 'account/unsubscribe', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error?.invalid_parameters).toEqual({ token: ['required'] });
    const huge = await post(server.browser(), 'account/unsubscribe', {
      token: `${payload}.${signature}`.repeat(200),
    });
    expect(huge.status).toBe(400);
    expect(huge.body.error?.type).toBe('InvalidParameterException');
    expect(huge.body.error?.invalid_parameters?.token).toContain('max_length');

    // Nothing above switched anyone off; the genuine token still does.
    expect(await accountSubscribed(owner.tab)).toBe(true);
    expect(await accountSubscribed(other.tab)).toBe(true);
    expect((await post(server.browser(), 'account/unsubscribe', { token })).status).toBe(200);
    expect(await accountSubscribed(owner.tab)).toBe(false);
  });

  it('caps the "you are subscribed" mail at three a day per contact, however often it is toggled', async () => {
    const { tab } = await newPlayer('quin@example.com');
    for (let i = 0; i < 5; i++) {
      for (const subscription of ['1', '0']) {
        const answer = await post(tab, 'account/changeSubscription', {
          contact: 'quin@example.com',
          subscription,
        });
        expect(answer.body).toEqual({ data: 1 });
      }
    }
    expect(await mailsTo('quin@example.com')).toHaveLength(3);
    // Past the cap the subscription itself still changes.
    await post(tab, 'account/changeSubscription', {
      contact: 'quin@example.com',
      subscription: '1',
    });
    expect(await accountSubscribed(tab)).toBe(true);
  });

  it('sends no mail for a phone contact', async () => {
    const { tab } = await newPlayer('rosa@example.com');
    await post(tab, 'account/addcontact', { contact: '5511955554444' });
    await post(tab, 'account/changeSubscription', { contact: '5511955554444', subscription: '1' });
    expect(await mailsTo('5511955554444')).toEqual([]);
    expect(await mailsTo('rosa@example.com')).toEqual([]);
    expect(await accountSubscribed(tab)).toBe(true);
  });
});
