/**
 * Programme (quest) arithmetic (issue #27), pure: the period a moment falls in and what one
 * signal does to a player's progress. programs.ts applies it in the database.
 */

export type ProgramKind = 'rounds' | 'stake' | 'deposits' | 'profile' | 'confirm';
export type ProgramPeriod = 'once' | 'week';

export interface ProgramRule {
  kind: ProgramKind;
  category: string | null;
  target: bigint;
  period: ProgramPeriod;
  startsAt: Date | null;
  endsAt: Date | null;
  isActive: boolean;
}

/** A thing that happened to a player, as programmes count it. */
export type Signal =
  | { kind: 'bet'; stakeMinor: bigint; categories: readonly string[]; at: Date }
  | { kind: 'rollback'; stakeMinor: bigint; categories: readonly string[]; at: Date }
  | { kind: 'deposit'; at: Date }
  | { kind: 'profile'; at: Date }
  | { kind: 'confirm'; at: Date };

/** `once`, or the ISO week's Monday (UTC) of `at`: a weekly programme starts again each Monday. */
export function periodOf(period: ProgramPeriod, at: Date): string {
  if (period === 'once') return 'once';
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  day.setUTCDate(day.getUTCDate() - sinceMonday);
  return day.toISOString().slice(0, 10);
}

/** Is the programme open at `at` (active, and inside its dates)? */
export function isOpen(rule: ProgramRule, at: Date): boolean {
  if (!rule.isActive) return false;
  if (rule.startsAt && at < rule.startsAt) return false;
  if (rule.endsAt && at >= rule.endsAt) return false;
  return true;
}

/**
 * How much a signal moves a programme's progress (0: it does not count). A bet counts once
 * (`rounds`) or by its stake (`stake`) when the game is in the programme's category (null: any
 * game); a cancelled bet (rollback) takes back what its bet gave, until the programme is complete
 * (a completed programme's reward is paid and stays).
 */
export function stepOf(rule: ProgramRule, signal: Signal): bigint {
  switch (signal.kind) {
    case 'bet':
    case 'rollback': {
      if (rule.kind !== 'rounds' && rule.kind !== 'stake') return 0n;
      if (rule.category !== null && !signal.categories.includes(rule.category)) return 0n;
      const size = rule.kind === 'rounds' ? 1n : signal.stakeMinor;
      return signal.kind === 'bet' ? size : -size;
    }
    case 'deposit':
      return rule.kind === 'deposits' ? 1n : 0n;
    case 'profile':
      return rule.kind === 'profile' ? 1n : 0n;
    case 'confirm':
      return rule.kind === 'confirm' ? 1n : 0n;
  }
}

/**
 * The next progress after a step, and whether this step completes the programme. Progress stays
 * within 0..target; a completed programme does not move any more.
 */
export function advance(
  progress: bigint,
  completed: boolean,
  step: bigint,
  target: bigint,
): { progress: bigint; completes: boolean } {
  if (completed || step === 0n) return { progress, completes: false };
  let next = progress + step;
  if (next < 0n) next = 0n;
  if (next >= target) return { progress: target, completes: true };
  return { progress: next, completes: false };
}
