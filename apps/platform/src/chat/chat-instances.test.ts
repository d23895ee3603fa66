import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, post, signUp } from '../testing/api.ts';
import { sseReader } from '../testing/sse.ts';
import { staffTab } from '../testing/staff.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * The live chat across two platform instances on one database (issue #30, as instances.test.ts
 * runs them on PGlite): the player is served by one, the agent by the other; every message,
 * conversation change, read mark and typing notice reaches the other instance's stream through
 * LISTEN/NOTIFY, in order.
 */
let one: TestServer;
let two: TestServer;

beforeAll(async () => {
  one = await startTestServer();
  two = await startTestServer({ database: one.database });
}, 120_000);
afterAll(async () => {
  await two?.close();
  await one?.close();
});

async function openStream(tab: typeof fetch, path: string) {
  const controller = new AbortController();
  const response = await tab(path, { signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = sseReader<Record<string, unknown>>(response);
  return { next: (ms?: number) => reader.next(ms), close: () => controller.abort() };
}

describe('two instances on one database', { timeout: 30_000 }, () => {
  it('a player on one instance and an agent on the other chat live', async () => {
    const player = await signUp(one, 'chat-across');
    const agent = await staffTab(two, ['support']);
    const mine = await openStream(player.tab, '/platform/chat/stream');
    const desk = await openStream(agent.tab, '/platform/staff/chat/stream');

    const hello = await post(player.tab, 'chat/send', {
      text: 'Hi from one',
      client_id: randomUUID(),
    });
    expect(hello.status, JSON.stringify(hello.body)).toBe(200);
    const { conversation_id: id, seq } = hello.body.data as {
      conversation_id: number;
      seq: number;
    };
    expect(await desk.next()).toMatchObject({
      event: 'conversation',
      data: { id, status: 'waiting' },
    });
    expect(await desk.next()).toMatchObject({
      id: String(seq),
      event: 'message',
      data: { text: 'Hi from one' },
    });

    ok(await post(player.tab, 'chat/typing', { typing: 1 }));
    expect(await desk.next()).toMatchObject({
      event: 'typing',
      data: { from: 'player', typing: true },
    });

    ok(
      await post(agent.tab, 'chat/staffsend', {
        conversation_id: id,
        text: 'Hello from two',
        client_id: randomUUID(),
      }),
    );
    // The player's own two events, then the agent's answer as instance two wrote it.
    const seen = [];
    for (let i = 0; i < 4; i += 1) seen.push(await mine.next());
    expect(seen.map((e) => e?.event)).toEqual([
      'conversation',
      'message',
      'conversation',
      'message',
    ]);
    expect(seen[3]).toMatchObject({ data: { from: 'agent', text: 'Hello from two' } });
    const answerSeq = Number(seen[3]!.id);

    ok(await post(agent.tab, 'chat/stafftyping', { conversation_id: id, typing: 0 }));
    expect(await mine.next()).toMatchObject({
      event: 'typing',
      data: { from: 'agent', typing: false },
    });
    ok(await post(player.tab, 'chat/read', { up_to_seq: answerSeq }));
    // The console saw its own assignment and message first, then the player's read mark.
    const rest = [];
    for (let i = 0; i < 3; i += 1) rest.push(await desk.next());
    expect(rest.map((e) => e?.event)).toEqual(['conversation', 'message', 'read']);
    expect(rest[2]).toMatchObject({ data: { by: 'player', up_to_seq: answerSeq } });

    // Either instance answers the same history.
    const fromTwo = await signInElsewhere(player.email);
    const history = await get(fromTwo, 'chat/getconversation');
    expect(
      (history.body.data as { messages: { text: string }[] }).messages.map((m) => m.text),
    ).toEqual(['Hi from one', 'Hello from two']);
    mine.close();
    desk.close();
  });
});

const ok = (answer: { status: number; body: unknown }) =>
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);

/** The same player signed in through instance two. */
async function signInElsewhere(email: string): Promise<typeof fetch> {
  const tab = two.browser();
  const answer = await post(tab, 'auth/login', { login: email, password: 'Secret-123' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return tab;
}
