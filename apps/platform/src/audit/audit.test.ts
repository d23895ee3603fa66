import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/client.ts';
import { testDatabase } from '../testing/test-database.ts';
import { listAudit, recordAudit, type AuditEntry } from './index.ts';
import { auditLog } from './schema.ts';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

const RISK = { id: 3, login: 'risk@northstar.test', roles: ['risk'] };
const SUPPORT = { id: 4, login: 'support@northstar.test', roles: ['support'] };

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  actor: RISK,
  action: 'cashier/approveWithdrawal',
  kind: 'change',
  subject: { type: 'withdrawal', id: 41 },
  playerId: 7,
  before: { status: 'pending' },
  after: { status: 'approved' },
  reason: 'documents checked',
  ip: '203.0.113.9',
  at: new Date('2026-11-29T10:00:00Z'),
  ...overrides,
});

/** The error PostgreSQL (or PGlite) answered a statement with, or null. */
async function refusal(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await database.db.execute(statement);
    return null;
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return cause?.message ?? (error as Error).message;
  }
}

describe('the audit log', () => {
  it('keeps who, what, when, before and after, the reason and where from', async () => {
    const id = await recordAudit(database.db, entry());
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(sql`id = ${id}`);
    expect(row).toMatchObject({
      actorId: 3,
      actorLogin: 'risk@northstar.test',
      actorRoles: ['risk'],
      action: 'cashier/approveWithdrawal',
      kind: 'change',
      subjectType: 'withdrawal',
      subjectId: '41',
      playerId: 7,
      before: { status: 'pending' },
      after: { status: 'approved' },
      reason: 'documents checked',
      ip: '203.0.113.9',
    });
    expect(row!.at.toISOString()).toBe('2026-11-29T10:00:00.000Z');
  });

  it('is written with the change it records, or not at all', async () => {
    const before = (
      await listAudit(database.db, { action: 'test/rolledBack' }, { limit: 10, offset: 0 })
    ).total;
    await expect(
      database.db.transaction(async (tx) => {
        await recordAudit(tx, entry({ action: 'test/rolledBack' }));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const after = await listAudit(
      database.db,
      { action: 'test/rolledBack' },
      { limit: 10, offset: 0 },
    );
    expect(after.total).toBe(before);
  });

  it('refuses an update, a delete and a truncate at the database, whoever asks', async () => {
    const id = await recordAudit(database.db, entry({ reason: 'original' }));
    expect(await refusal(sql`update audit_log set reason = 'rewritten' where id = ${id}`)).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(sql`delete from audit_log where id = ${id}`)).toMatch(
      /append-only: DELETE refused/,
    );
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only: TRUNCATE refused/);
    const [row] = await database.db
      .select()
      .from(auditLog)
      .where(sql`id = ${id}`);
    expect(row?.reason).toBe('original');
  });

  it('refuses a kind other than read or change', async () => {
    await expect(recordAudit(database.db, entry({ kind: 'erase' as never }))).rejects.toThrow();
  });

  it('lists newest first, filtered by actor, player, action, kind and time, a page at a time', async () => {
    const at = (minute: number) => new Date(Date.UTC(2027, 0, 5, 9, minute));
    const marker = `test/list-${Date.now()}`;
    await recordAudit(database.db, entry({ action: marker, at: at(1), playerId: 70 }));
    await recordAudit(
      database.db,
      entry({
        action: marker,
        at: at(2),
        actor: SUPPORT,
        kind: 'read',
        playerId: 70,
        before: null,
        after: null,
      }),
    );
    await recordAudit(database.db, entry({ action: marker, at: at(3), playerId: 71 }));

    const all = await listAudit(database.db, { action: marker }, { limit: 10, offset: 0 });
    expect(all.total).toBe(3);
    expect(all.items.map((row) => row.at.getUTCMinutes())).toEqual([3, 2, 1]);

    const reads = await listAudit(
      database.db,
      { action: marker, kind: 'read' },
      { limit: 10, offset: 0 },
    );
    expect(reads.items.map((row) => row.actorLogin)).toEqual(['support@northstar.test']);

    const player = await listAudit(
      database.db,
      { action: marker, playerId: 70, actorId: 3 },
      { limit: 10, offset: 0 },
    );
    expect(player.items.map((row) => row.at.getUTCMinutes())).toEqual([1]);

    const window = await listAudit(
      database.db,
      { action: marker, from: at(2), to: at(3) },
      { limit: 10, offset: 0 },
    );
    expect(window.items.map((row) => row.at.getUTCMinutes())).toEqual([2]);

    const second = await listAudit(database.db, { action: marker }, { limit: 1, offset: 1 });
    expect(second).toMatchObject({ total: 3 });
    expect(second.items.map((row) => row.at.getUTCMinutes())).toEqual([2]);
  });
});
