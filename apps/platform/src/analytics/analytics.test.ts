import { afterEach, describe, expect, it } from 'vitest';
import { desc } from 'drizzle-orm';
import { apiCall, get, REGISTRATION_PROFILE, post } from '../testing/api.ts';
import { sharedTestServer } from '../testing/test-server.ts';
import { eventCounts } from './index.ts';
import { analyticsEvents, analyticsHits } from './schema.ts';

const server = sharedTestServer();
const since = new Date(0);

/** A browser tab whose page has written the consent cookie (the banner's answer). */
function withConsent(tab: typeof fetch, choice: 'all' | 'necessary'): typeof fetch {
  return (input, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('cookie', `cookie_consent=${choice}`);
    return tab(input, { ...init, headers });
  };
}

const event = (id: string, extra: Record<string, unknown> = {}) => ({
  event_name: 'login',
  event_params: JSON.stringify({ event_id: id, method: 'password', at: 1, ...extra }),
});

async function hits() {
  return server().database.db.select().from(analyticsHits).orderBy(desc(analyticsHits.id));
}

describe('events/handle: the site’s own analytics collector', () => {
  it('keeps nothing without the visitor’s analytics consent (no cookie, or "necessary only")', async () => {
    const before = await eventCounts(server().database.db, since);
    for (const tab of [server().browser(), withConsent(server().browser(), 'necessary')]) {
      const answer = await get(tab, 'events/handle', event(crypto.randomUUID()));
      expect(answer.status).toBe(403);
      expect(answer.body.error?.type).toBe('AccessDeniedException');
    }
    expect(await eventCounts(server().database.db, since)).toEqual(before);
  });

  it('keeps an event once however often it is sent, with the signed-in player', async () => {
    const visitor = withConsent(server().browser(), 'all');
    const id = crypto.randomUUID();
    expect((await get(visitor, 'events/handle', event(id))).body).toEqual({ data: 1 });
    expect((await get(visitor, 'events/handle', event(id))).body).toEqual({ data: 1 });
    const rows = await server()
      .database.db.select()
      .from(analyticsEvents)
      .orderBy(desc(analyticsEvents.id));
    const kept = rows.filter((row) => row.eventId === id);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({
      name: 'login',
      playerId: null,
      properties: { method: 'password', at: 1 },
    });

    const tab = server().browser();
    const registered = await post(tab, 'auth/register', {
      ...REGISTRATION_PROFILE,
      email: 'counted@example.com',
      password: 'Secret-123',
      currency: 'EUR',
      terms: '1',
    });
    expect(registered.status).toBe(200);
    const player = withConsent(tab, 'all');
    const second = crypto.randomUUID();
    await get(player, 'events/handle', {
      event_name: 'game_open',
      event_params: JSON.stringify({ event_id: second, game: 'northstar-dice', mode: 'real' }),
    });
    const [row] = await server()
      .database.db.select()
      .from(analyticsEvents)
      .orderBy(desc(analyticsEvents.id))
      .limit(1);
    expect(row).toMatchObject({ eventId: second, name: 'game_open' });
    expect(row!.playerId).toEqual(expect.any(Number));
  });

  it('answers a malformed event with a typed error on its field, keeping nothing', async () => {
    const tab = withConsent(server().browser(), 'all');
    const before = await eventCounts(server().database.db, since);
    const cases: [Record<string, string>, string][] = [
      [{ event_name: 'bought_a_yacht' }, 'event_name'],
      [{ event_name: 'login', event_params: '{not json' }, 'event_params'],
      [{ event_name: 'login', event_params: JSON.stringify({ nested: { a: 1 } }) }, 'event_params'],
      [{ event_name: 'login', event_params: JSON.stringify({ 'Bad Name': 1 }) }, 'event_params'],
      [
        { event_name: 'login', event_params: JSON.stringify({ event_id: 'short' }) },
        'event_params',
      ],
      [
        { event_name: 'login', event_params: JSON.stringify({ note: 'x'.repeat(201) }) },
        'event_params',
      ],
      [{ event_name: 'login', extra: '1' }, 'extra'],
    ];
    for (const [params, field] of cases) {
      const answer = await get(tab, 'events/handle', params);
      expect(answer.status, JSON.stringify(params)).toBe(400);
      // On the param itself, or on a key inside its JSON (`event_params.nested`).
      const fields = Object.keys(answer.body.error?.invalid_parameters ?? {});
      expect(
        fields.some((key) => key === field || key.startsWith(`${field}.`)),
        `${JSON.stringify(params)} → ${fields.join(',')}`,
      ).toBe(true);
    }
    // A state-changing GET: without the marker header it is refused.
    const unmarked = await apiCall(tab, 'events/handle', event(crypto.randomUUID()), {
      marker: false,
    });
    expect(unmarked.status).toBe(403);
    expect(await eventCounts(server().database.db, since)).toEqual(before);
  });
});

describe('/hit: the tracking image and the security hit', () => {
  const seon = process.env.SEON_ENABLED;
  afterEach(() => {
    if (seon === undefined) delete process.env.SEON_ENABLED;
    else process.env.SEON_ENABLED = seon;
  });

  it('answers an uncached 1×1 GIF and keeps a visit only with analytics consent, without the address', async () => {
    const before = (await hits()).length;
    const plain = await server().browser()(
      '/hit?kind=visit&track_id=aff42&referer=https%3A%2F%2Fnews.example%2F',
    );
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('image/gif');
    expect(plain.headers.get('cache-control')).toBe('no-store');
    expect(
      Buffer.from(await plain.arrayBuffer())
        .subarray(0, 6)
        .toString(),
    ).toBe('GIF89a');
    expect(await hits()).toHaveLength(before);

    const consenting = withConsent(server().browser(), 'all');
    await consenting('/hit?kind=visit&track_id=aff42&referer=https%3A%2F%2Fnews.example%2F&t=1');
    const [kept] = await hits();
    expect(kept).toMatchObject({
      kind: 'visit',
      trackId: 'aff42',
      referer: 'https://news.example/',
      ip: null,
      userAgent: null,
      seonSession: null,
    });
  });

  it('keeps the security hit only when is_seon_enabled, with the device session, address and browser', async () => {
    delete process.env.SEON_ENABLED;
    const tab = server().browser();
    const before = (await hits()).length;
    expect((await tab('/hit?kind=security&seon_session=dev-1')).status).toBe(200);
    expect(await hits()).toHaveLength(before);

    process.env.SEON_ENABLED = '1';
    expect((await get(tab, 'metadata/getgeneralinfo')).body.data).toMatchObject({
      is_seon_enabled: true,
    });
    await tab('/hit?kind=security&seon_session=dev-1', {
      headers: { 'user-agent': 'TestAgent/1' },
    });
    const [kept] = await hits();
    expect(kept).toMatchObject({
      kind: 'security',
      seonSession: 'dev-1',
      ip: '127.0.0.1',
      userAgent: 'TestAgent/1',
    });
  });

  it('answers 400 to a hit outside its bounds and keeps nothing', async () => {
    const tab = withConsent(server().browser(), 'all');
    const before = (await hits()).length;
    for (const query of [
      'kind=purchase',
      'track_id=' + 'a'.repeat(65),
      'track_id=%3Cscript%3E',
      'seon_session=a%20b&kind=security',
      'referer=' + 'r'.repeat(2001),
      'other=1',
    ]) {
      const answer = await tab(`/hit?${query}`);
      expect(answer.status, query).toBe(400);
    }
    expect(await hits()).toHaveLength(before);
  });
});
