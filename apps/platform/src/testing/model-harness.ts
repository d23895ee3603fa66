/**
 * What the fast-check model tests share (bonuses, free spins, cashback, promo codes): one database
 * and one app context on the test's own clock for the whole file, a typed refusal read as its
 * reason (what a model predicts), and a bare player to play with.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApiError } from '@northstar/errors';
import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { createPlayer } from '../identity/index.ts';
import { wireSignUp } from '../sign-up/index.ts';
import { applyMovement } from '../wallet/index.ts';
import { testDatabase } from './test-database.ts';
import { testConfig } from './test-server.ts';

export interface ModelBench {
  readonly database: DatabaseHandle;
  readonly app: AppContext;
}

/**
 * Opens the file's database before its tests (then runs `setup`: games, templates, settings) and
 * closes it after them. `clock` is read on every `app.now()`, so a test moves time by moving it.
 */
export function modelBench(
  name: string,
  clock: () => number,
  setup?: (bench: ModelBench) => Promise<void>,
): ModelBench {
  const folder = mkdtempSync(path.join(os.tmpdir(), `northstar-${name}-`));
  const bench = {} as { database: DatabaseHandle; app: AppContext };
  beforeAll(async () => {
    wireSignUp();
    bench.database = await testDatabase();
    bench.app = {
      database: bench.database,
      config: testConfig(folder),
      secret: Buffer.alloc(32),
      now: () => new Date(clock()),
    };
    await setup?.(bench);
  }, 120_000);
  afterAll(async () => {
    await bench.database?.close();
    rmSync(folder, { recursive: true, force: true });
  });
  return bench;
}

/**
 * The reason of a typed refusal: its `error_data.reason`, else the first field's code, else its
 * type (`fieldFirst`: the field's code before the reason, for methods that answer both).
 */
export function reasonOf(error: unknown, fieldFirst = false): string {
  if (!(error instanceof ApiError)) throw error;
  const body = error.toBody().error as {
    error_data?: { reason?: string };
    invalid_parameters?: Record<string, string[]>;
  };
  const reason = body.error_data?.reason;
  const field = Object.values(body.invalid_parameters ?? {})[0]?.[0];
  return (fieldFirst ? (field ?? reason) : (reason ?? field)) ?? error.type;
}

/** Null when `run` succeeds, else its refusal's reason; anything but a typed refusal is thrown. */
export async function refusal(run: () => Promise<unknown>): Promise<string | null> {
  try {
    await run();
    return null;
  } catch (error) {
    return reasonOf(error);
  }
}

/** A bare EUR player (no contacts) registered at `regTime`; its id. */
export async function modelPlayer(
  database: DatabaseHandle,
  login: string,
  regTime: Date,
): Promise<number> {
  const created = await createPlayer(
    database.db,
    { login, passwordHash: 'x', currency: 'EUR', locale: 'en-US', regTime },
    [],
  );
  return created.id;
}

/**
 * `count` bare EUR players (`<prefix>-<n>`), each with `amountMinor` on their main balance through
 * the wallet (a test deposit, once per player): the sportsbook models' two bettors.
 */
export async function fundedModelPlayers(
  database: DatabaseHandle,
  prefix: string,
  count: number,
  amountMinor: bigint,
): Promise<number[]> {
  const players: number[] = [];
  for (let n = 0; n < count; n += 1) {
    const id = await modelPlayer(database, `${prefix}-${n}`, new Date());
    await applyMovement(database.db, {
      playerId: id,
      kind: 'main',
      currency: 'EUR',
      amountMinor,
      reason: 'test_deposit',
      idempotencyKey: `${prefix}-deposit-${id}`,
    });
    players.push(id);
  }
  return players;
}
