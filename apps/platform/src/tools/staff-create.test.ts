import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { contacts, players } from '../db/schema/index.ts';
import { DEMO_PLAYER, DEMO_STAFF } from '../demo/index.ts';
import { post } from '../testing/api.ts';
import { cmsCall, cmsJwt } from '../testing/cms.ts';
import { totpCode } from '../testing/staff.ts';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { createStaff, runStaffCreate, StaffCreateError } from './staff-create.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

/** An editors-only read of the content backend: drafts (`publicationState=preview`). */
const DRAFTS = '/cms/redirects?publicationState=preview';

describe('createStaff', () => {
  it('creates a staff account with a confirmed e-mail that signs in to the back office as an admin', async () => {
    const staff = await createStaff(server.database, {
      email: '  Ops@Example.com ',
      password: 'Ops-Secret-12',
    });
    expect(staff).toMatchObject({ login: 'ops@example.com', role: 'staff', status: 'active' });
    const [contact] = await server.database.db
      .select()
      .from(contacts)
      .where(eq(contacts.playerId, staff.id));
    expect(contact).toMatchObject({ type: 'email', contact: 'ops@example.com', isConfirmed: true });

    // The first sign-in sets up the authenticator app; then the admin reads the content's drafts.
    const tab = server.browser();
    const signIn = { login: 'ops@example.com', password: 'Ops-Secret-12' };
    const setup = await post(tab, 'staff/signin', signIn);
    const { secret } = setup.body.error?.error_data?.two_factor_setup as { secret: string };
    expect((await post(tab, 'staff/signin', { ...signIn, code: totpCode(secret) })).status).toBe(
      200,
    );
    expect((await tab(DRAFTS)).status).toBe(200);
    // A player's content-backend token opens no draft.
    const jwt = await cmsJwt(server.url, DEMO_PLAYER);
    expect((await cmsCall(server.url, 'GET', DRAFTS, { jwt })).status).toBe(401);
  });

  it('refuses an e-mail already in use, whatever its case', async () => {
    for (const email of [DEMO_STAFF.login, 'DEMO@northstar.test', 'ops@example.com']) {
      await expect(
        createStaff(server.database, { email, password: 'Another-Secret1' }),
      ).rejects.toThrow(/is already in use by an account/);
    }
    const rows = await server.database.db
      .select()
      .from(players)
      .where(eq(players.login, 'ops@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('refuses what the site’s password rule refuses, and a malformed e-mail', async () => {
    const attempt = (email: string, password: string) =>
      createStaff(server.database, { email, password });
    await expect(attempt('new-ops@example.com', 'short')).rejects.toThrow(/at least 6/);
    await expect(attempt('new-ops@example.com', 'x'.repeat(21))).rejects.toThrow(/at most 20/);
    await expect(attempt('new-ops@example.com', 'has a space1')).rejects.toThrow(/no spaces/);
    await expect(attempt('not-an-address', 'Ops-Secret-12')).rejects.toBeInstanceOf(
      StaffCreateError,
    );
    expect(
      await server.database.db
        .select()
        .from(players)
        .where(eq(players.login, 'new-ops@example.com')),
    ).toEqual([]);
  });
});

describe('runStaffCreate (the command)', () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-staff-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  function io(stdinText: string | null) {
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    let err = '';
    stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    return {
      io: {
        stdin: Readable.from(stdinText === null ? [] : [stdinText]),
        stdout,
        stderr,
        env: { DATA_DIR: folder },
      },
      out: () => out,
      err: () => err,
    };
  }

  it(
    'creates the account in the database of DATA_DIR from a password on stdin, once',
    { timeout: 120_000 },
    async () => {
      const first = io('Ops-Secret-12\n');
      expect(
        await runStaffCreate(['--email', 'ops@example.com', '--password-stdin'], first.io),
      ).toBe(0);
      expect(first.out()).toContain('Created staff account ops@example.com');
      expect(first.out()).toContain(', admin)');

      const again = io('Ops-Secret-12\n');
      expect(
        await runStaffCreate(['--email', 'OPS@example.com', '--password-stdin'], again.io),
      ).toBe(1);
      expect(again.err()).toContain('ops@example.com is already in use by an account');

      const database = await openDatabase({ dataDir: folder });
      try {
        const rows = await database.db.select().from(players);
        expect(rows.map((row) => [row.login, row.role, row.staffRoles])).toEqual([
          ['ops@example.com', 'staff', ['admin']],
        ]);
      } finally {
        await database.close();
      }
    },
  );

  it('gives the roles asked for (--role, repeated), and refuses a role that does not exist', async () => {
    const made = io('Risk-Secret-12\n');
    expect(
      await runStaffCreate(
        ['--email', 'risk@example.com', '--role', 'risk', '--role', 'support', '--password-stdin'],
        made.io,
      ),
    ).toBe(0);
    expect(made.out()).toMatch(/\(id \d+, risk, support\)/);
    const wrong = io('Risk-Secret-12\n');
    expect(
      await runStaffCreate(
        ['--email', 'x@example.com', '--role', 'boss', '--password-stdin'],
        wrong.io,
      ),
    ).toBe(2);
    expect(wrong.err()).toContain('"boss" is no staff role');
  });

  it('asks for --email and, without a terminal, for --password-stdin', async () => {
    const noEmail = io(null);
    expect(await runStaffCreate(['--password-stdin'], noEmail.io)).toBe(2);
    expect(noEmail.err()).toContain('--email is required');
    const noTerminal = io(null);
    expect(await runStaffCreate(['--email', 'x@example.com'], noTerminal.io)).toBe(2);
    expect(noTerminal.err()).toContain('pass --password-stdin');
    const weak = io('abc\n');
    expect(await runStaffCreate(['--email', 'x@example.com', '--password-stdin'], weak.io)).toBe(1);
    expect(weak.err()).toContain('at least 6 characters');
  });

  it('on a terminal, asks twice without echo and refuses two different passwords', async () => {
    const terminal = Object.assign(new PassThrough(), { isTTY: true, setRawMode: () => true });
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let out = '';
    let err = '';
    const answers = ['Ops-Secret-12\r', 'Ops-Secret-13\r'];
    stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      // Each question is answered as it is asked, as a person types.
      if (/: $/.test(chunk.toString())) setImmediate(() => terminal.write(answers.shift()!));
    });
    stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await runStaffCreate(['--email', 'tty@example.com'], {
      stdin: terminal,
      stdout,
      stderr,
      env: { DATA_DIR: folder },
    });
    expect(code).toBe(1);
    expect(out).toContain('Password for the staff account: ');
    expect(out).toContain('The same password again: ');
    expect(out).not.toContain('Ops-Secret');
    expect(err).toContain('The two passwords differ');
  });
});
