import type { Executor } from '../db/client.ts';
import { notify } from './notifications.ts';
import { lockAccount } from './points.ts';
import { applySignal, programs } from './programs.ts';

/**
 * What other domains tell loyalty (issue #27), each in the caller's transaction so it happens
 * with what it announces or not at all: a new player (sign-up/), a confirmed deposit (the
 * cashier, payments/), a completed profile and a confirmed contact (modules/account). Loyalty
 * reads none of their tables: what it needs comes in the call.
 */

/** A new player's welcome (trigger `register`), with their loyalty account. */
export async function welcomePlayer(tx: Executor, playerId: number): Promise<void> {
  await lockAccount(tx, playerId);
  await notify(tx, {
    playerId,
    trigger: 'register',
    type: 'other',
    key: `register:${playerId}`,
  });
}

/**
 * A deposit that reached the balance (called once per payment, in its transaction): programmes
 * counting deposits ("make a first deposit") move.
 */
export async function recordDeposit(
  tx: Executor,
  now: Date,
  deposit: { playerId: number; paymentId: number; currency: string },
): Promise<void> {
  const list = await programs(tx);
  if (list.length === 0) return;
  const account = await lockAccount(tx, deposit.playerId);
  await applySignal(
    tx,
    list,
    { playerId: deposit.playerId, currency: deposit.currency, level: account.level },
    { kind: 'deposit', at: now },
  );
}

/**
 * The player's profile became complete, or a contact of theirs was confirmed: notified once
 * (triggers `profile`, `confirm`), and programmes of that kind complete.
 */
export async function recordSignal(
  tx: Executor,
  now: Date,
  who: { playerId: number; currency: string },
  kind: 'profile' | 'confirm',
): Promise<void> {
  const account = await lockAccount(tx, who.playerId);
  await notify(tx, {
    playerId: who.playerId,
    trigger: kind,
    type: 'other',
    key: `${kind}:${who.playerId}`,
  });
  const list = await programs(tx);
  if (list.length === 0) return;
  await applySignal(tx, list, { ...who, level: account.level }, { kind, at: now });
}
