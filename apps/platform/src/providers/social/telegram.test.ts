import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sign as librarySign } from '@telegram-apps/init-data-node';
import { INIT_DATA_MAX_AGE_S, miniAppProvider, verifyInitData } from './telegram.ts';

const BOT_TOKEN = '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11';
const NOW = new Date('2026-11-24T12:00:00Z');
const nowS = Math.floor(NOW.getTime() / 1000);

/** Signs fields the way the messaging platform does (its documentation, written out here). */
function sign(fields: Record<string, string>, token = BOT_TOKEN): string {
  const dataCheckString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(token).digest();
  const hash = createHmac('sha256', secret).update(dataCheckString).digest('hex');
  return new URLSearchParams({ ...fields, hash }).toString();
}

const USER = JSON.stringify({
  id: 279058397,
  first_name: 'Vladislav',
  last_name: 'Kibenko',
  username: 'vdkfrost',
  language_code: 'ru',
  is_premium: true,
});

const fields = (authDate = nowS - 60) => ({
  query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
  user: USER,
  auth_date: String(authDate),
});

describe('mini-app init data (messaging platform sign-in)', () => {
  it('accepts data signed with our bot token and gives the signed user', () => {
    expect(verifyInitData(sign(fields()), BOT_TOKEN, NOW)).toEqual({
      id: 279058397,
      username: 'vdkfrost',
      firstName: 'Vladislav',
      lastName: 'Kibenko',
      languageCode: 'ru',
    });
  });

  it('refuses a forged hash, a changed field, another bot’s signature and a missing hash', () => {
    const good = sign(fields());
    const forged = good.replace(/hash=[0-9a-f]{4}/, 'hash=0000');
    expect(verifyInitData(forged, BOT_TOKEN, NOW)).toBeNull();
    const tampered = good.replace('vdkfrost', 'someoneelse');
    expect(verifyInitData(tampered, BOT_TOKEN, NOW)).toBeNull();
    expect(verifyInitData(sign(fields(), '999:other-bot'), BOT_TOKEN, NOW)).toBeNull();
    expect(verifyInitData(good.replace(/&?hash=[0-9a-f]+/, ''), BOT_TOKEN, NOW)).toBeNull();
    // A field given twice is not one the signature vouches for.
    expect(verifyInitData(`${good}&auth_date=${nowS}`, BOT_TOKEN, NOW)).toBeNull();
  });

  it('accepts what the maintained library signs (with the newer signature field)', () => {
    const signed = librarySign(
      {
        query_id: 'AAHdF6IQAAAAAN0XohDhrOrc',
        user: { id: 42, first_name: 'Ana', username: 'ana', language_code: 'es' },
        signature: 'abc',
      } as unknown as Parameters<typeof librarySign>[0],
      BOT_TOKEN,
      new Date(NOW.getTime() - 60_000),
    );
    expect(signed).toContain('signature=');
    expect(verifyInitData(signed, BOT_TOKEN, NOW)).toEqual({
      id: 42,
      username: 'ana',
      firstName: 'Ana',
      lastName: null,
      languageCode: 'es',
    });
    expect(verifyInitData(signed, '999:other-bot', NOW)).toBeNull();
  });

  it('refuses an auth_date in the future, beyond a few minutes of clock skew', () => {
    expect(verifyInitData(sign(fields(nowS + 3600)), BOT_TOKEN, NOW)).toBeNull();
    expect(verifyInitData(sign(fields(nowS + 60)), BOT_TOKEN, NOW)?.id).toBe(279058397);
  });

  it('refuses data older than 24 hours, and accepts it just inside', () => {
    const stale = sign(fields(nowS - INIT_DATA_MAX_AGE_S - 1));
    expect(verifyInitData(stale, BOT_TOKEN, NOW)).toBeNull();
    const edge = sign(fields(nowS - INIT_DATA_MAX_AGE_S + 5));
    expect(verifyInitData(edge, BOT_TOKEN, NOW)?.id).toBe(279058397);
  });

  it('refuses signed data without a usable user, and any data when no bot token is set', () => {
    expect(
      verifyInitData(sign({ auth_date: String(nowS), user: 'not json' }), BOT_TOKEN, NOW),
    ).toBeNull();
    expect(
      verifyInitData(sign({ auth_date: String(nowS), user: '{"id":-4}' }), BOT_TOKEN, NOW),
    ).toBeNull();
    expect(verifyInitData(sign(fields()), '', NOW)).toBeNull();
    expect(verifyInitData('x'.repeat(5000), BOT_TOKEN, NOW)).toBeNull();
  });

  it('as a social provider: the messaging account is the subject, with no e-mail', async () => {
    const provider = miniAppProvider(BOT_TOKEN, () => NOW);
    expect(await provider.profile(sign(fields()))).toEqual({
      subject: '279058397',
      email: null,
      emailVerified: false,
      name: 'Vladislav Kibenko',
    });
    expect(await provider.profile(sign(fields(), 'other'))).toBeNull();
  });
});
