import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { get, post, signUp, type ApiAnswer } from '../testing/api.ts';
import { png } from '../testing/kyc.ts';
import { sseReader } from '../testing/sse.ts';
import { staffTab, type StaffTab } from '../testing/staff.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

/**
 * The built-in live chat (issue #30) through its real doors: `/api/chat/*` posts, the player's
 * and the console's Server-Sent Events streams (with a reconnect by `Last-Event-ID`), read marks
 * and typing, history across reloads, idempotent sends, privacy between players, the offline
 * form and the `/support` feedback form through the mail outbox, and §3 chat events.
 */
let server: TestServer;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

/** The operator's support address and hours (SUPPORT_EMAIL, SUPPORT_HOURS). */
const SUPPORT_EMAIL = 'help@chat-test.example';
const SUPPORT_HOURS = 'Every day, 08:00–22:00 CET';

beforeAll(async () => {
  server = await startTestServer({
    now: clock,
    config: { supportEmail: SUPPORT_EMAIL, supportHours: SUPPORT_HOURS },
  });
}, 60_000);
afterAll(() => server.close());
beforeEach(async () => {
  offsetMs = 0;
  await server.database.query(sql`delete from rate_limits`);
});

interface Message {
  id: number;
  seq: number;
  conversation_id: number;
  from: 'player' | 'agent' | 'system';
  author: string | null;
  text: string;
  client_id: string | null;
  read_at: string | null;
}
interface Conversation {
  id: number;
  status: string;
  agent: string | null;
  messages: Message[];
  stream_seq: number;
}
type StreamEvent = { id: string | null; event: string | null; data: Record<string, unknown> };

/** A live stream read one event at a time; `close` ends it as a browser tab would. */
async function openStream(tab: typeof fetch, path: string, lastEventId?: string) {
  const controller = new AbortController();
  const response = await tab(path, {
    signal: controller.signal,
    headers: lastEventId ? { 'last-event-id': lastEventId } : {},
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = sseReader<Record<string, unknown>>(response);
  return {
    next: (ms?: number) => reader.next(ms) as Promise<StreamEvent | null>,
    /** The next `count` events (fails when fewer come). */
    async take(count: number): Promise<StreamEvent[]> {
      const events: StreamEvent[] = [];
      for (let i = 0; i < count; i += 1) {
        const event = await reader.next(5_000);
        expect(event, `event ${i + 1} of ${count}; got ${JSON.stringify(events)}`).not.toBeNull();
        events.push(event as StreamEvent);
      }
      return events;
    },
    close: () => controller.abort(),
  };
}
const playerStream = (tab: typeof fetch, last?: string) =>
  openStream(tab, '/platform/chat/stream', last);
const consoleStream = (tab: typeof fetch, last?: string) =>
  openStream(tab, '/platform/staff/chat/stream', last);

const ok = (answer: ApiAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};
const say = async (tab: typeof fetch, text: string, clientId = randomUUID()) =>
  ok(await post(tab, 'chat/send', { text, client_id: clientId })) as Message;
const conversationOf = async (tab: typeof fetch) =>
  ok(await get(tab, 'chat/getconversation')) as Conversation | null;
const agentSay = async (agent: StaffTab, conversationId: number, text: string) =>
  ok(
    await post(agent.tab, 'chat/staffsend', {
      conversation_id: conversationId,
      text,
      client_id: randomUUID(),
    }),
  ) as Message;
const numbers = (events: StreamEvent[]) => events.map((event) => Number(event.id));

describe('a conversation between a player and an agent', { timeout: 30_000 }, () => {
  it('a player writes, an agent takes and answers, and both streams see it all in order', async () => {
    const player = await signUp(server, 'chat');
    const agent = await staffTab(server, ['support'], clock);
    const mine = await playerStream(player.tab);
    const desk = await consoleStream(agent.tab);

    expect(await conversationOf(player.tab)).toBeNull();
    const hello = await say(player.tab, 'Hello, my deposit is missing');
    expect(hello).toMatchObject({
      from: 'player',
      author: null,
      text: 'Hello, my deposit is missing',
    });

    for (const stream of [mine, desk]) {
      const [opened, message] = await stream.take(2);
      expect(opened).toMatchObject({
        event: 'conversation',
        data: { status: 'waiting', agent: null },
      });
      expect(message).toMatchObject({ event: 'message', data: { id: hello.id, text: hello.text } });
      expect(Number(message!.id)).toBe(hello.seq);
      expect(Number(message!.id)).toBeGreaterThan(Number(opened!.id));
    }

    const queued = ok(await get(agent.tab, 'chat/staffqueue')) as {
      items: {
        id: number;
        status: string;
        player_id: number;
        player_name: string;
        unread: number;
        mine: boolean;
        last_message: { text: string } | null;
      }[];
    };
    const row = queued.items.find((item) => item.player_id === player.id);
    expect(row).toMatchObject({
      id: hello.conversation_id,
      status: 'waiting',
      player_name: 'Test Player',
      unread: 1,
      mine: false,
      last_message: { text: 'Hello, my deposit is missing' },
    });

    const taken = ok(
      await post(agent.tab, 'chat/stafftake', { conversation_id: hello.conversation_id }),
    );
    expect(taken).toMatchObject({ status: 'assigned', mine: true, agent_id: agent.id });
    const answer = await agentSay(agent, hello.conversation_id, 'Let me check that for you');
    expect(answer.author).toBe((taken as { agent: string }).agent);

    const [assigned, answered] = await mine.take(2);
    expect(assigned).toMatchObject({
      event: 'conversation',
      data: { id: hello.conversation_id, status: 'assigned' },
    });
    expect((assigned!.data as { agent: string }).agent).toMatch(/^Staff-/);
    expect(answered).toMatchObject({
      event: 'message',
      data: { from: 'agent', text: 'Let me check that for you' },
    });
    const consoleSaw = await desk.take(2);
    expect(consoleSaw.map((event) => event.event)).toEqual(['conversation', 'message']);
    // One order for everyone: the ids only grow.
    expect(numbers([assigned!, answered!])).toEqual(numbers(consoleSaw));
    expect(Number(answered!.id)).toBeGreaterThan(Number(assigned!.id));
    mine.close();
    desk.close();
  });

  it('typing and read marks travel both ways; unread counts follow the marks', async () => {
    const player = await signUp(server, 'chat-marks');
    const agent = await staffTab(server, ['support'], clock);
    const first = await say(player.tab, 'Is anyone there?');
    const id = first.conversation_id;
    ok(await post(agent.tab, 'chat/stafftake', { conversation_id: id }));
    const mine = await playerStream(player.tab);
    const desk = await consoleStream(agent.tab);

    ok(await post(player.tab, 'chat/typing', { typing: 1 }));
    const typing = await desk.next();
    expect(typing).toMatchObject({
      id: null,
      event: 'typing',
      data: { conversation_id: id, from: 'player', typing: true },
    });
    ok(await post(agent.tab, 'chat/stafftyping', { conversation_id: id, typing: 1 }));
    expect(await mine.next()).toMatchObject({
      id: null,
      event: 'typing',
      data: { conversation_id: id, from: 'agent', typing: true },
    });

    // The agent reads the player's message: the player sees the mark, the queue's count drops.
    ok(await post(agent.tab, 'chat/staffread', { conversation_id: id, up_to_seq: first.seq }));
    expect(await mine.next()).toMatchObject({
      event: 'read',
      data: { conversation_id: id, by: 'agent', up_to_seq: first.seq },
    });
    await desk.next(); // the console's copy of the same mark
    const queued = ok(await get(agent.tab, 'chat/staffqueue')) as {
      items: { id: number; unread: number }[];
    };
    expect(queued.items.find((item) => item.id === id)?.unread).toBe(0);
    // Marking again changes nothing and sends nothing.
    ok(await post(agent.tab, 'chat/staffread', { conversation_id: id, up_to_seq: first.seq }));

    const reply = await agentSay(agent, id, 'Yes, I am here');
    await mine.next();
    await desk.next();
    ok(await post(player.tab, 'chat/read', { up_to_seq: reply.seq }));
    expect(await desk.next()).toMatchObject({
      event: 'read',
      data: { conversation_id: id, by: 'player', up_to_seq: reply.seq },
    });
    expect(await mine.next()).toMatchObject({ event: 'read', data: { by: 'player' } });
    expect(await mine.next(300)).toBeNull();

    const seen = await conversationOf(player.tab);
    expect(seen!.messages.map((m) => [m.from, m.read_at !== null])).toEqual([
      ['player', true],
      ['agent', true],
    ]);
    mine.close();
    desk.close();
  });

  it('keeps the history across reloads, and a closed chat stays readable until the next message opens a new one', async () => {
    const player = await signUp(server, 'chat-history');
    const agent = await staffTab(server, ['support'], clock);
    const first = await say(player.tab, 'one');
    await say(player.tab, 'two');
    await agentSay(agent, first.conversation_id, 'three');
    // A reload is a new read of the same session's conversation; a second tab reads the same.
    const reloaded = await conversationOf(player.tab);
    expect(reloaded).toMatchObject({ id: first.conversation_id, status: 'assigned' });
    expect(reloaded!.messages.map((m) => m.text)).toEqual(['one', 'two', 'three']);
    expect(reloaded!.stream_seq).toBeGreaterThanOrEqual(reloaded!.messages.at(-1)!.seq);

    const closed = ok(
      await post(agent.tab, 'chat/staffclose', { conversation_id: first.conversation_id }),
    );
    expect(closed).toMatchObject({ status: 'closed' });
    expect(await conversationOf(player.tab)).toMatchObject({
      id: first.conversation_id,
      status: 'closed',
    });
    const late = await post(agent.tab, 'chat/staffsend', {
      conversation_id: first.conversation_id,
      text: 'late',
      client_id: randomUUID(),
    });
    expect(late.body.error?.invalid_parameters).toEqual({ conversation_id: ['wrong_field'] });
    const again = await say(player.tab, 'me again');
    expect(again.conversation_id).not.toBe(first.conversation_id);
    expect(await conversationOf(player.tab)).toMatchObject({
      id: again.conversation_id,
      status: 'waiting',
      messages: [{ text: 'me again' }],
    });
  });

  it('stores a message once per client id, however often or however fast it is sent', async () => {
    const player = await signUp(server, 'chat-retry');
    const clientId = randomUUID();
    const first = await say(player.tab, 'only once', clientId);
    const retries = await Promise.all([1, 2, 3].map(() => say(player.tab, 'only once', clientId)));
    expect(retries.map((m) => m.id)).toEqual([first.id, first.id, first.id]);
    const racing = randomUUID();
    const raced = await Promise.all([1, 2, 3].map(() => say(player.tab, 'raced', racing)));
    expect(new Set(raced.map((m) => m.id)).size).toBe(1);
    const seen = await conversationOf(player.tab);
    expect(seen!.messages.map((m) => m.text)).toEqual(['only once', 'raced']);

    const agent = await staffTab(server, ['support'], clock);
    const agentId = randomUUID();
    const params = { conversation_id: first.conversation_id, text: 'hi', client_id: agentId };
    const a = ok(await post(agent.tab, 'chat/staffsend', params)) as Message;
    const b = ok(await post(agent.tab, 'chat/staffsend', params)) as Message;
    expect(b.id).toBe(a.id);
    expect((await conversationOf(player.tab))!.messages).toHaveLength(3);
    // A malformed client id is a field error.
    const bad = await post(player.tab, 'chat/send', { text: 'x', client_id: 'not-a-uuid' });
    expect(bad.body.error?.invalid_parameters).toEqual({ client_id: ['wrong_field'] });
  });

  it('a reconnect with Last-Event-ID gets exactly the events it missed, then the live ones', async () => {
    const player = await signUp(server, 'chat-resume');
    const agent = await staffTab(server, ['support'], clock);
    const mine = await playerStream(player.tab);
    const first = await say(player.tab, 'before the tunnel');
    const [opened, message] = await mine.take(2);
    expect(message!.data).toMatchObject({ id: first.id });
    mine.close();

    // Gone for a while: the agent answers, another player chats meanwhile, and the chat closes.
    const other = await signUp(server, 'chat-resume-other');
    await say(other.tab, 'not yours');
    await agentSay(agent, first.conversation_id, 'answer one');
    await agentSay(agent, first.conversation_id, 'answer two');
    ok(await post(agent.tab, 'chat/staffclose', { conversation_id: first.conversation_id }));

    const back = await playerStream(player.tab, message!.id!);
    const missed = await back.take(4);
    const what = (e: StreamEvent) => [e.event, e.event === 'message' ? e.data.text : e.data.status];
    expect(missed.map(what)).toEqual([
      ['conversation', 'assigned'],
      ['message', 'answer one'],
      ['message', 'answer two'],
      ['conversation', 'closed'],
    ]);
    const ids = numbers(missed);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids[0]).toBeGreaterThan(Number(message!.id));
    // Nothing twice, nothing of another player's.
    expect(await back.next(300)).toBeNull();
    // Then live again.
    const next = await say(player.tab, 'after the tunnel');
    const live = await back.take(2);
    expect(live.map((e) => e.event)).toEqual(['conversation', 'message']);
    expect(live[1]!.data).toMatchObject({ id: next.id });
    // The console resumes the same way, from an id as old as the first event.
    const desk = await consoleStream(agent.tab, String(Number(opened!.id) - 1));
    const all = await desk.take(2);
    expect(all.map((e) => Number(e.id))).toEqual([Number(opened!.id), first.seq]);
    back.close();
    desk.close();
    // A malformed Last-Event-ID is refused, not taken as "from the start".
    const bad = await player.tab('/platform/chat/stream', { headers: { 'last-event-id': 'x' } });
    expect(bad.status).toBe(400);
  });
});

/** Uploads a file to the chat as the player (or, with `staff`, the agent) of this tab. */
async function upload(
  tab: typeof fetch,
  bytes: Uint8Array,
  name: string,
  options: { staff?: boolean; marker?: boolean } = {},
) {
  const form = new FormData();
  form.append('files', new Blob([bytes], { type: 'image/png' }), name);
  const response = await tab(
    options.staff ? '/platform/staff/chat/attachments' : '/platform/chat/attachments',
    {
      method: 'POST',
      body: form,
      headers: options.marker === false ? {} : { 'X-App-Client': 'web/2.34' },
    },
  );
  return { status: response.status, body: (await response.json()) as ApiAnswer['body'] };
}

describe('files in the chat', { timeout: 30_000 }, () => {
  it('sends an image through the upload checks, served to its conversation only', async () => {
    const player = await signUp(server, 'chat-file');
    const agent = await staffTab(server, ['support'], clock);
    const photo = png(16);

    // Who may upload, and what: the marker header, a session, an image or a PDF by its bytes.
    expect((await upload(server.browser(), photo, 'a.png')).status).toBe(401);
    expect((await upload(player.tab, photo, 'a.png', { marker: false })).status).toBe(403);
    const fake = await upload(player.tab, new TextEncoder().encode('<script>x</script>'), 'a.png');
    expect(fake.body.error?.invalid_parameters).toEqual({ files: ['wrong_file_type'] });

    const uploaded = await upload(player.tab, photo, '../../receipt.png');
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const file = uploaded.body.data as {
      id: number;
      name: string;
      content_type: string;
      url: string;
    };
    expect(file).toMatchObject({
      name: 'receipt.png',
      content_type: 'image/png',
      size: photo.length,
    });

    const sent = ok(
      await post(player.tab, 'chat/send', {
        text: 'My receipt',
        client_id: randomUUID(),
        attachment_id: file.id,
      }),
    ) as Message & { attachment: { url: string } | null };
    expect(sent.attachment).toEqual({
      name: 'receipt.png',
      content_type: 'image/png',
      size: photo.length,
      url: file.url,
    });
    // A file goes out once, and only its uploader sends it.
    const again = await post(player.tab, 'chat/send', {
      text: 'again',
      client_id: randomUUID(),
      attachment_id: file.id,
    });
    expect(again.body.error?.invalid_parameters).toEqual({ attachment_id: ['wrong_field'] });
    const other = await signUp(server, 'chat-file-other');
    const stolen = await post(other.tab, 'chat/send', {
      text: 'mine now',
      client_id: randomUUID(),
      attachment_id: file.id,
    });
    expect(stolen.body.error?.invalid_parameters).toEqual({ attachment_id: ['wrong_field'] });

    // The player and support agents get the bytes; anyone else finds nothing there.
    for (const tab of [player.tab, agent.tab]) {
      const served = await tab(file.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer()).equals(photo)).toBe(true);
    }
    expect((await other.tab(file.url)).status).toBe(404);
    expect((await server.browser()(file.url)).status).toBe(404);

    // The agent sends one too.
    const fromAgent = await upload(agent.tab, photo, 'how-to.png', { staff: true });
    expect(fromAgent.status, JSON.stringify(fromAgent.body)).toBe(200);
    const answer = ok(
      await post(agent.tab, 'chat/staffsend', {
        conversation_id: sent.conversation_id,
        text: 'Here is how',
        client_id: randomUUID(),
        attachment_id: (fromAgent.body.data as { id: number }).id,
      }),
    ) as Message & { attachment: { url: string } | null };
    expect((await player.tab(answer.attachment!.url)).status).toBe(200);
  });
});

describe('privacy and access', { timeout: 30_000 }, () => {
  it("a player never sees another player's conversation, by method or by stream", async () => {
    const alice = await signUp(server, 'chat-alice');
    const bob = await signUp(server, 'chat-bob');
    const bobs = await playerStream(bob.tab, '0');
    const secret = await say(alice.tab, 'my card number is private');
    expect(await conversationOf(bob.tab)).toBeNull();
    // Bob's stream, even resumed from the very start, carries none of it.
    expect(await bobs.next(500)).toBeNull();
    // Bob's read marks name only his own conversation.
    ok(await post(bob.tab, 'chat/read', { up_to_seq: secret.seq }));
    const own = await say(bob.tab, 'hi');
    const [opened, message] = await bobs.take(2);
    expect(opened!.data).toMatchObject({ id: own.conversation_id });
    expect(message!.data).toMatchObject({ id: own.id });
    expect(own.conversation_id).not.toBe(secret.conversation_id);
    bobs.close();

    // Visitors have no stream and no conversation; players have no console.
    const visitor = server.browser();
    expect((await visitor('/platform/chat/stream')).status).toBe(401);
    expect((await get(visitor, 'chat/getconversation')).status).toBe(401);
    expect((await alice.tab('/platform/staff/chat/stream')).status).toBe(401);
    expect((await get(alice.tab, 'chat/staffqueue')).status).toBe(401);
    const conversationRead = await get(alice.tab, 'chat/staffconversation', {
      conversation_id: own.conversation_id,
    });
    expect(conversationRead.status).toBe(401);
    // Staff without the support role have no console stream either.
    const risk = await staffTab(server, ['risk'], clock);
    expect((await risk.tab('/platform/staff/chat/stream')).status).toBe(403);
  });

  it("an agent's read of a conversation is audited; transfers go to support agents only", async () => {
    const player = await signUp(server, 'chat-audit');
    const agent = await staffTab(server, ['support'], clock);
    const colleague = await staffTab(server, ['support'], clock);
    const riskOnly = await staffTab(server, ['risk'], clock);
    const hello = await say(player.tab, 'transfer me');
    const id = hello.conversation_id;

    const read = ok(await get(agent.tab, 'chat/staffconversation', { conversation_id: id })) as {
      player_id: number;
      messages: Message[];
    };
    expect(read).toMatchObject({ player_id: player.id, messages: [{ text: 'transfer me' }] });
    const rows = await server.database.query<{ actor_id: number; player_id: number }>(
      sql`select actor_id, player_id from audit_log
          where action = 'chat/staffconversation' and kind = 'read' and subject_id = ${String(id)}`,
    );
    expect(rows).toEqual([{ actor_id: agent.id, player_id: player.id }]);

    const agents = ok(await get(agent.tab, 'chat/staffagents')) as { id: number }[];
    expect(agents.map((a) => a.id)).toEqual(expect.arrayContaining([agent.id, colleague.id]));
    expect(agents.map((a) => a.id)).not.toContain(riskOnly.id);

    ok(await post(agent.tab, 'chat/stafftake', { conversation_id: id }));
    const refused = await post(agent.tab, 'chat/stafftransfer', {
      conversation_id: id,
      staff_id: riskOnly.id,
    });
    expect(refused.body.error?.invalid_parameters).toEqual({ staff_id: ['wrong_field'] });
    const moved = ok(
      await post(agent.tab, 'chat/stafftransfer', { conversation_id: id, staff_id: colleague.id }),
    );
    expect(moved).toMatchObject({ agent_id: colleague.id, mine: false, status: 'assigned' });
    const theirs = ok(await get(colleague.tab, 'chat/staffqueue')) as {
      items: { id: number; mine: boolean }[];
    };
    expect(theirs.items.find((item) => item.id === id)?.mine).toBe(true);
    const changes = await server.database.query<{
      action: string;
      before: { agent_id: number | null };
      after: { agent_id: number };
    }>(
      sql`select action, before, after from audit_log
          where subject_type = 'chat_conversation' and subject_id = ${String(id)} and kind = 'change'
          order by id`,
    );
    expect(changes.map((c) => [c.action, c.before.agent_id, c.after.agent_id])).toEqual([
      ['chat/stafftake', null, agent.id],
      ['chat/stafftransfer', agent.id, colleague.id],
    ]);
  });

  it('canned replies: saved, changed, listed and deleted', async () => {
    const agent = await staffTab(server, ['support'], clock);
    const made = ok(
      await post(agent.tab, 'chat/staffsavecanned', {
        title: 'Greeting',
        text: 'Hello! How can I help?',
      }),
    ) as { id: number };
    ok(
      await post(agent.tab, 'chat/staffsavecanned', {
        id: made.id,
        title: 'Greeting',
        text: 'Hi there!',
      }),
    );
    const listed = ok(await get(agent.tab, 'chat/stafflistcanned')) as {
      id: number;
      text: string;
    }[];
    expect(listed.find((reply) => reply.id === made.id)?.text).toBe('Hi there!');
    ok(await post(agent.tab, 'chat/staffdeletecanned', { id: made.id }));
    const after = ok(await get(agent.tab, 'chat/stafflistcanned')) as { id: number }[];
    expect(after.map((reply) => reply.id)).not.toContain(made.id);
    const gone = await post(agent.tab, 'chat/staffdeletecanned', { id: made.id });
    expect(gone.body.error?.invalid_parameters).toEqual({ id: ['wrong_field'] });
  });
});

describe('support outside a live conversation', { timeout: 30_000 }, () => {
  async function mailsTo(recipient: string) {
    return server.database.query<{ subject: string; body: string }>(
      sql`select subject, body from mail_outbox where recipient = ${recipient} order by id`,
    );
  }

  it('offline, a message left in the chat becomes an e-mail to support; an open console makes it online', async () => {
    // Whoever had the console open before is long gone.
    offsetMs = 60 * 60 * 1000;
    const visitor = server.browser();
    expect(ok(await get(visitor, 'chat/getstatus'))).toEqual({
      online: false,
      hours: SUPPORT_HOURS,
    });

    const noAddress = await post(visitor, 'chat/leavemessage', { text: 'Call me back' });
    expect(noAddress.body.error?.invalid_parameters).toEqual({ email: ['required'] });
    const badAddress = await post(visitor, 'chat/leavemessage', { email: 'nope', text: 'x' });
    expect(badAddress.body.error?.invalid_parameters).toEqual({ email: ['email'] });

    const before = (await mailsTo(SUPPORT_EMAIL)).length;
    ok(
      await post(visitor, 'chat/leavemessage', {
        email: 'visitor@example.com',
        text: 'Is the welcome bonus available in Canada?',
      }),
    );
    const player = await signUp(server, 'chat-offline');
    ok(await post(player.tab, 'chat/leavemessage', { text: 'Please close my account' }));
    const mails = (await mailsTo(SUPPORT_EMAIL)).slice(before);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.body).toContain('Is the welcome bonus available in Canada?');
    expect(mails[0]!.body).toContain('visitor@example.com');
    expect(mails[1]!.body).toContain('Please close my account');
    expect(mails[1]!.body).toContain(player.email);
    const kept = await server.database.query<{ kind: string; player_id: number | null }>(
      sql`select kind, player_id from chat_support_messages where kind = 'leave_message' order by id desc limit 2`,
    );
    expect(kept).toEqual([
      { kind: 'leave_message', player_id: player.id },
      { kind: 'leave_message', player_id: null },
    ]);

    const agent = await staffTab(server, ['support'], clock);
    const desk = await consoleStream(agent.tab);
    expect(ok(await get(visitor, 'chat/getstatus'))).toMatchObject({ online: true });
    desk.close();
  });

  it('feedback follows §5 (e-mail optional but valid, message required), is mailed, and is rate-limited', async () => {
    const visitor = server.browser();
    const wrong = await post(visitor, 'support/sendFeedback', { email: 'a@b', message: 'Hi' });
    expect(wrong.body.error?.invalid_parameters).toEqual({ email: ['email'] });
    const empty = await post(visitor, 'support/sendFeedback', { message: '   ' });
    expect(empty.body.error?.invalid_parameters).toEqual({ message: ['required'] });

    const before = (await mailsTo(SUPPORT_EMAIL)).length;
    ok(await post(visitor, 'support/sendFeedback', { message: 'Great site, slow cashier' }));
    const address = `fan-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      ok(await post(visitor, 'support/sendFeedback', { email: address, message: `idea ${i}` }));
    }
    const mails = (await mailsTo(SUPPORT_EMAIL)).slice(before);
    expect(mails).toHaveLength(6);
    expect(mails[0]!.body).toContain('Great site, slow cashier');
    expect(mails[1]!.body).toContain(address);
    // A sixth from the same address is refused, and nothing more is mailed.
    const refused = await post(visitor, 'support/sendFeedback', {
      email: address,
      message: 'more',
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error?.type).toBe('TooManyRequestsException');
    expect((await mailsTo(SUPPORT_EMAIL)).slice(before)).toHaveLength(6);
  });

  it('feedback is also limited per account, whatever address it gives', async () => {
    const player = await signUp(server, 'chat-feedback');
    for (let i = 0; i < 5; i += 1) {
      ok(
        await post(player.tab, 'support/sendFeedback', {
          email: `other-${i}-${Date.now()}@example.com`,
          message: `note ${i}`,
        }),
      );
    }
    const refused = await post(player.tab, 'support/sendFeedback', {
      email: `fresh-${Date.now()}@example.com`,
      message: 'one more',
    });
    expect(refused.body.error?.type).toBe('TooManyRequestsException');
    // An hour later the budget is whole again.
    offsetMs = 61 * 60 * 1000;
    ok(await post(player.tab, 'support/sendFeedback', { message: 'later note' }));
  });

  it("stores a third-party widget's chat events for the signed-in player (§3 chat event)", async () => {
    const visitor = server.browser();
    const params = { channel_id: 'livechat', conversation_id: 'c-42', text: 'Hi', event: 'sent' };
    expect((await post(visitor, 'chat/storeChatEvent', params)).status).toBe(401);
    const player = await signUp(server, 'chat-widget');
    ok(await post(player.tab, 'chat/storeChatEvent', params));
    ok(
      await post(player.tab, 'chat/storeChatEvent', {
        ...params,
        text: 'Hello!',
        event: 'received',
      }),
    );
    const bad = await post(player.tab, 'chat/storeChatEvent', { ...params, event: 'deleted' });
    expect(bad.body.error?.invalid_parameters).toEqual({ event: ['wrong_field'] });
    const rows = await server.database.query<Record<string, unknown>>(
      sql`select channel_id, conversation_id, text, event from chat_widget_events
          where player_id = ${player.id} order by id`,
    );
    expect(rows).toEqual([
      { channel_id: 'livechat', conversation_id: 'c-42', text: 'Hi', event: 'sent' },
      { channel_id: 'livechat', conversation_id: 'c-42', text: 'Hello!', event: 'received' },
    ]);
  });
});
