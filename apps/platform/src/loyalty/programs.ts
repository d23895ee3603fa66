import { sql } from 'drizzle-orm';
import { rowsOf, type Executor } from '../db/client.ts';
import { grantTemplate, templateByCode } from '../bonuses/index.ts';
import { applyMovement, fromMinor } from '../wallet/index.ts';
import { notify } from './notifications.ts';
import { movePoints } from './points.ts';
import {
  advance,
  isOpen,
  periodOf,
  stepOf,
  type ProgramKind,
  type ProgramPeriod,
  type ProgramRule,
  type Signal,
} from './quests.ts';

/**
 * Programmes (quests, issue #27): "play 50 rounds of any slot this week", "make a first deposit".
 * Play counts through the play-event consumer (consumer.ts), deposits through `recordDeposit`
 * (the cashier calls it in the deposit's transaction), profile and contact confirmations through
 * `recordSignal`. A programme completes once per period, and its reward is paid in that same
 * transaction under the key `quest:<programme>:<player>:<period>` (points into the points
 * ledger, a bonus or free spins through bonuses/, cash through wallet/), so it is paid once.
 */

export interface ProgramRow extends ProgramRule {
  id: number;
  sysname: string;
  title: string;
  description: string;
  imageUrl: string | null;
  rewardType: 'points' | 'bonus' | 'freespins' | 'cash';
  rewardPoints: number | null;
  rewardTemplateCode: string | null;
  rewardAmountMinor: bigint | null;
  rewardCurrency: string | null;
  minLevel: number;
  sort: number;
}

type RawProgram = {
  id: number;
  sysname: string;
  title: string;
  description: string;
  image_url: string | null;
  kind: ProgramKind;
  category: string | null;
  target: string;
  period: ProgramPeriod;
  reward_type: ProgramRow['rewardType'];
  reward_points: number | null;
  reward_template_code: string | null;
  reward_amount_minor: string | null;
  reward_currency: string | null;
  min_level: number;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  is_active: boolean;
  sort: number;
};

function toProgram(r: RawProgram): ProgramRow {
  return {
    id: r.id,
    sysname: r.sysname,
    title: r.title,
    description: r.description,
    imageUrl: r.image_url,
    kind: r.kind,
    category: r.category,
    target: BigInt(r.target),
    period: r.period,
    rewardType: r.reward_type,
    rewardPoints: r.reward_points,
    rewardTemplateCode: r.reward_template_code,
    rewardAmountMinor: r.reward_amount_minor === null ? null : BigInt(r.reward_amount_minor),
    rewardCurrency: r.reward_currency,
    minLevel: r.min_level,
    startsAt: r.starts_at === null ? null : new Date(r.starts_at),
    endsAt: r.ends_at === null ? null : new Date(r.ends_at),
    isActive: r.is_active,
    sort: r.sort,
  };
}

/** Every programme (the active ones unless `all`), in the operator's order. */
export async function programs(db: Executor, options: { all?: boolean } = {}) {
  const rows = await rowsOf<RawProgram>(
    db,
    options.all
      ? sql`select * from loyalty_programs order by sort, id`
      : sql`select * from loyalty_programs where is_active order by sort, id`,
  );
  return rows.map(toProgram);
}

export async function programBySysname(db: Executor, sysname: string) {
  const [row] = await rowsOf<RawProgram>(
    db,
    sql`select * from loyalty_programs where sysname = ${sysname} and is_active`,
  );
  return row ? toProgram(row) : null;
}

export interface ProgressRow {
  programId: number;
  period: string;
  progress: bigint;
  completedAt: Date | null;
  rewardStatus: string | null;
}

/** A player's progress in the current period of each programme. */
export async function progressOf(
  db: Executor,
  playerId: number,
  list: readonly ProgramRow[],
  now: Date,
): Promise<Map<number, ProgressRow>> {
  const result = new Map<number, ProgressRow>();
  if (list.length === 0) return result;
  const rows = await rowsOf<{
    program_id: number;
    period: string;
    progress: string;
    completed_at: string | Date | null;
    reward_status: string | null;
  }>(
    db,
    sql`select program_id, period, progress::text, completed_at, reward_status
        from loyalty_program_progress
        where player_id = ${playerId} and program_id in ${list.map((p) => p.id)}`,
  );
  for (const program of list) {
    const period = periodOf(program.period, now);
    const row = rows.find((r) => r.program_id === program.id && r.period === period);
    result.set(program.id, {
      programId: program.id,
      period,
      progress: row ? BigInt(row.progress) : 0n,
      completedAt: row?.completed_at ? new Date(row.completed_at) : null,
      rewardStatus: row?.reward_status ?? null,
    });
  }
  return result;
}

export interface SignalContext {
  playerId: number;
  /** The player's currency (a reward's bonus template and cash are in it). */
  currency: string;
  /** The player's level (a programme above it does not count yet). */
  level: number;
}

/**
 * Applies one signal to every open programme it counts for, in `tx`. `key` names the signal (a
 * play event, a payment): the same signal applied twice in one period is the consumer's
 * exactly-once job (its batch transaction), and the reward's own key makes the payment once.
 */
export async function applySignal(
  tx: Executor,
  list: readonly ProgramRow[],
  who: SignalContext,
  signal: Signal,
): Promise<void> {
  for (const program of list) {
    if (!isOpen(program, signal.at) || who.level < program.minLevel) continue;
    const step = stepOf(program, signal);
    if (step === 0n) continue;
    const period = periodOf(program.period, signal.at);
    await tx.execute(sql`
      insert into loyalty_program_progress (program_id, player_id, period)
      values (${program.id}, ${who.playerId}, ${period}) on conflict do nothing`);
    const [row] = await rowsOf<{ id: number; progress: string; completed_at: unknown }>(
      tx,
      sql`select id, progress::text, completed_at from loyalty_program_progress
          where program_id = ${program.id} and player_id = ${who.playerId}
            and period = ${period} for update`,
    );
    const next = advance(BigInt(row!.progress), row!.completed_at !== null, step, program.target);
    if (!next.completes) {
      await tx.execute(sql`update loyalty_program_progress
        set progress = ${next.progress.toString()}::bigint where id = ${row!.id}`);
      continue;
    }
    const rewardStatus = await payReward(tx, program, who, period, signal.at);
    await tx.execute(sql`update loyalty_program_progress
      set progress = ${next.progress.toString()}::bigint,
          completed_at = ${signal.at.toISOString()}::timestamptz, reward_status = ${rewardStatus}
      where id = ${row!.id}`);
  }
}

/**
 * Pays a completed programme's reward. A bonus or free-spin reward whose template has no version
 * in the player's currency, or a cash reward in another currency, is not paid (`not_available`)
 * rather than converted: the operator defines a reward per currency it means to pay.
 */
async function payReward(
  tx: Executor,
  program: ProgramRow,
  who: SignalContext,
  period: string,
  at: Date,
): Promise<'paid' | 'not_available'> {
  const key = `quest:${program.id}:${who.playerId}:${period}`;
  let amount: string | null = null;
  switch (program.rewardType) {
    case 'points': {
      const points = program.rewardPoints ?? 0;
      if (points <= 0) return 'not_available';
      await movePoints(tx, {
        playerId: who.playerId,
        kind: 'reward',
        delta: points,
        key,
        meta: { program: program.id, period },
      });
      amount = String(points);
      break;
    }
    case 'bonus':
    case 'freespins': {
      const template = program.rewardTemplateCode
        ? await templateByCode(tx, program.rewardTemplateCode, who.currency)
        : null;
      if (!template) return 'not_available';
      // A savepoint: a grant the engine refuses must not take the consumer's batch down with it.
      const granted = await tx
        .transaction((inner) =>
          grantTemplate(inner, at, {
            playerId: who.playerId,
            currency: who.currency,
            templateId: template.id,
            grantKey: key,
          }),
        )
        .then(
          () => true,
          () => false,
        );
      if (!granted) return 'not_available';
      amount = rewardAmountOf(template);
      break;
    }
    case 'cash': {
      if (!program.rewardAmountMinor || program.rewardCurrency !== who.currency) {
        return 'not_available';
      }
      await applyMovement(tx, {
        playerId: who.playerId,
        kind: 'main',
        currency: who.currency,
        amountMinor: program.rewardAmountMinor,
        reason: 'loyalty_reward',
        idempotencyKey: key,
        meta: { program: program.id, period },
      });
      amount = fromMinor(program.rewardAmountMinor, 2);
      break;
    }
  }
  await notify(tx, {
    playerId: who.playerId,
    trigger: 'quest',
    type: 'credit',
    key,
    params: { program: program.title },
    amount,
    amountType: program.rewardType,
    image: program.imageUrl,
  });
  return 'paid';
}

/** What a bonus template grants, as a notification shows it: spins, or the fixed amount. */
export function rewardAmountOf(template: {
  kind: string;
  freespin_count: number | null;
  amount_minor: string | null;
}): string | null {
  if (template.kind === 'free_spins')
    return template.freespin_count === null ? null : String(template.freespin_count);
  return template.amount_minor === null ? null : fromMinor(BigInt(template.amount_minor), 2);
}
